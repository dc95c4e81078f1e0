// The admissions office (/staff/api): staff accounts, the application list, one application with
// its review, and the audit log. Pages are under /staff; every JSON route is under /staff/api and
// answers a refusal with { message } (reply.ts). Roles add up: a reviewer can do what a reader
// can, an admin what a reviewer can.
import { anything, body, dateTime, day, nullable, password, rowId, versionHash } from "./schema";
import { DECISION_RESPONSES, decisionCode, officeDecision } from "./decisions";
import { CHECKLIST_STATES, checklistItemId, checklistLine, officeInformationRequest } from "./status";

export const STAFF_ROLES = ["reader", "reviewer", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const REVIEW_STATUSES = ["received", "in review", "needs information", "complete"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const APPLICATION_STATUSES = ["started", "submitted"] as const;

/** Where the office's requests for information stand on an application (applications.request_state). */
export const REQUEST_FILTERS = ["open", "replied"] as const;

/** The list's sort orders; `-` first is descending. */
export const LIST_SORTS = ["-last_activity", "last_activity", "-submitted_at", "submitted_at", "name", "-name", "reference", "-reference"] as const;

/** What the audit log records. */
export const AUDIT_ACTIONS = [
  "login", "login failed", "logout", "view list", "view application", "download document", "download pdf copy", "review status", "note",
  "invite staff", "change staff", "staff enrolled",
  // Export jobs (src/server/exports/job-routes.ts): an admin downloading a job's file (starting one is an "export").
  "download export",
  // What applicants do to their own accounts (the actor is the applicant's address).
  "change email", "change password", "download own data", "delete application",
  // The integration API: its keys (an admin or the operator) and each call made with one (the actor is the key's name).
  "create api key", "revoke api key", "api call",
  // Admins' exports of the applications matching a filter (detail: format, filter, rows, complete).
  "export",
  // A reviewer marking an item of an application's checklist received, or not (detail: item, received).
  "checklist",
  // A reviewer asking the applicant for information, or withdrawing the request, and the applicant's reply (detail: request, item).
  "information request", "withdraw request", "information reply",
  // Decisions: recorded or changed (detail: from, to, released), withdrawn, released by an admin (detail: at, filter, code, decisions), and the applicant's answer.
  "decision", "withdraw decision", "release decisions", "decision response",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const email = { type: "string", maxLength: 254 } as const;

// --- Accounts -------------------------------------------------------------------------------

/** Password and the second factor in one step: a six-digit authenticator code or a recovery code. */
export const staffLoginBody = body({ email, password, code: { type: "string", maxLength: 32 } }, ["email", "password", "code"]);

export const staffMember = {
  type: "object",
  properties: {
    id: { type: "integer" },
    email: { type: "string" },
    role: { enum: STAFF_ROLES },
    /** invited: the invitation is not used yet; active; disabled. */
    state: { enum: ["invited", "active", "disabled"] },
    created_at: dateTime,
    last_login_at: nullable(dateTime),
  },
  required: ["id", "email", "role", "state", "created_at", "last_login_at"],
} as const;

/** GET /staff/api/me: who is logged in. */
export const staffSelf = body({ id: { type: "integer" }, email: { type: "string" }, role: { enum: STAFF_ROLES } }, ["id", "email", "role"]);

/** GET /staff/api/invitation?token=…: whose invitation it is (404/410 with a message when it is not valid). */
export const invitationQuery = body({ token: { type: "string", maxLength: 128 } }, ["token"]);
export const invitation = body({ email: { type: "string" }, role: { enum: STAFF_ROLES } }, ["email", "role"]);

/** POST /staff/api/invitation/password: the password chosen; answers the authenticator's secret to enrol. */
export const invitationPasswordBody = body({ token: { type: "string", maxLength: 128 }, password }, ["token", "password"]);
export const totpEnrolment = body({
  secret: { type: "string", description: "Base32, for typing into an authenticator by hand" },
  otpauth_url: { type: "string" },
  qr_svg: { type: "string", description: "The otpauth URL as a QR code, an SVG document" },
}, ["secret", "otpauth_url", "qr_svg"]);

/** POST /staff/api/invitation/totp: a code from the authenticator ends the enrolment; answers the recovery codes, once. */
export const invitationTotpBody = body({ token: { type: "string", maxLength: 128 }, code: { type: "string", maxLength: 16 } }, ["token", "code"]);
export const recoveryCodes = body({ recovery_codes: { type: "array", items: { type: "string" }, minItems: 10, maxItems: 10 } }, ["recovery_codes"]);

/** Admins: POST /staff/api/staff invites; PATCH /staff/api/staff/{id} changes a role or disables (and enables). */
export const inviteStaffBody = body({ email, role: { enum: STAFF_ROLES } }, ["email", "role"]);
export const changeStaffBody = {
  ...body({
    role: { enum: STAFF_ROLES },
    disabled: { type: "boolean" },
    keys_to: { ...rowId, description: "Disabling or demoting an admin: the active admin the integration keys they hold are handed to; without it, those keys are revoked" },
  }, []),
  minProperties: 1,
} as const;
export const staffIdParams = body({ id: rowId }, ["id"]);
export const staffList = body({ staff: { type: "array", items: staffMember } }, ["staff"]);

// --- The application list ---------------------------------------------------------------------

/** The list's filter, as in the page's address (so a filtered list can be shared). Every field optional. */
export const applicationFilter = body({
  q: { type: "string", maxLength: 200, description: "Name, e-mail or reference; typos forgiven" },
  status: { enum: APPLICATION_STATUSES },
  term: { type: "string", maxLength: 20, description: "Entry term code (FA26); none: not answered" },
  plan: { type: "string", maxLength: 20, description: "The application plan (the decision_type answer: ED1); none: not answered" },
  review: { enum: [...REVIEW_STATUSES, "none"], description: "none: not reviewed yet (started applications)" },
  request: { enum: REQUEST_FILTERS, description: "open: waiting for the applicant's reply to a request for information; replied: replied since a reviewer last set its review status" },
  // To a reader a decision is known from its release, as to its applicant: before it, as none.
  decision: { ...decisionCode, description: "A decision's code in decisions.json (admit): the applications it is recorded on; none: those with no decision. To a reader, a decision not released yet is as none" },
  released: { type: "boolean", description: "true: the applications whose decision is released (its applicant reads it); false: the others, with none or one not released yet" },
  response: { enum: [...DECISION_RESPONSES, "none"], description: "The applicant's answer to the released decision; none: no answer (none asked or given yet, or no decision)" },
  checklist: { ...checklistItemId, description: "A checklist item's id (institution.json): the submitted applications whose checklist lists it" },
  checklist_state: { enum: CHECKLIST_STATES, description: "With checklist: that item received, processing (its file is being converted) or needed" },
  outstanding: { type: "boolean", description: "true: the submitted applications with a checklist item not received yet (needed or processing); false: those with every item received" },
  citizenship: { type: "string", maxLength: 20, description: "The citizenship_us answer: Y or N; none: not answered" },
  started_from: { ...day, description: "Started (account made) on or after this day (office time zone)" },
  started_to: { ...day, description: "Started on or before this day" },
  submitted_from: { ...day, description: "Submitted on or after this day (office time zone)" },
  submitted_to: { ...day, description: "Submitted on or before this day" },
  sort: { enum: LIST_SORTS },
}, []);

/** POST /staff/api/decisions/release (admins): the recorded, unreleased decisions of a filter (of one code, if given), now (at: null) or at a later moment. */
export const releaseBody = body({ filter: applicationFilter, code: decisionCode, at: nullable(dateTime) }, ["filter", "at"]);

/** GET /staff/api/applications: the filter plus `after`, the cursor of the page before. */
export const applicationListQuery = {
  ...applicationFilter,
  properties: { ...applicationFilter.properties, after: { type: "string", maxLength: 400, description: "The `next` of the page before" } },
} as const;

export const applicationRow = {
  type: "object",
  properties: {
    id: { type: "integer", description: "The application's id (stable; a started application has no reference yet)" },
    reference: nullable({ type: "string" }),
    name: { type: "string" },
    email: { type: "string" },
    status: { enum: APPLICATION_STATUSES },
    entry_term: nullable({ type: "string" }),
    submitted_at: nullable(dateTime),
    last_activity: dateTime,
    review_status: { type: ["string", "null"], enum: [...REVIEW_STATUSES, null] },
    /** The decision recorded, as the one asking may know it (to a reader, none before its release); null when none. */
    decision: nullable(body({
      code: { type: "string" },
      label: { type: "string" },
      released: { type: "boolean" },
      response: officeDecision.properties.response,
    }, ["code", "label", "released", "response"])),
  },
  required: ["id", "reference", "name", "email", "status", "entry_term", "submitted_at", "last_activity", "review_status", "decision"],
} as const;

export const applicationPage = {
  type: "object",
  properties: {
    rows: { type: "array", items: applicationRow, maxItems: 50 },
    next: { type: ["string", "null"], description: "Pass as `after` for the next 50; null on the last page" },
    total: { type: "integer", description: "Applications matching the filter" },
  },
  required: ["rows", "next", "total"],
} as const;

// --- The dashboard ------------------------------------------------------------------------------

/** The value a filter gives for "not answered" (term, plan, citizenship) and "not reviewed" (review). */
export const NOT_ANSWERED = "none";

const count = { type: "integer", minimum: 0 } as const;
const periodCounts = body({ today: count, week: count, cycle: count }, ["today", "week", "cycle"]);
/** One value of a split (null: not answered, or not reviewed): this cycle's applications with it, not yet submitted and submitted. */
const splitRow = body({ value: nullable({ type: "string" }), started: count, submitted: count }, ["value", "started", "submitted"]);
const split = { type: "array", items: splitRow } as const;

/**
 * GET /staff/api/dashboard: the office's numbers at a glance, in days of its time zone. A period
 * runs from its first day to today included: the week from Monday, the cycle from `cycle.opens`
 * (institution.json). Started counts applications begun then (submitted since or not); a split
 * counts the applications started this cycle.
 */
export const dashboard = body({
  today: day,
  week_from: day,
  cycle_from: day,
  started: periodCounts,
  submitted: periodCounts,
  /** Every day of the cycle so far; `last_day` is the same day one year earlier, `last_cycle` its submissions. */
  per_day: { type: "array", items: body({ day, submitted: count, last_day: day, last_cycle: count }, ["day", "submitted", "last_day", "last_cycle"]) },
  splits: body({ plan: split, term: split, review: split, citizenship: split }, ["plan", "term", "review", "citizenship"]),
}, ["today", "week_from", "cycle_from", "started", "submitted", "per_day", "splits"]);

// --- One application --------------------------------------------------------------------------

export const applicationIdParams = body({ id: rowId }, ["id"]);

export const timelineEvent = {
  type: "object",
  properties: {
    at: dateTime,
    kind: { enum: ["created", "login", "saves", "submitted", "review status", "note", "information requested", "request withdrawn", "information reply"] },
    /** saves: how many that day; review status: the new status; note, review, request: who. */
    count: { type: "integer" },
    status: { type: "string" },
    by: { type: "string" },
  },
  required: ["at", "kind"],
} as const;

export const reviewNote = body({ id: { type: "integer" }, author: { type: "string" }, body: { type: "string" }, created_at: dateTime }, ["id", "author", "body", "created_at"]);

const staffDocument = body({
  answer_key: { type: "string" },
  file_name: { type: "string" },
  status: { type: "string" },
  /** The converted PDF can be downloaded (COMPLETED). */
  has_pdf: { type: "boolean" },
}, ["answer_key", "file_name", "status", "has_pdf"]);

export const staffApplication = {
  type: "object",
  properties: {
    id: { type: "integer" },
    reference: nullable({ type: "string" }),
    email: { type: "string" },
    name: { type: "string" },
    status: { enum: APPLICATION_STATUSES },
    entry_term: nullable({ type: "string" }),
    submitted_at: nullable(dateTime),
    /** The definition version it was submitted on, as people read it: "2026-10-02 · 3f9c1a2". */
    submitted_version: nullable({ type: "string" }),
    /** The definition version its answers are shown with: the one it was submitted on, else the current one. */
    version: versionHash,
    /** Answers to questions its version no longer asks, kept aside when it moved to that version. */
    retired_answers: anything,
    /** For each of those, the version (hash) it was given on; none from before versions were kept. */
    retired_from: { type: "object", additionalProperties: versionHash },
    created_at: dateTime,
    last_activity: dateTime,
    review_status: { type: ["string", "null"], enum: [...REVIEW_STATUSES, null] },
    /** As the service view: what the read-only pages show. */
    answer: anything,
    add_another: { type: "object", additionalProperties: { type: "integer" } },
    tabs: { type: "object", additionalProperties: { type: "string" } },
    document_answer: anything,
    documents: { type: "array", items: staffDocument },
    timeline: { type: "array", items: timelineEvent },
    notes: { type: "array", items: reviewNote },
    /** What the office needs from the applicant (institution.json "checklist"), each item received or not. */
    checklist: { type: "array", items: checklistLine },
    /** The office's requests for information and the applicant's replies, oldest first. */
    requests: { type: "array", items: officeInformationRequest },
    /** The decision recorded (form-definitions/decisions.json), released or not; null when none. */
    decision: { ...officeDecision, type: ["object", "null"] },
  },
  required: [
    "id", "reference", "email", "name", "status", "entry_term", "submitted_at", "submitted_version", "version", "retired_answers", "retired_from", "created_at", "last_activity", "review_status", "answer", "add_another",
    "tabs", "document_answer", "documents", "timeline", "notes", "checklist", "requests", "decision",
  ],
} as const;

/** GET /staff/api/applications/{id}/neighbours?{filter}: the applications before and after it in the list. */
export const neighbours = body({ previous: { type: ["integer", "null"] }, next: { type: ["integer", "null"] } }, ["previous", "next"]);

/** GET /staff/api/applications/{id}/documents/{answer_key}?version=pdf|original: 303 to a download link valid 5 minutes. */
export const documentParams = body({ id: applicationIdParams.properties.id, answer_key: { type: "string", maxLength: 100, pattern: "^[a-z0-9_]+$" } }, ["id", "answer_key"]);
export const documentVersionQuery = body({ version: { enum: ["pdf", "original"] } }, ["version"]);

// POST /staff/api/applications/{id}/pdf-copy answers pdf-copy.ts's pdfCopy, starting the copy of the
// current answers when there is none (as the applicant's GET /api/pdf); GET …/pdf-copy/download:
// 303 to it once COMPLETED (409 before).

/** PUT /staff/api/applications/{id}/review (reviewers): a submitted application's review status; answers the same shape (409 when not submitted). */
export const reviewBody = body({ review_status: { enum: REVIEW_STATUSES } }, ["review_status"]);
/** POST /staff/api/applications/{id}/notes (reviewers): an internal note, never shown to the applicant; answers the note (201). */
export const noteBody = body({ body: { type: "string", minLength: 1, maxLength: 5000 } }, ["body"]);

// --- The audit log (admins) -------------------------------------------------------------------

export const auditQuery = body({
  actor: { type: "string", maxLength: 254, description: "A staff member's e-mail, or an applicant's (what they did to their own account)" },
  action: { enum: AUDIT_ACTIONS },
  application: rowId,
  from: day,
  to: day,
  before: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: "The `next` of the page before" },
}, []);

export const auditEntry = {
  type: "object",
  properties: {
    id: { type: "integer" },
    at: dateTime,
    actor: { type: "string" },
    action: { enum: AUDIT_ACTIONS },
    application_id: { type: ["integer", "null"] },
    reference: nullable({ type: "string" }),
    detail: anything,
    address: nullable({ type: "string" }),
  },
  required: ["id", "at", "actor", "action", "application_id", "reference", "detail", "address"],
} as const;

export const auditPage = body({ rows: { type: "array", items: auditEntry }, next: { type: ["integer", "null"] } }, ["rows", "next"]);

