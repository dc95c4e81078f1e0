// After the submit: the applicant's status page (GET /api/status), the office's checklist (the
// items institution.json's "checklist" lists for an application, each received or not), and the
// office's requests for information with the applicant's replies.
import { releasedDecision } from "./decisions";
import { body, dateTime, nullable, rowId } from "./schema";

/**
 * Where an application stands, as its applicant reads it: still being written, submitted and
 * waiting (review status "received", as a submit sets it), taken up by the office (any other), or
 * waiting for the applicant's reply to a request for information, or decided (its decision released).
 */
const APPLICATION_STATES = ["in_progress", "submitted", "under_review", "information_requested", "decision_available"] as const;

/** received: the upload is converted, or the office marked it; processing: the upload is converting; needed: neither yet. */
export const CHECKLIST_STATES = ["received", "processing", "needed"] as const;
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

/** open: waiting for the applicant's reply; replied; withdrawn by the office before a reply. Only an open request takes a reply. */
const REQUEST_STATES = ["open", "replied", "withdrawn"] as const;
/** The longest message or reply, in characters. */
export const REQUEST_TEXT_MAX = 5000;
const requestText = { type: "string", maxLength: REQUEST_TEXT_MAX } as const;

/** A request for information, as its applicant reads it. */
const informationRequest = body({
  id: rowId,
  message: { type: "string" },
  /** The checklist item it asks for, if any (its id). */
  item: nullable({ type: "string" }),
  asked_at: dateTime,
  state: { enum: REQUEST_STATES },
  reply: nullable({ type: "string" }),
  replied_at: nullable(dateTime),
}, ["id", "message", "item", "asked_at", "state", "reply", "replied_at"]);

/** As the office reads it: who asked, and who withdrew it. */
export const officeInformationRequest = body({
  ...informationRequest.properties,
  asked_by: { type: "string" },
  withdrawn_at: nullable(dateTime),
}, [...informationRequest.required, "asked_by", "withdrawn_at"]);

export const applicationStatus = body({
  state: { enum: APPLICATION_STATES },
  reference: nullable({ type: "string" }),
  submitted_at: nullable(dateTime),
  checklist: { type: "array", items: checklistLine },
  /** The office's requests, oldest first. */
  requests: { type: "array", items: informationRequest },
  /** The decision, once released; null before. */
  decision: { ...releasedDecision, type: ["object", "null"] },
}, ["state", "reference", "submitted_at", "checklist", "requests", "decision"]);

/** POST /api/requests/{id}/reply: the applicant's words; empty only when the file the request asks for has been sent. */
export const requestParams = body({ id: rowId }, ["id"]);
export const replyBody = body({ message: requestText }, ["message"]);

/** POST /staff/api/applications/{id}/requests (reviewers): ask the applicant, about a checklist item or not. */
export const askBody = body({
  message: requestText,
  item: nullable({ type: "string", maxLength: 100, pattern: "^[a-z][a-z0-9_]*$" }),
}, ["message", "item"]);
/** POST /staff/api/applications/{id}/requests/{request}/withdraw (reviewers). */
export const officeRequestParams = body({ id: rowId, request: rowId }, ["id", "request"]);

/** A checklist item's id (institution.json "checklist"), as an address or a query names it. */
export const checklistItemId = { type: "string", maxLength: 100, pattern: "^[a-z][a-z0-9_]*$" } as const;

/** PUT /staff/api/applications/{id}/checklist/{item}: the office marks an item received, or not. */
export const checklistItemParams = body({ id: rowId, item: checklistItemId }, ["id", "item"]);
export const checklistMarkBody = body({ received: { type: "boolean" } }, ["received"]);
