// An application's checklist (institution.json "checklist"): each item the current definitions
// list for its answers, received once its upload is converted or the office has marked it so.
// The office's marks are rows of checklist_marks (migration 020), by the item's id. The current
// checklist, not the one it was submitted on: an item staff add mid-cycle is needed from everyone.
import { createHash } from "node:crypto";
import type { ChecklistState } from "../../api-contract";
import { checklistFor, type Answers, type CompiledForm } from "../../engine/runtime";
import type { Database, Queryable } from "../db/database";
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

/** An item's state: received once marked or its file is converted, processing while that converts, else needed (the list's filters read its SQL twin, checklist_states in migration 024). */
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

// --- The office list's checklist filters (data/office-list.ts) --------------------------------
//
// Which items an application's checklist lists is its items' conditions over its answers, which
// only the engine evaluates (JSON Logic in JavaScript: no translation to SQL to keep in step). So
// they are stored, a row of application_checklists (migration 024) for each submitted application:
// listed at the submit, after which the answers never change, with the hash of the checklist that
// listed them; a server starting on a checklist that lists otherwise lists them all again
// (listChecklists). The database keeps each listed item's state in the same row, worked out as
// itemState does (its SQL twin, checklist_states, is in the migration) by triggers on the marks and
// the uploads, whatever writes them. An application in progress has no row: the checklist filters
// find submitted applications only.

/** The ids the current checklist lists for these answers, each with its upload's answer key (or null), and the checklist's hash. */
export interface ChecklistListing { items: Record<string, string | null>; hash: string }

/** What decides a listing and its states: each item's id, upload and condition (a new label lists nothing anew). */
const checklistHash = (form: CompiledForm) => createHash("sha256")
  .update(JSON.stringify(form.checklist.map(({ id, document, condition }) => [id, document ?? null, condition?.logic ?? null])))
  .digest("hex");

export const checklistListing = (form: CompiledForm, answers: Answers): ChecklistListing => ({
  items: Object.fromEntries(checklistFor(form, answers).map((item) => [item.id, item.document ?? null])),
  hash: checklistHash(form),
});

/**
 * Lists again the submitted applications a checklist other than `form`'s listed (or none did:
 * those submitted before migration 024); answers how many. The conditions read a few answers,
 * whose values few applications tell apart, so each distinct set of them is evaluated once.
 */
export async function listChecklists(db: Database, form: CompiledForm): Promise<number> {
  const hash = checklistHash(form);
  const keysRead = [...new Set(form.checklist.flatMap((item) => item.condition?.keysRead ?? []))];
  return db.transaction(async (tx) => {
    // Server processes starting together take turns: the second finds nothing left to list.
    await tx.query("SELECT pg_advisory_xact_lock(727003)");
    const groups = await tx.query<{ answers: Answers; ids: number[] }>(
      `SELECT read AS answers, array_agg(user_id) AS ids FROM (
         SELECT a.user_id, (SELECT coalesce(jsonb_object_agg(key, value), '{}') FROM jsonb_each(a.answers) WHERE key = ANY($2::text[])) AS read
         FROM applications a LEFT JOIN application_checklists c ON c.application_id = a.user_id
         WHERE a.submitted_at IS NOT NULL AND c.hash IS DISTINCT FROM $1) stale
       GROUP BY read`,
      [hash, keysRead]);
    const idsByItems = new Map<string, number[]>();
    for (const { answers, ids } of groups) {
      const items = JSON.stringify(checklistListing(form, answers).items);
      idsByItems.set(items, [...(idsByItems.get(items) ?? []), ...ids]);
    }
    for (const [items, ids] of idsByItems) {
      await tx.query(
        `INSERT INTO application_checklists (application_id, items, hash, states)
         SELECT user_id, $2::jsonb, $3, checklist_states(user_id, $2::jsonb) FROM unnest($1::int[]) AS user_id
         ON CONFLICT (application_id) DO UPDATE SET items = excluded.items, hash = excluded.hash, states = checklist_states(excluded.application_id, excluded.items)`,
        [ids, items, hash]);
    }
    return groups.reduce((count, group) => count + group.ids.length, 0);
  });
}

/**
 * Works the states of a submitted application's items out again. After the submit: a conversion
 * that finished while the submit was being written found no row for its trigger to update.
 */
export async function refreshChecklistStates(db: Queryable, applicationId: number): Promise<void> {
  await db.query("UPDATE application_checklists SET states = checklist_states(application_id, items) WHERE application_id = $1", [applicationId]);
}

/** The list's checklist parameters (api-contract/staff.ts applicationFilter). */
export interface ChecklistFilter { checklist?: string; checklist_state?: ChecklistState; outstanding?: boolean }

/**
 * The WHERE conditions of the checklist filters over `applications a`; `add` answers a
 * parameter's placeholder. Outstanding is any listed item not received yet (needed, or its file
 * still being processed).
 */
export function checklistConditions(filter: ChecklistFilter, add: (value: unknown) => string): string[] {
  const listed = (condition: string) => `a.user_id IN (SELECT application_id FROM application_checklists WHERE ${condition})`;
  const where: string[] = [];
  if (filter.checklist !== undefined) {
    where.push(filter.checklist_state === undefined
      ? listed(`states ? ${add(filter.checklist)}`)
      : listed(`states @> ${add(JSON.stringify({ [filter.checklist]: filter.checklist_state }))}::jsonb`));
  }
  if (filter.outstanding !== undefined) where.push(listed(`outstanding = ${add(filter.outstanding)}`));
  return where;
}
