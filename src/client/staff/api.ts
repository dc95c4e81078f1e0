// Every /staff/api call the office's pages make, typed from the contract (src/api-contract/staff.ts,
// imported as types only) and sent through the app's one client (../api/client.ts): its errors carry
// the server's message, and a 401 goes to the handler the office sets (./StaffRoutes.tsx).
import type { FromSchema } from "json-schema-to-ts";
import { useQuery } from "@tanstack/react-query";
import type {
  applicationFilter, applicationPage, applicationRow, auditEntry, auditPage, auditQuery, changeStaffBody, dashboard, decisionChoices, invitation, invitationPasswordBody,
  invitationTotpBody, inviteStaffBody, messageReply, neighbours, recoveryCodes, releaseReply, reviewNote, staffApplication,
  staffLoginBody, staffMember, staffSelf, timelineEvent, totpEnrolment,
} from "../../api-contract";
import type { exportJob, exportJobBody, exportJobList } from "../../api-contract/export-jobs";
import type { EXPORT_FORMATS } from "../../api-contract/exports";
import type { apiKey, createdApiKey } from "../../api-contract/api-keys";
import type { versionChangeList, versionList } from "../../api-contract/versions";
import type { ReviewStatus } from "../../api-contract/staff";
import type { Answers } from "../../engine/runtime";
import { ApiError } from "../../api-contract/errors";
import type { PdfCopy } from "../api/calls";
import { call, refusalOf } from "../api/client";

export type StaffSelf = FromSchema<typeof staffSelf>;
export type VersionList = FromSchema<typeof versionList>;
export type VersionChangeList = FromSchema<typeof versionChangeList>;
export type Invitation = FromSchema<typeof invitation>;
export type TotpEnrolment = FromSchema<typeof totpEnrolment>;
export type ApplicationFilter = FromSchema<typeof applicationFilter>;
export type ApplicationRow = FromSchema<typeof applicationRow>;
export type ApplicationPage = FromSchema<typeof applicationPage>;
export type Dashboard = FromSchema<typeof dashboard>;
/** Answers travel as plain objects in the contract: their shape is the form's (as ../api/calls.ts). */
export type StaffApplication = FromSchema<typeof staffApplication> & { answer: Answers };
/** A request for information, as the office reads it (who asked, and the applicant's reply). */
export type InformationRequest = StaffApplication["requests"][number];
/** The decision recorded on an application, released or not, as the office reads it. */
export type OfficeDecision = NonNullable<StaffApplication["decision"]>;
/** A decision of form-definitions/decisions.json the office may record. */
export type DecisionChoice = FromSchema<typeof decisionChoices>["decisions"][number];
export type ReleaseReply = FromSchema<typeof releaseReply>;
export type TimelineEvent = FromSchema<typeof timelineEvent>;
export type ReviewNote = FromSchema<typeof reviewNote>;
export type Neighbours = FromSchema<typeof neighbours>;
export type StaffMember = FromSchema<typeof staffMember>;
export type AuditFilter = Omit<FromSchema<typeof auditQuery>, "before">;
export type AuditEntry = FromSchema<typeof auditEntry>;
export type AuditPage = FromSchema<typeof auditPage>;
export type ExportJob = FromSchema<typeof exportJob>;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type ApiKey = FromSchema<typeof apiKey>;
export type CreatedApiKey = FromSchema<typeof createdApiKey>;
type Reply = FromSchema<typeof messageReply>;

/**
 * What a change answers when the contract names no body of its own (review, note, invite, a
 * staff member's change): a sentence at most; the page says its own when there is none.
 */
export type MaybeReply = Partial<Reply> | undefined;

// The login and the invitation come before any session: their 401 is a refusal to show, not an ended session.
const noSession = { handleUnauthorized: false };

/** A call before any session: a 401 says the server's own words (the client puts the applicants' session message there). */
async function beforeSession<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  try {
    return await call<T>(method, path, body, noSession);
  } catch (error) {
    throw error instanceof ApiError && error.status === 401 ? refusalOf(401, error.body) : error;
  }
}

