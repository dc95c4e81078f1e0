// The JSON payloads of every route the browser calls, written once as JSON Schemas (`as const`):
// the server's routes check and document them (Fastify's type provider), the browser derives its
// types from them (FromSchema, type-only imports: none of this is in the bundle). Pure data: no
// import from the server or the client.
export {
  apiKey, apiKeyIdParams, apiKeyList, createApiKeyBody, createdApiKey, integrationApplication, integrationListQuery, integrationPage, referenceParams,
} from "./api-keys";
export { addressBody, confirmBody, credentialsBody, resetBody, resetCheckBody } from "./accounts";
export {
  blocks, browserErrors, changed, chooseTabBody, fieldErrors, lastPageBody, profile, serviceApplication, setBlocksBody, submitRefusal, submitted, tabs,
  WEB_STATUSES, webStatusBody, type WebStatus,
} from "./application";
export { ApiError } from "./errors";
export { refuse } from "./refuse";
export { EXPORT_FORMATS, exportParams } from "./exports";
export { answerKeyParams, conversion, convertBody, documentAnswers, presignBody, presignedPost } from "./documents";
export { emailChangeBody, emailChanged, emailConfirmBody, passwordChangeBody } from "./own-account";
export { lookupAnswer, lookupQuery, lookupRecord, lookupResult } from "./lookup";
export { pdfCopy } from "./pdf-copy";
export { decisionBody, decisionChoices, decisionResponseBody, releaseReply } from "./decisions";
export {
  applicationStatus, askBody, checklistItemParams, checklistLine, checklistMarkBody, officeInformationRequest,
  officeRequestParams, replyBody, requestParams, type ChecklistState,
} from "./status";
export { messageReply, replies } from "./reply";
export { anything, FORM_VERSION_HEADER, versionHash } from "./schema";
export type { ConversionStatus } from "./statuses";
export { savedAnswers, savedAnswersQuery, savedForLater } from "./temporary-answers";
export {
  LIST_SORTS, REQUEST_FILTERS, REVIEW_STATUSES, releaseBody, applicationFilter, applicationIdParams, applicationListQuery,
  applicationPage, applicationRow, auditEntry, auditPage, auditQuery, changeStaffBody, documentParams, documentVersionQuery, invitation,
  invitationPasswordBody, invitationQuery, invitationTotpBody, inviteStaffBody, neighbours, noteBody, recoveryCodes, reviewBody, reviewNote,
  staffApplication, staffIdParams, staffList, staffLoginBody, staffMember, staffSelf, timelineEvent, totpEnrolment,
  type ReviewStatus, type StaffRole,
} from "./staff";
export { NOT_ANSWERED, dashboard } from "./staff";
export { EXPORT_JOB_STATUSES, exportJob, exportJobBody, exportJobList, exportJobParams } from "./export-jobs";
export { versionChangeList, versionChangesParams, versionList } from "./versions";
