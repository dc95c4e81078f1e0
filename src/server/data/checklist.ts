// An application's checklist (institution.json "checklist"): each item the current definitions
// list for its answers, received once its upload is converted or the office has marked it so.
// The office's marks are rows of checklist_marks (migration 020), by the item's id. The current
// checklist, not the one it was submitted on: an item staff add mid-cycle is needed from everyone.
import type { ChecklistState } from "../../api-contract";
import { checklistFor, type Answers, type CompiledForm } from "../../engine/runtime";
import type { Queryable } from "../db/database";
import { documentsOf, type DocumentRow } from "./documents";

export interface ChecklistLine {
  id: string;
  label: string;
  help: string | null;
  state: ChecklistState;
  document: string | null;
  marked_at: Date | null;
}

/** The office's marks of these applications, by application id, then by item: one query for a page. */
export async function checklistMarksOf(db: Queryable, ids: number[]): Promise<Map<number, Map<string, Date>>> {
  const byApplication = new Map<number, Map<string, Date>>(ids.map((id) => [id, new Map()]));
  if (ids.length === 0) return byApplication;
  const rows = await db.query<{ id: number; item: string; marked_at: Date }>(
    "SELECT application_id AS id, item, marked_at FROM checklist_marks WHERE application_id = ANY(string_to_array($1, ',')::integer[])", [ids.join(",")]);
  for (const { id, item, marked_at } of rows) byApplication.get(id)?.set(item, marked_at);
  return byApplication;
}

/** An item's state: received once marked or its file is converted, processing while that converts, else needed. */
export function itemState(item: CompiledForm["checklist"][number], conversion: (key: string) => string | undefined, isMarked: boolean): ChecklistState {
  const status = item.document === undefined ? undefined : conversion(item.document);
  return isMarked || status === "COMPLETED" ? "received" : status === "UNPROCESSED" || status === "IN_PROGRESS" ? "processing" : "needed";
}

/** The checklist of one application, from its answers, its documents and the office's marks. */
export function checklistLines(form: CompiledForm, answers: Answers, documents: DocumentRow[], marks: Map<string, Date>): ChecklistLine[] {
  const conversion = new Map(documents.map((d) => [d.answerKey, d.status]));
  return checklistFor(form, answers).map((item) => {
    const marked = marks.get(item.id) ?? null;
    const state = itemState(item, (key) => conversion.get(key), marked !== null);
    return { id: item.id, label: item.label, help: item.help ?? null, state, document: item.document ?? null, marked_at: marked };
  });
}

/** A line as the routes answer it: its time as text. */
export const checklistReply = (line: ChecklistLine) => ({ ...line, marked_at: line.marked_at?.toISOString() ?? null });

export async function checklistOf(db: Queryable, form: CompiledForm, id: number, answers: Answers): Promise<ChecklistLine[]> {
  const [documents, marks] = await Promise.all([documentsOf(db, id), checklistMarksOf(db, [id])]);
  return checklistLines(form, answers, documents, marks.get(id)!);
}

/** Marks an item received, or takes the mark away; answers whether that changed anything. */
export async function markChecklistItem(
  db: Queryable, { applicationId, item, received, staffId, now }: { applicationId: number; item: string; received: boolean; staffId: number; now: Date },
): Promise<boolean> {
  const changed = received
    ? await db.query("INSERT INTO checklist_marks (application_id, item, marked_by, marked_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1", [applicationId, item, staffId, now])
    : await db.query("DELETE FROM checklist_marks WHERE application_id = $1 AND item = $2 RETURNING 1", [applicationId, item]);
  return changed.length > 0;
}
