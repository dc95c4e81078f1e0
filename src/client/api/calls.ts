// Every call of the spec's table, typed. Paths and payloads are the spec's;
// their shapes come from the schemas the server checks and documents them with (src/api-contract),
// imported as types only, so none of it reaches the bundle.
import type { FromSchema } from "json-schema-to-ts";
import type {
  addressBody, applicationStatus, changed, confirmBody, conversion, credentialsBody, documentAnswers, emailChangeBody, emailChanged, lookupRecord, lookupResult, messageReply,
  passwordChangeBody, pdfCopy, presignedPost, profile, resetBody, resetCheckBody, savedAnswers, savedForLater, serviceApplication, submitted, webStatusBody,
} from "../../api-contract";
import type { Answers, BrowserFiles, ValidationErrors } from "../../engine/runtime";
import type { LookupItem } from "../../engine/generated/definition-format";
import { call } from "./client";

export type Reply = FromSchema<typeof messageReply>;

/**
 * Answers travel as plain objects in the contract: their shape is the form's, from the definitions
 * (the engine's Answers; the server checks them with the form's answers schema).
 */
type WithAnswers<T extends { answer: unknown }> = T & { answer: Answers };

export type Profile = WithAnswers<FromSchema<typeof profile>> & { document_answer: DocumentAnswers };

/** A submit's answer: the application's reference and when it was submitted. */
export type Submitted = FromSchema<typeof submitted>;

/** What a change of answers, tabs or blocks answers: the new revision and the keys it cleared. */
export type Changed = FromSchema<typeof changed>;

/** One application for the read-only service view. */
export type ServiceApplication = WithAnswers<FromSchema<typeof serviceApplication>>;

/** The documents stored for an applicant, by answer key (GET /api/document-answer). */
export type DocumentAnswers = FromSchema<typeof documentAnswers>;

/** A document's conversion to PDF. */
export type Conversion = FromSchema<typeof conversion>;

/** Where and how to upload one document: a POST of `fields` and then the file to `url`. */
export type PresignedPost = FromSchema<typeof presignedPost>;

/** The PDF copy of the whole application. */
export type PdfCopy = FromSchema<typeof pdfCopy>;
export type ApplicationStatus = FromSchema<typeof applicationStatus>;

export type WebStatus = FromSchema<typeof webStatusBody>["web_status"];

/** What a lookup searches: high schools, colleges, or addresses. */
export type LookupCategory = LookupItem["category"];

/** The suggestions asked for at a time: 5. */
export const LOOKUP_RESULTS = 5;

/** One suggestion of a lookup. */
export type LookupResult = FromSchema<typeof lookupResult>;

/** The record of a chosen suggestion. */
export type LookupRecord = FromSchema<typeof lookupRecord>;

export type Credentials = FromSchema<typeof credentialsBody>;