/** A query string of the values that are set, in the order given. */
export function queryString(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

const application = (id: number) => `/staff/api/applications/${id}`;

export const staffApi = {
  login: (body: FromSchema<typeof staffLoginBody>) => beforeSession<StaffSelf>("POST", "/staff/api/login", body),
  // A visit without a session asks who is here first: that 401 sends to the login, without the "session ended" message.
  me: () => call<StaffSelf>("GET", "/staff/api/me", undefined, noSession),
  logout: () => call<Reply>("POST", "/staff/api/logout", undefined, noSession),
  invitation: (token: string) => beforeSession<Invitation>("GET", `/staff/api/invitation${queryString({ token })}`),
  choosePassword: (body: FromSchema<typeof invitationPasswordBody>) => beforeSession<TotpEnrolment>("POST", "/staff/api/invitation/password", body),
  confirmCode: (body: FromSchema<typeof invitationTotpBody>) => beforeSession<FromSchema<typeof recoveryCodes>>("POST", "/staff/api/invitation/totp", body),

  applications: (filter: ApplicationFilter, after: string | undefined) =>
    call<ApplicationPage>("GET", `/staff/api/applications${queryString({ ...filter, after })}`),
  application: (id: number) => call<StaffApplication>("GET", application(id)),
  dashboard: () => call<Dashboard>("GET", "/staff/api/dashboard"),
  neighbours: (id: number, filter: ApplicationFilter) => call<Neighbours>("GET", `${application(id)}/neighbours${queryString(filter)}`),
  pdfCopy: (id: number) => call<PdfCopy>("POST", `${application(id)}/pdf-copy`),
  review: (id: number, review_status: ReviewStatus) => call<MaybeReply>("PUT", `${application(id)}/review`, { review_status }),
  addNote: (id: number, body: string) => call<MaybeReply>("POST", `${application(id)}/notes`, { body }),
  markChecklistItem: (id: number, item: string, received: boolean) =>
    call<StaffApplication["checklist"][number]>("PUT", `${application(id)}/checklist/${encodeURIComponent(item)}`, { received }),
  askForInformation: (id: number, message: string, item: string | null) =>
    call<InformationRequest>("POST", `${application(id)}/requests`, { message, item }),
  withdrawRequest: (id: number, requestId: number) => call<InformationRequest>("POST", `${application(id)}/requests/${requestId}/withdraw`),
  recordDecision: (id: number, code: string) => call<Reply>("PUT", `${application(id)}/decision`, { code }),
  withdrawDecision: (id: number) => call<Reply>("DELETE", `${application(id)}/decision`),
  decisionChoices: () => call<FromSchema<typeof decisionChoices>>("GET", "/staff/api/decisions"),
  /** `code` undefined: every recorded decision of the filter's applications; `at` null: now. */
  releaseDecisions: (filter: ApplicationFilter, code: string | undefined, at: string | null) =>
    call<ReleaseReply>("POST", "/staff/api/decisions/release", { filter, code, at }),

  staff: () => call<{ staff: StaffMember[] }>("GET", "/staff/api/staff"),
  invite: (body: FromSchema<typeof inviteStaffBody>) => call<MaybeReply>("POST", "/staff/api/staff", body),
  changeStaff: (id: number, body: FromSchema<typeof changeStaffBody>) => call<MaybeReply>("PATCH", `/staff/api/staff/${id}`, body),
  audit: (filter: AuditFilter, before: number | undefined) => call<AuditPage>("GET", `/staff/api/audit${queryString({ ...filter, before })}`),

  startExport: (body: FromSchema<typeof exportJobBody>) => call<ExportJob>("POST", "/staff/api/export-jobs", body),
  exportJobs: () => call<FromSchema<typeof exportJobList>>("GET", "/staff/api/export-jobs"),
  apiKeys: () => call<{ keys: ApiKey[] }>("GET", "/staff/api/api-keys"),
  createApiKey: (name: string) => call<CreatedApiKey>("POST", "/staff/api/api-keys", { name }),
  revokeApiKey: (id: number) => call<ApiKey>("POST", `/staff/api/api-keys/${id}/revoke`),
  versions: () => call<VersionList>("GET", "/staff/api/versions"),
  versionChanges: (from: string, to: string) => call<VersionChangeList>("GET", `/staff/api/versions/${from}/changes/${to}`),
};

/** The decisions the office may record (form-definitions/decisions.json, which the browser does not bundle), in its order. */
export function useDecisionChoices() {
  return useQuery({ queryKey: ["decision-choices"], queryFn: async () => (await staffApi.decisionChoices()).decisions });
}

/** Downloads are plain links: the server answers 303 to the file. */
export const documentHref = (id: number, answerKey: string, version: "pdf" | "original") =>
  `${application(id)}/documents/${encodeURIComponent(answerKey)}${queryString({ version })}`;
export const pdfCopyHref = (id: number) => `${application(id)}/pdf-copy/download`;
/** A small export, streamed as it is written (the list's filter, without its sort: an export has its own order). */
export const exportHref = (format: ExportFormat, { sort: _, ...filter }: ApplicationFilter) => `/staff/api/exports/${format}${queryString(filter)}`;
export const exportJobHref = (id: string) => `/staff/api/export-jobs/${id}/download`;
