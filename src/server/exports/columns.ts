// The columns of the office's exports, from the definitions (never from whichever answers the rows
// happen to hold): the application's facts first, then the current checklist's items (each
// received, processing, needed, or empty where its condition leaves it out), then every answer key of the data model in
// page and question order, repeated blocks flattened as their keys already are
// (sibling_first_name, sibling_2_first_name, …), each select's and radio's `{key}_desc` right
// after it; then the keys only earlier definition versions asked. A `_desc` cell is the chosen
// option's label as the row's version gives it (as the service view and the PDF copy print a
// choice), else the label stored with the answer. Pure: no database, no streams.
import { choiceLabel, type AnswerKey, type Answers, type AnswerValue, type CompiledForm, type ViewItem } from "../../engine/runtime";
import { itemState } from "../data/checklist";
import type { ExportRow } from "../data/export-rows";

interface Column {
  key: string;
  /** The question's label (or what the column holds), for the labels file. */
  label: string;
  /** The title of the page that asks it; "" for the application's facts. */
  page: string;
}

/** What every row starts with, before the answers. */
const FACTS: Column[] = [
  { key: "reference", label: "Reference", page: "" },
  { key: "email", label: "E-mail address of the account", page: "" },
  { key: "status", label: "Status (started or submitted)", page: "" },
  { key: "submitted_at", label: "Submitted at (UTC, ISO 8601)", page: "" },
  { key: "review_status", label: "Review status", page: "" },
  { key: "request_state", label: "Request for information: open (waiting for the applicant) or replied (since the review status was last set)", page: "" },
  { key: "decision", label: "Decision (its code in decisions.json), released or not", page: "" },
  { key: "decision_release_at", label: "When the decision is or was released to the applicant (UTC, ISO 8601); empty until set", page: "" },
  { key: "decision_response", label: "The applicant's answer to the offer: accepted or declined", page: "" },
];

/** A moment as JSON from the database gives it, in the export's form (UTC, ISO 8601). */
const instant = (text: string | null | undefined) => (text ? new Date(text).toISOString() : null);

/** A checklist item's column. */
const CHECKLIST_PREFIX = "checklist_";

export interface ExportTable {
  columns: Column[];
  /** The current checklist's items, a column each after the facts. */
  checklist: CompiledForm["checklist"];
  /** The answer keys, in column order, each `_desc` with the key of the choice it labels. */
  answers: AnswerColumn[];
}

interface AnswerColumn { key: AnswerKey; choice?: AnswerKey }

/** Said after the label of a column whose question an earlier version asked and the current one does not. */
const RETIRED = " (no longer asked)";

/**
 * The export's columns: the facts, then the current form's answers, then those only earlier
 * versions asked (`earlier`, newest first: applications submitted on them hold answers to them),
 * then the other keys of answers kept aside (`retiredKeys`), each key once.
 */
export function exportTable(form: CompiledForm, earlier: CompiledForm[] = [], retiredKeys: AnswerKey[] = []): ExportTable {
  const answerColumns: Column[] = [];
  const answers: AnswerColumn[] = [];
  const seen = new Set<AnswerKey>();
  for (const [i, version] of [form, ...earlier].entries()) {
    const choiceOf = new Map([...version.companions].map(([key, desc]) => [desc, key]));
    const titles = new Map(version.pages.map((page) => [page.page, page.title]));
    for (const [key, owner] of version.owners) {
      if (seen.has(key)) continue;
      seen.add(key);
      answerColumns.push({ key, label: labelOf(key, owner.item, choiceOf) + (i === 0 ? "" : RETIRED), page: titles.get(owner.page) ?? owner.page });
      answers.push({ key, choice: choiceOf.get(key) });
    }
  }
  // Kept aside when an application in progress moved to a version that no longer asks them.
  for (const key of retiredKeys) {
    if (seen.has(key)) continue;
    seen.add(key);
    answerColumns.push({ key, label: key + RETIRED, page: "" });
    answers.push({ key });
  }
  const checklistColumns = form.checklist.map((item) => ({ key: `${CHECKLIST_PREFIX}${item.id}`, label: `Checklist: ${item.label}`, page: "" }));
  const ownColumns = [...FACTS, ...checklistColumns];
  const clash = answerColumns.find((column) => ownColumns.some((own) => own.key === column.key));
  if (clash) throw new Error(`the answer key "${clash.key}" is also a column of the export's own; rename one`);
  return { columns: [...ownColumns, ...answerColumns], checklist: form.checklist, answers };
}

