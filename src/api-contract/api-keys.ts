// The integration API (a student information system reads submitted applications with a key) and
// its keys, which admins manage under /staff/api/api-keys. A key is sent as
// `Authorization: Bearer wuk_…`; it opens only the two GET routes below, nothing of the staff's.
import { decisionCode } from "./decisions";
import { REQUEST_FILTERS, REVIEW_STATUSES } from "./staff";
import { body, dateTime, nullable, rowId } from "./schema";
import { checklistLine } from "./status";

/** Lower-case letters, digits, `-` and `_`, as a system's short name ("sis", "slate-prod"). */
export const API_KEY_NAME_PATTERN = "^[a-z0-9][a-z0-9_-]{0,39}$";

// --- Keys (admins) -----------------------------------------------------------------------------

export const apiKey = body({
  id: { type: "integer" },
  name: { type: "string" },
  /** The admin's e-mail, or "operator" (npm run staff). */
  created_by: { type: "string" },
  /** The admin answerable for the key now (its maker, or the admin it was handed to), or "operator". */
  held_by: { type: "string" },
  created_at: dateTime,
  last_used_at: { type: ["string", "null"], format: "date-time" },
  revoked_at: { type: ["string", "null"], format: "date-time" },
}, ["id", "name", "created_by", "held_by", "created_at", "last_used_at", "revoked_at"]);

export const apiKeyList = body({ keys: { type: "array", items: apiKey } }, ["keys"]);

/** POST /staff/api/api-keys: answers the key, this once (201). */
export const createApiKeyBody = body({ name: { type: "string", maxLength: 40 } }, ["name"]);
export const createdApiKey = body({ ...apiKey.properties, key: { type: "string", description: "Shown once: only its HMAC is kept" } }, [...apiKey.required, "key"]);

/** POST /staff/api/api-keys/{id}/revoke: answers the key, revoked. */
export const apiKeyIdParams = body({ id: rowId }, ["id"]);

// --- The integration API -----------------------------------------------------------------------

export const integrationListQuery = body({
  submitted_since: {
    type: "string", maxLength: 40,
    description: "Applications submitted at or after this time: an ISO 8601 date-time with its offset, or a day (from its start in the office's time zone)",
  },
  cursor: { type: "string", maxLength: 200, description: "The `next_cursor` of the page before" },
  decision: { ...decisionCode, description: "Only applications whose released decision has this code (admit); a decision not released yet is as none" },
  released: { type: "boolean", description: "true: only applications with a released decision; false: only those without one" },
}, []);

export const referenceParams = body({ reference: { type: "string", maxLength: 40, description: "The reference given at submit (WU-FA26-004821)" } }, ["reference"]);

const integrationAnswer = body({
  value: { description: "As stored: text, number, boolean" },
  label: { type: ["string", "null"], description: "The question's label; null for a key no question asks" },
  option_label: { type: "string", description: "A select's or radio's: the chosen option's label" },
  has_bidi_controls: {
    type: "boolean", description: "Present (true) when the text holds Unicode bidirectional controls: it may display in another order than it is stored",
  },
}, ["value", "label"]);

const integrationDocument = body({
  answer_key: { type: "string" },
  file_name: { type: "string" },
  status: { type: "string", description: "The conversion to PDF: UNPROCESSED, IN_PROGRESS, COMPLETED or FAILED" },
  url: { type: "string", description: "The file as uploaded; the link is valid 5 minutes" },
  pdf_url: { type: ["string", "null"], description: "The converted PDF (COMPLETED), valid 5 minutes; null before" },
}, ["answer_key", "file_name", "status", "url", "pdf_url"]);

export const integrationApplication = body({
  reference: { type: "string" },
  email: { type: "string" },
  submitted_at: dateTime,
  review_status: { enum: REVIEW_STATUSES },
  decision: {
    type: ["object", "null"],
    description: "The decision once released (form-definitions/decisions.json's code), with the applicant's answer to an offer; null before its release",
    properties: { code: { type: "string" }, released_at: dateTime, response: { type: ["string", "null"], enum: ["accepted", "declined", null] }, responded_at: nullable(dateTime) },
    required: ["code", "released_at", "response", "responded_at"],
    additionalProperties: false,
  },
  request_state: { type: ["string", "null"], enum: [...REQUEST_FILTERS, null], description: "open: the office asked the applicant for information, waiting for the reply; replied: replied since the review status was last set; null: neither" },
  answers: { type: "object", additionalProperties: integrationAnswer, description: "By answer key; unanswered keys are left out" },
  documents: { type: "array", items: integrationDocument },
  checklist: { type: "array", items: checklistLine, description: "What the office needs from the applicant (institution.json's checklist), each item received, being processed or still needed" },
}, ["reference", "email", "submitted_at", "review_status", "request_state", "decision", "answers", "documents", "checklist"]);

export const integrationPage = body({
  applications: { type: "array", items: integrationApplication, maxItems: 100 },
  next_cursor: { type: ["string", "null"], description: "Pass as `cursor` for the next page; null on the last" },
}, ["applications", "next_cursor"]);
