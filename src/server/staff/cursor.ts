// The list's `next`: where the page ended (the last row's sort value and id) and in which order,
// as base64url JSON. It comes back from the browser, so it is read as untrusted: anything but a
// cursor of this order is refused with a message, never passed to the database.
import { isSortValue, type Order, type Position } from "../data/office-list";
import { refuse } from "../../api-contract";
import { isRowId } from "../../api-contract/schema";

export function writeCursor(order: Order, position: Position): string {
  return Buffer.from(JSON.stringify([order, position.value, position.id])).toString("base64url");
}

/** The position `cursor` names in `order`; a 400 with a message when it is not one of ours for this order. */
export function readCursor(cursor: string, order: Order): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw refuse(400, "badCursor");
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw refuse(400, "badCursor");
  const [named, value, id] = parsed as unknown[];
  if (named !== order) throw refuse(400, "cursorOfAnotherOrder");
  if (!isSortValue(order, value) || !isRowId(id)) throw refuse(400, "badCursor");
  return { value, id };
}
