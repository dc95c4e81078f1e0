// An application's checklist (institution.json "checklist"): each item the current definitions
// list for its answers, received once its upload is converted or the office has marked it so.
// The office's marks are rows of checklist_marks (migration 020), by the item's id. The current
// checklist, not the one it was submitted on: an item staff add mid-cycle is needed from everyone.
import type { ChecklistState } from "../../api-contract";
import { checklistFor, type Answers, type CompiledForm } from "../../engine/runtime";
import type { Queryable } from "../db/database";
import { documentsOf } from "./documents";

export interface ChecklistLine {
  id: string;
  label: string;
  help: string | null;
  state: ChecklistState;
  document: string | null;
  marked_at: Date | null;
}

export async function checklistOf(db: Queryable, form: CompiledForm, id: number, answers: Answers): Promise<ChecklistLine[]> {
  const [documents, marks] = await Promise.all([
    documentsOf(db, id),
    db.query<{ item: string; marked_at: Date }>("SELECT item, marked_at FROM checklist_marks WHERE application_id = $1", [id]),
  ]);
  const conversion = new Map(documents.map((d) => [d.answerKey, d.status]));
  const markedAt = new Map(marks.map((m) => [m.item, m.marked_at]));
  return checklistFor(form, answers).map((item) => {
    const marked = markedAt.get(item.id) ?? null;
    const status = item.document === undefined ? undefined : conversion.get(item.document);
    const state = marked || status === "COMPLETED" ? "received" : status === "UNPROCESSED" || status === "IN_PROGRESS" ? "processing" : "needed";
    return { id: item.id, label: item.label, help: item.help ?? null, state, document: item.document ?? null, marked_at: marked };
  });
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