export const api = {
  signup: (body: Credentials) => call<Reply>("POST", "/public/signup", body),
  confirm: (body: FromSchema<typeof confirmBody>) => call<Reply>("POST", "/public/confirm", body),
  resendConfirm: (body: FromSchema<typeof addressBody>) => call<Reply>("POST", "/public/resend-confirm", body),
  login: (body: Credentials) => call<Reply>("POST", "/public/login", body),
  forgotPassword: (body: FromSchema<typeof addressBody>) => call<Reply>("POST", "/public/forgot-password", body),
  resetPassword: (body: FromSchema<typeof resetBody>) =>
    call<Reply>("POST", "/public/reset-password", body),
  checkResetLink: (body: FromSchema<typeof resetCheckBody>) => call<Reply>("POST", "/public/reset-password/check", body),
  logout: (options?: { handleUnauthorized: boolean }) => call<Reply>("GET", "/api/logout", undefined, options),
  keepAlive: () => call<Reply>("GET", "/api/session"),
  profile: () => call<Profile>("GET", "/api/profile"),
  webStatus: (web_status: WebStatus) => call<Reply>("POST", "/api/web-status", { web_status }),
  lastPage: (last_page: string) => call<Reply>("PUT", "/api/last-page", { last_page }),
  saveAnswers: (answers: Answers) => call<Changed>("PUT", "/api/answer", answers),
  validations: () => call<ValidationErrors>("POST", "/api/validations"),
  submit: () => call<Submitted>("POST", "/api/submit"),
  tabs: () => call<Record<string, string>>("GET", "/api/tabs"),
  chooseTab: (group: string, tab: string) => call<Changed>("PUT", "/api/tabs", { tab_id: group, chosen_tab: tab }),
  blocks: () => call<Record<string, number>>("GET", "/api/add-another"),
  setBlocks: (group: string, count: number) => call<Changed>("PUT", "/api/add-another", { button_id: group, num_components: count }),
  documentAnswers: () => call<DocumentAnswers>("GET", "/api/document-answer"),
  deleteDocument: (answerKey: string) => call<Reply>("DELETE", `/api/document-answer/${encodeURIComponent(answerKey)}`),
  presignedPost: (answer_key: string) => call<PresignedPost>("POST", "/api/presigned-url", { answer_key }),
  convertDocument: (answerKey: string, file_key: string, file_name: string) =>
    call<Pick<Conversion, "status">>("POST", `/api/pdf/document-answer/${encodeURIComponent(answerKey)}`, { file_key, file_name }),
  conversion: (answerKey: string) => call<Conversion>("GET", `/api/pdf/document-answer/${encodeURIComponent(answerKey)}`),
  deleteConversion: (answerKey: string) => call<Reply>("DELETE", `/api/pdf/document-answer/${encodeURIComponent(answerKey)}`),
  pdfCopy: () => call<PdfCopy>("GET", "/api/pdf"),
  status: () => call<ApplicationStatus>("GET", "/api/status"),
  replyToRequest: (id: number, message: string) => call<Reply>("POST", `/api/requests/${id}/reply`, { message }),
  respondToDecision: (accept: boolean) => call<Reply>("POST", "/api/decision/response", { accept }),
  changeEmail: (body: FromSchema<typeof emailChangeBody>) => call<Reply>("POST", "/api/account/email", body),
  confirmEmail: (code: string) => call<FromSchema<typeof emailChanged>>("POST", "/api/account/email/confirm", { code }),
  changePassword: (body: FromSchema<typeof passwordChangeBody>) => call<Reply>("POST", "/api/account/password", body),
  deleteAccount: () => call<Reply>("DELETE", "/api/account"),
  saveForLater: (answers: Answers) => call<FromSchema<typeof savedForLater>>("POST", "/public/tmp", answers),
  savedForLater: (token: string) => call<WithAnswers<FromSchema<typeof savedAnswers>>>("GET", `/public/tmp?token=${encodeURIComponent(token)}`),
  // A failed lookup is swallowed where it is used, a 401 included: no logout.
  findLookup: (text: string, category: LookupCategory, signal?: AbortSignal) =>
    call<LookupResult[]>("GET", `/lookup/find?${new URLSearchParams({ text, category, max_results: String(LOOKUP_RESULTS) })}`, undefined, { handleUnauthorized: false, signal }),
  lookupRecord: (id: string | number, category: LookupCategory) =>
    call<LookupRecord>("GET", `/lookup/find?${new URLSearchParams({ id: String(id), category })}`, undefined, { handleUnauthorized: false }),
  serviceApplication: (token: string) =>
    call<ServiceApplication>("GET", `/service/tmp-pdf?service_token=${encodeURIComponent(token)}`, undefined, { handleUnauthorized: false }),
  /** A published definition version's files, for an application made on another version than this build's. */
  definitions: (hash: string) => call<BrowserFiles>("GET", `/public/definitions/${hash}`, undefined, { handleUnauthorized: false }),
};
