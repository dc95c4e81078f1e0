// What the staff side says: to admissions officers, not applicants.
import type { StaffRole } from "../../api-contract/staff";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const staffMessages = {
  loginNeeded: "Please log in to the admissions office.",
  loggedOut: "You have been logged out.",
  roleNeeded: (role: StaffRole) => `This needs the ${role} role. Ask an admin if you need it.`,
  applicationNotFound: "There is no such application.",
  badCursor: "This page of the list cannot be found. Go back to the first page.",
  cursorOfAnotherOrder: "This page belongs to the list in another order. Go back to the first page.",
  documentNotFound: (answerKey: string) => `This application has no document for ${answerKey}.`,
  pdfNotFound: (answerKey: string) => `The document for ${answerKey} has no converted PDF yet.`,
  pdfCopyNotReady: "The PDF copy is not made yet. Start it, then try again in a minute.",
  reviewNeedsSubmitted: "Only a submitted application has a review status.",
  emptyNote: "Write something in the note first.",
  noCycle: "The dashboard counts from the cycle's opening day, and form-definitions/institution.json has no \"cycle\". Ask whoever edits the definitions to add one.",

  // Export jobs (exports/).
  exportFailed: "The export failed. It starts again by itself, twice at most; if it fails again, start a new one.",
  exportNotFound: "There is no such export. Exports are removed 24 hours after they are made.",
  exportNotReady: "This export is not ready yet. Its download appears on the Exports page when it is.",
  exportExpired: "This export has expired: its file was kept for 24 hours. Start a new export from the list.",

  // Logging in: one answer for an unknown address, a wrong password and a wrong code.
  loginWrong: "Incorrect email address, password or code.",
  loginThrottled: (minutes: number) => `Too many unsuccessful login attempts. Please wait ${plural(minutes, "minute")} and try again.`,

  // The invitation: a password, then the authenticator.
  invitationInvalid: "This invitation link is not valid or has expired. Ask an admin for a new one.",
  passwordFirst: "Please choose your password first.",
  enrolmentCodeWrong: "That code is not right. Check that your phone's clock is set automatically, and type the code your authenticator app shows now.",

  // Admins managing staff.
  emailInvalid: "Please enter a valid email address.",
  alreadyActive: (email: string) => `${email} already has an account. Change their role in the staff list instead.`,
  alreadyDisabled: (email: string) => `${email} already has an account, which is disabled. Enable it in the staff list instead.`,
  inviteMailFailed: "The invitation could not be mailed just now. Please try again in a minute.",
  staffUnknown: "There is no staff member with this id.",
  notYourself: "You cannot disable your own account or take away your own admin role. Ask another admin.",
  lastAdmin: "This is the last active admin: make someone else an admin first, so the office can still manage its staff.",

  // The integration API and its keys.
  apiKeyNameInvalid: (name: string) => `"${name}" cannot name a key: use up to 40 lower-case letters, digits, - and _ (not "operator").`,
  apiKeyNameTaken: (name: string) => `A key named "${name}" is in use. Revoke it first, or choose another name.`,
  apiKeyNotFound: (name: string) => `There is no key "${name}" in use.`,
  apiKeyNeeded: "Send an API key: Authorization: Bearer wuk_…",
  apiKeyInvalid: "This API key is not valid: it is mistyped, or it was revoked. Ask the admissions office for a new one.",
  apiRateLimited: (seconds: number) => `Too many calls with this key: try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
  submittedSinceInvalid: "submitted_since must be a date (2026-11-01) or a date-time with its offset (2026-11-01T09:00:00Z).",
  submittedNotFound: "There is no submitted application with this reference.",
};