/** A column's label: the question's, a checkbox group's option after it, a choice's label or a lookup's field marked. */
function labelOf(key: AnswerKey, view: ViewItem, choiceOf: Map<AnswerKey, AnswerKey>): string {
  const item = view.item as { label?: string; options?: { label: string }[] };
  const label = item.label ?? key;
  if (choiceOf.has(key)) return `${label} (label of the choice)`;
  if (view.item.type === "checkboxes" && item.options) {
    const option = item.options[view.keys.indexOf(key)];
    if (option) return `${label}: ${option.label}`;
  }
  const field = Object.entries(view.fills ?? {}).find(([, filled]) => filled === key)?.[0];
  return field ? `${label} (${field})` : label;
}

/** An answer as the export writes it: as stored, but a choice's label from the definitions (of the row's version). */
function answerOf(form: CompiledForm, answers: Answers, { key, choice }: AnswerColumn): AnswerValue | undefined {
  if (choice === undefined) return answers[key];
  const value = answers[choice];
  if (value === undefined || value === "") return "";
  return choiceLabel(form, choice, String(value), answers) ?? answers[key];
}

/** A row's answers, with those kept aside when it moved to a newer version (never both for one key). */
const answersOf = (row: ExportRow): Answers => ({ ...(JSON.parse(row.retired) as Answers), ...(JSON.parse(row.answers) as Answers) });

const text = (value: AnswerValue | undefined | null): string => (value === undefined || value === null ? "" : String(value));

/** Each checklist item's state for this row, or null where its condition leaves it out of the row's checklist. */
function checklistOf(table: ExportTable, row: ExportRow, answers: Answers): [string, string | null][] {
  const marks = new Set(row.marks);
  return table.checklist.map((item) => [
    item.id, item.condition && !item.condition.test(answers) ? null : itemState(item, (key) => row.documents[key], marks.has(item.id)),
  ]);
}

/** One CSV record: the facts, the checklist's items, then one cell per answer key ("" when unanswered or not listed). */
export function csvRecord(form: CompiledForm, table: ExportTable, row: ExportRow): string[] {
  const answers = answersOf(row);
  const record = [
    row.reference ?? "", row.email, row.submitted_at ? "submitted" : "started", row.submitted_at?.toISOString() ?? "", row.review_status ?? "", row.request_state ?? "",
    row.decision?.code ?? "", instant(row.decision?.release_at) ?? "", row.decision?.response ?? "",
    ...checklistOf(table, row, answers).map(([, state]) => state ?? ""),
  ];
  for (const column of table.answers) record.push(text(answerOf(form, answers, column)));
  return record;
}

/** One JSON Lines object: the facts, the checklist items listed for it by id, and the answered keys in column order, values as stored, `_desc` beside each answered choice. */
export function jsonRecord(form: CompiledForm, table: ExportTable, row: ExportRow): Record<string, unknown> {
  const stored = answersOf(row);
  const checklist = Object.fromEntries(checklistOf(table, row, stored).filter(([, state]) => state !== null));
  const answers: Record<string, AnswerValue> = {};
  for (const column of table.answers) {
    const value = answerOf(form, stored, column);
    if (value !== undefined && value !== "") answers[column.key] = value;
  }
  return {
    reference: row.reference, email: row.email, status: row.submitted_at ? "submitted" : "started",
    submitted_at: row.submitted_at?.toISOString() ?? null, review_status: row.review_status, request_state: row.request_state,
    decision: row.decision && { code: row.decision.code, release_at: instant(row.decision.release_at), response: row.decision.response }, checklist, answers,
  };
}
