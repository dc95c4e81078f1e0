// Decisions (form-definitions/decisions.json): recorded by a reviewer, released by an admin at a
// moment (now, or an exact later time), then read by the applicant with its letter, and accepted
// or declined before its deadline when it asks an answer.
import { body, dateTime, nullable } from "./schema";

/** An applicant's answer to an offer. */
export const DECISION_RESPONSES = ["accepted", "declined"] as const;

export const decisionCode = { type: "string", maxLength: 100, pattern: "^[a-z][a-z0-9_]*$" } as const;
const response = { type: ["string", "null"], enum: [...DECISION_RESPONSES, null] } as const;

/** A released decision, as its applicant reads it on the status page. */
export const releasedDecision = body({
  code: { type: "string" },
  /** The letter, its Markdown drawn as HTML by the server (raw HTML in it shown as text). */
  letter_html: { type: "string" },
  released_at: dateTime,
  /** The last moment to accept or decline; null when the decision asks no answer. */
  respond_by: nullable(dateTime),
  /** Whether it takes an answer now, by the server's clock: asked, not given yet, before the deadline. */
  may_respond: { type: "boolean" },
  response,
  responded_at: nullable(dateTime),
}, ["code", "letter_html", "released_at", "respond_by", "may_respond", "response", "responded_at"]);

/** The decision as the office reads it, released or not. */
export const officeDecision = body({
  code: { type: "string" },
  label: { type: "string" },
  recorded_by: { type: "string" },
  recorded_at: dateTime,
  /** When the applicant sees it (past: released); null until an admin sets it. */
  release_at: nullable(dateTime),
  released: { type: "boolean" },
  respond_by: nullable(dateTime),
  response,
  responded_at: nullable(dateTime),
}, ["code", "label", "recorded_by", "recorded_at", "release_at", "released", "respond_by", "response", "responded_at"]);

/** PUT /staff/api/applications/{id}/decision: record a decision of decisions.json, or change it. */
export const decisionBody = body({ code: decisionCode }, ["code"]);

export const releaseReply = body({ released: { type: "integer" }, release_at: dateTime }, ["released", "release_at"]);

/** POST /api/decision/response: accept (true) or decline (false). */
export const decisionResponseBody = body({ accept: { type: "boolean" } }, ["accept"]);

/** GET /staff/api/decisions: the decisions of decisions.json the office may record, in its order. */
export const decisionChoices = body({
  decisions: {
    type: "array",
    items: body({
      code: { type: "string" },
      label: { type: "string" },
      /** The last day (YYYY-MM-DD, the office's time zone) to answer; null when it asks no answer. */
      respond_by: nullable({ type: "string" }),
    }, ["code", "label", "respond_by"]),
  },
}, ["decisions"]);
