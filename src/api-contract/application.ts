// The applicant's own application: profile, answers, place, status,
// tabs and add-another counts, validation and submit. Lists that come from the form definitions
// (pages, tab groups, add-another groups) are the server's to fill in: these take them.
import { anything, versionHash } from "./schema";

export const WEB_STATUSES = ["started", "validating", "submitted"] as const;
export type WebStatus = (typeof WEB_STATUSES)[number];

export const profile = {
  type: "object",
  properties: {
    answer: anything,
    document_answer: anything,
    username: { type: "string" },
    last_page: { type: ["string", "null"] },
    successful_login: { type: "array", items: { type: "object", properties: { logged_in_at: { type: "string", format: "date-time" } } } },
    web_status: { type: "array", items: { type: "object", properties: { web_status: { type: "string" }, created_at: { type: "string" } } } },
    revision: { type: "integer" },
    reference: { type: ["string", "null"], description: "Given at submit (WU-FA26-004821); null before" },
    submitted_at: { type: ["string", "null"], format: "date-time", description: "When the application was submitted; null before" },
    attention: {
      type: "object", additionalProperties: { type: "array", items: { type: "string" } },
      description: "answerKey → messages: answers the current definitions refuse (an option since removed, a limit since lowered)",
    },
  },
  required: ["answer", "document_answer", "username", "last_page", "successful_login", "web_status", "revision", "reference", "submitted_at", "attention"],
} as const;

/** What a change of answers, tabs or blocks answers: the new revision and the keys it cleared. */
export const changed = {
  type: "object",
  properties: {
    message: { type: "string" },
    revision: { type: "integer", description: "Goes up by one with every change of the answers" },
    cleared: { type: "array", items: { type: "string" }, description: "Answer keys the engine cleared (hidden questions, a tab left, a block removed)" },
  },
  required: ["message", "revision", "cleared"],
} as const;

export const fieldErrors = { type: "object", additionalProperties: { type: "array", items: { type: "string" } }, description: "answerKey → messages" } as const;

/** The errors the browser found; optional and not trusted. */
export const browserErrors = { type: "object", additionalProperties: { type: "array", items: { type: "string", maxLength: 1000 }, maxItems: 50 }, maxProperties: 2000 } as const;

/** A submit's answer: the reference the application was given, for the status page to show. */
export const submitted = {
  type: "object",
  properties: {
    message: { type: "string" },
    reference: { type: "string", description: "The application's reference (WU-FA26-004821): the applicant quotes it to the office" },
    submitted_at: { type: "string", format: "date-time" },
  },
  required: ["message", "reference", "submitted_at"],
} as const;

export const submitRefusal = { type: "object", properties: { message: { type: "string" }, errors: fieldErrors }, required: ["message", "errors"] } as const;

export const lastPageBody = <const P extends readonly string[]>(pages: P) =>
  ({ type: "object", properties: { last_page: { enum: pages } }, required: ["last_page"], additionalProperties: false }) as const;

export const webStatusBody = { type: "object", properties: { web_status: { enum: WEB_STATUSES } }, required: ["web_status"], additionalProperties: false } as const;

export const tabs = { type: "object", additionalProperties: { type: "string" } } as const;

export const chooseTabBody = <const G extends readonly string[]>(groups: G) => ({
  type: "object",
  properties: { tab_id: { enum: groups }, chosen_tab: { type: "string", maxLength: 100 } },
  required: ["tab_id", "chosen_tab"],
  additionalProperties: false,
}) as const;

export const blocks = { type: "object", additionalProperties: { type: "integer" } } as const;

export const setBlocksBody = <const G extends readonly string[]>(groups: G) => ({
  type: "object",
  properties: { button_id: { enum: groups }, num_components: { type: "integer", minimum: 1, maximum: 10 } },
  required: ["button_id", "num_components"],
  additionalProperties: false,
}) as const;

/** One application for the read-only service view. */
export const serviceApplication = {
  type: "object",
  properties: { answer: anything, add_another: blocks, document_answer: anything, tabs, version: versionHash },
  required: ["answer", "add_another", "document_answer", "tabs", "version"],
} as const;
