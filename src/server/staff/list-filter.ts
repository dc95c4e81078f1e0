// The list's filter as the office's routes take it (the list and its neighbours, the exports and
// export jobs, the release of decisions): checked against the definitions it names, and given what
// its SQL needs besides (data/office-list.ts). Who asks matters: a reader learns a decision at its
// release, as its applicant does, so to a reader the filter and the rows treat a decision not
// released yet as none, as the application's page does.
import { NOT_ANSWERED, refuse, type StaffRole } from "../../api-contract";
import type { ServerContext } from "../context";
import type { ApplicationFilter, FilterFacts, ListQuery } from "../data/office-list";
import { isAtLeast } from "./access";

/** What the filter of a staff member with `role` needs besides its query, now. */
export const filterFacts = (ctx: ServerContext, role: StaffRole): FilterFacts => ({
  timeZone: ctx.sender.timeZone,
  now: ctx.now(),
  seesUnreleased: isAtLeast(role, "reviewer"),
});

/** `code` when decisions.json has it; else 400 (decisionUnknown). */
export function knownDecision(ctx: ServerContext, code: string): string {
  if (!ctx.form.form.decisions.some((decision) => decision.code === code)) throw refuse(400, "decisionUnknown", code);
  return code;
}

/** The query as the SQL takes it; refuses a decision or a checklist item the definitions do not have, and a state without its item (400). */
export function listFilter(ctx: ServerContext, query: ListQuery, role: StaffRole): ApplicationFilter {
  const { checklist } = ctx.form.form;
  if (query.decision !== undefined && query.decision !== NOT_ANSWERED) knownDecision(ctx, query.decision);
  if (query.checklist !== undefined && !checklist.some((item) => item.id === query.checklist)) throw refuse(400, "checklistItemUnknown", query.checklist);
  if (query.checklist_state !== undefined && query.checklist === undefined) throw refuse(400, "checklistStateNeedsItem");
  return { ...query, ...filterFacts(ctx, role) };
}
