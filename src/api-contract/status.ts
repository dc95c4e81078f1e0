// After the submit: the applicant's status page (GET /api/status) and the office's checklist
// (the items institution.json's "checklist" lists for an application, each received or not).
import { body, dateTime, nullable, rowId } from "./schema";

/**
 * Where an application stands, as its applicant reads it: still being written, submitted and
 * waiting (review status "received", as a submit sets it), or taken up by the office (any other).
 */
const APPLICATION_STATES = ["in_progress", "submitted", "under_review"] as const;

/** received: the upload is converted, or the office marked it; processing: the upload is converting; needed: neither yet. */
const CHECKLIST_STATES = ["received", "processing", "needed"] as const;
export type ChecklistState = (typeof CHECKLIST_STATES)[number];

export const checklistLine = body({
  id: { type: "string" },
  label: { type: "string" },
  /** How to send it, shown while it is needed. */
  help: nullable({ type: "string" }),
  state: { enum: CHECKLIST_STATES },
  /** Received by the applicant's upload (a file question's key) rather than marked by the office. */
  document: nullable({ type: "string" }),
  /** When the office marked it received; null when not marked (an upload's item is received without a mark). */
  marked_at: nullable(dateTime),
}, ["id", "label", "help", "state", "document", "marked_at"]);

export const applicationStatus = body({
  state: { enum: APPLICATION_STATES },
  reference: nullable({ type: "string" }),
  submitted_at: nullable(dateTime),
  checklist: { type: "array", items: checklistLine },
}, ["state", "reference", "submitted_at", "checklist"]);

/** PUT /staff/api/applications/{id}/checklist/{item}: the office marks an item received, or not. */
export const checklistItemParams = body({
  id: rowId,
  item: { type: "string", maxLength: 100, pattern: "^[a-z][a-z0-9_]*$" },
}, ["id", "item"]);
export const checklistMarkBody = body({ received: { type: "boolean" } }, ["received"]);
