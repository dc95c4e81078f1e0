// Every message the server sends, in one place: to applicants and to the admissions office. The
// texts only the server sends, and (by reference, never copied) those the browser shows too, from
// the engine's catalogue (src/engine/messages.ts) and its file checks (src/engine/documents.ts).
// Texts in quotes in the spec are quoted exactly; the rest are ours, written for a nervous
// applicant on a phone or a busy officer. A refusal's key is its code (`refuse`, and `code` in the
// answer, ./errors.ts), which the browser may branch on; the message is for people.

import { accountMessages, fileMessages, fileNameTooLong, longDate, type UploadSettings } from "../engine/runtime";
import type { StaffRole } from "./staff";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const messages = {
  // The spec's texts.
  ...accountMessages,
  missingInformation: "We're missing some information! Please fix the highlighted questions and submit your application again.",

  // Operations (GET /ready, under pressure): read by load balancers and operators.
  notReady: (what: "database" | "storage" | "jobs") =>
    `Not ready: ${{ database: "the database", storage: "the file store", jobs: "the job queue" }[what]} cannot be reached.`,
  underPressure: "The server is busy. Please try again in a few seconds.",
  formUpdated: "This application form was updated while you had it open. The page will reload in a moment, with your answers kept.",
  versionNotFound: "No version of the form has this name.",
  versionUnavailable: (label: string) =>
    `This application was made on version ${label} of the form, which cannot be loaded just now, so it is not shown with other questions instead. Other applications are not affected. Please tell the people who run the portal.`,

  // Accounts.
  signedUp: "We sent a confirmation code to your email address. Enter it within 10 minutes to confirm your account.",
  passwordRules: (failed: string[]) => `Your password must meet every requirement: it ${failed.join(", ")}.`,
  passwordCommon: "This password is too common and easy to guess. Please choose a different one.",
  confirmed: "Your account is confirmed. You can now log in.",
  codeWrong: "That confirmation code is not correct or has expired. Please check the code or request a new one.",
  codeResent: "We sent a new confirmation code to your email address. Enter it within 10 minutes.",
  loggedIn: "You are logged in.",
  loginWrong: "Incorrect email address or password.",
  loginUnconfirmed: "Please confirm your account first with the code we sent to your email address, or ask for a new code with Resend confirmation code.",
  loginThrottled: (minutes: number) =>
    `Too many unsuccessful login attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again, or reset your password.`,
  forgotSent: "If an account exists for this email address, we sent it a link to reset your password. The link works for 30 minutes.",
  resetDone: "Your password has been reset. Please log in with your new password.",
  resetWrong: "This password reset link is not valid or has expired. Please request a new one.",
  resetLive: "This password reset link works. Choose your new password.",
  mailThrottled: "Please wait a minute before asking for another email.",
  mailFailed: "We could not send the email just now. Please try again in a minute.",
  tooManySignups: "Too many accounts were created from your network in the last hour. Please try again later.",
  tooManyForgots: "Too many password resets were asked for from your network in the last hour. Please try again later.",
  loggedOut: "You have been logged out.",
  sessionActive: "You are still logged in.",

  // The applicant's own account (/api/account/…).
  emailChangeSent: "We sent a confirmation code to the new address. Enter it here within 10 minutes to change your email address.",
  emailSame: "This is already your email address.",
  emailChanged: "Your email address was changed. Log in with it from now on.",
  emailTaken: "This email address already has an account, so we cannot move yours to it.",
  emailChangeCodeWrong: "That confirmation code is not correct or has expired. Please check the code or ask for a new one.",
  tooManyEmailChanges: "You have asked to change your email address many times in the last hour. Please try again later.",
  currentPasswordWrong: "Your current password is not correct.",
  passwordChanged: "Your password was changed. You are logged out on every other device.",
  tooManyDownloads: "You have downloaded your data many times in the last hour. Please try again later.",
  applicationDeleted: "Your application and your account have been deleted.",

  // The application.
  saved: "Your answers were saved.",
  stale: "Your application was changed in another window or on another device. Please reload the page to see the latest answers.",
  busy: "Your application is being changed in another window. Please try again.",
  alreadySubmitted: "Your application has already been submitted and can no longer be changed.",
  lastPageSaved: "Your place in the application was saved.",
  statusSaved: "Your application status was saved.",
  statusOrder: "An application's status moves from started to validating to submitted, one step at a time.",
  statusSubmitOnly: "Your application is marked submitted only when you submit it with the Submit button.",
  tabSaved: "Your choice was saved.",
  closed: (choices: { key: string; closedAfter: string }[]) =>
    choices.map(({ key, closedAfter }) => `${key}: the deadline for this choice was ${longDate(closedAfter)}.`).join(" "),
  notOffered: (keys: string[]) => `${keys.join(", ")} must be one of the choices ${keys.length === 1 ? "its question offers" : "their questions offer"}.`,
  tabUnknown: (group: string, tabs: string[]) => `chosen_tab must be one of ${tabs.join(", ")} for ${group}.`,
  blocksSaved: "The number of entries was saved.",
  blocksRange: (group: string, max: number) => `num_components must be between 1 and ${max} for ${group}.`,
  temporarySaved: "Your answers were saved. Use the link to come back to them within 30 days.",
  temporaryUnknown: "This link to saved answers is not valid or has expired. Saved answers are kept for 30 days.",
  tooManyTemporary: "You have saved your answers many times in the last hour. Please try again later.",

  // The local store's upload form and download links (src/server/storage/routes.ts).
  uploadNotForm: "The upload could not be read. Please try again.",
  uploadNotMultipart: "Please send the upload as a multipart form (multipart/form-data).",
  uploadIncomplete: "The upload form needs its key, policy and signature fields before the file.",
  uploadUnknownField: "The upload form may contain only its key, policy and signature fields and the file.",
  uploadRepeatedField: "Each field of the upload form may be sent only once.",
  uploadFileField: 'The file must be sent in the form field named "file".',
  uploadAfterFile: "The file must be the last part of the upload form.",
  uploadSecondFile: "Please upload one file at a time.",
  uploadNoFile: "The upload form contains no file.",
  uploadEmpty: "The file is empty.",
  uploadSignature: "This upload form is not valid. Please try again.",
  uploadExpired: "This upload form has expired. Please try again.",
  uploadOtherKey: "This upload form is for a different file. Please try again.",
  downloadBadLink: "This download link is not valid.",
  downloadExpiredLink: "This download link has expired. Please go back and download the file again.",
  uploadTooLarge: (size: string) => `The file is larger than ${size}.`,
  fileGone: "This file no longer exists.",

  // Uploaded documents, turned into PDF (src/server/convert).
  fileUnsupported: "We couldn't read this file. Please upload a PNG, JPEG, PDF or Word (.docx) file.",
  fileOldWord: "This looks like an older Word document (.doc) or a file protected with a password. Please save it as .docx without a password, or as PDF, and upload it again.",
  fileNotWord: "This file is not a Word document. Please upload a PNG, JPEG, PDF or Word (.docx) file.",
  fileWordDamaged: "We couldn't open this Word document; it may be damaged. Please save it again as .docx, or as PDF, and upload it again.",
  fileWordPassword: "This Word document is protected with a password. Please remove the password, save it again and upload it again.",
  fileWordMacros: "This Word document contains macros, which we can't accept. Please save it as a regular .docx and upload it again.",
  fileWordTooBig: "This Word document is too large for us to convert. Please save it as PDF and upload that instead.",
  fileWordFailed: "We couldn't convert this Word document. Please save it as PDF and upload that instead.",
  filePdfDamaged: "We couldn't read this PDF; it may be damaged. Please save it again as PDF and upload it again.",
  filePdfPassword: "This PDF is protected, with a password or against copying, so we can't use it. Please save or print it as a new PDF without protection and upload that.",
  fileImageDamaged: "We couldn't read this image; it may be damaged. Please save it again as PNG or JPEG and upload it again.",
  fileImageTooBig: "This image has too many pixels for us to convert. Please upload a smaller image (at most 24 megapixels) or a PDF.",
  fileTooSlow: "This file took too long to convert. Please save it as PDF and upload that instead, or try again in a few minutes.",
  fileTooMuchMemory: "This file needs more memory to convert than we allow. Please save it again (smaller, or as PDF) and upload it again.",
  fileUnreadable: "We couldn't convert this file. Please save it again as PDF and upload it again.",
  filePdfTooLarge: "This PDF unpacks to far more data than a document needs, so we can't convert it. Please save or print it as a new PDF and upload that.",

  // Documents and the PDF copy.
  notADocumentQuestion: (key: string) => `${key} is not a document question of this application.`,
  uploadAfterSubmit: "This file is sent from your status page once your application is submitted.",
  uploadNotNeeded: (label: string) => `Your checklist does not need "${label}" now: it is received, or the file you sent is being processed.`,
  fileNameTooLong,
  fileWrongType: (uploads: UploadSettings) => fileMessages(uploads).wrongType,
  uploadKeyUnknown: "This upload has expired or belongs to another question. Please choose your file again.",
  uploadMissing: "We did not receive your file. Please choose it and upload it again.",
  documentDeleted: "Your file was deleted.",
  noThumbnail: "There is no picture of this document's first page.",
  tooManyUploads: "You have started too many uploads in the last minute. Please wait a minute and try again.",
  tooManyConversions: "You have sent too many files in the last minute. Please wait a minute and try again.",
  conversionInFlight: "Your last file for this question is still being converted. Please wait until it is done, then try again.",
  pdfCopyFailed: "We could not make the PDF copy of your application just now. Please try again in a few minutes.",
  serviceTokenInvalid: "This service link is not valid or has expired. Service links work for 5 minutes.",
  serviceTokenReadOnly: "A service link only shows one application to print; it cannot be used here.",

  // Lookups (GET /lookup/find): schools and addresses.
  lookupTextOrId: "Send text to search for, or the id of a search result.",
  lookupNotBoth: "Send text to search for or the id of a search result, not both.",
  lookupTextEmpty: "Type at least one letter or number to search for.",
  lookupNotFound: "We couldn't find that in our list. Please type the details in yourself.",

  // Requests a browser of ours never sends.
  crossSite: "Requests from other sites are not allowed.",
  jsonOnly: "Please send the request body as JSON (Content-Type: application/json).",
  badJson: "The request body is not valid JSON.",
  emptyJson: "The request body is empty; send a JSON object.",
  tooLarge: "The request body is too large.",
  badText: "Text may not contain NUL characters or unpaired surrogates.",
  notFound: (method: string, url: string) => `There is no ${method} ${url}.`,
  /** A request the route's schema refuses, in Ajv's first finding as a sentence (platform/http.ts). */
  badRequest: (sentence: string) => sentence,

  // The admissions office: to its officers, not applicants.
  loginNeeded: "Please log in to the admissions office.",
  roleNeeded: (role: StaffRole) => `This needs the ${role} role. Ask an admin if you need it.`,
  applicationNotFound: "There is no such application.",
  badCursor: "This page of the list cannot be found. Go back to the first page.",
  cursorOfAnotherOrder: "This page belongs to the list in another order. Go back to the first page.",
  documentNotFound: (answerKey: string) => `This application has no document for ${answerKey}.`,
  pdfNotFound: (answerKey: string) => `The document for ${answerKey} has no converted PDF yet.`,
  pdfCopyNotReady: "The PDF copy is not made yet. Start it, then try again in a minute.",
  reviewNeedsSubmitted: "Only a submitted application has a review status.",
  emptyNote: "Write something in the note first.",
  checklistItemNotFound: (item: string) => `This application's checklist has no item "${item}".`,
  checklistItemUnknown: (item: string) => `"${item}" is not an item of the checklist in form-definitions/institution.json.`,
  checklistStateNeedsItem: "checklist_state filters by one item's state: name the item in checklist too.",
  emptyRequest: "Write the message to the applicant first.",
  requestNeedsSubmitted: "Only a submitted application's applicant can be asked for information.",
  requestOpen: "This application already has a request waiting for the applicant's reply. Withdraw it first, or wait for the reply.",
  requestNotFound: "There is no such request for information.",
  requestClosed: "This request has been closed, so it takes no reply now. Reload the page to see where it stands.",
  emptyReply: "Write a reply, or upload the file the office asks for.",
  replySent: "Your reply has been sent to the admissions office.",
  decisionUnknown: (code: string) => `"${code}" is not a decision of form-definitions/decisions.json.`,
  decisionNeedsSubmitted: "Only a submitted application can be given a decision.",
  decisionReleased: "This decision has been released to the applicant: only an admin can change or withdraw it now.",
  decisionNotFound: "This application has no decision.",
  releaseInPast: "The release time has passed. Choose a later time, or release now.",
  noDecision: "There is no decision on your application yet.",
  noAnswerAsked: "This decision does not ask for an answer.",
  decisionClosed: "The deadline to answer has passed, so the answer can no longer be given here. Please write to the admissions office.",
  decisionAnswered: "You have already answered. Please write to the admissions office to change your answer.",
  decisionAccepted: "Thank you: you have accepted our offer.",
  decisionDeclined: "Thank you: you have declined our offer.",
  noCycle: "The dashboard counts from the cycle's opening day, and form-definitions/institution.json has no \"cycle\". Ask whoever edits the definitions to add one.",

  // Export jobs (exports/).
  exportFailed: "The export failed. It starts again by itself, twice at most; if it fails again, start a new one.",
  exportNotFound: "There is no such export. Exports are removed 24 hours after they are made.",
  exportNotReady: "This export is not ready yet. Its download appears on the Exports page when it is.",
  exportExpired: "This export has expired: its file was kept for 24 hours. Start a new export from the list.",
  exportTooLarge: (rows: number, limit: number) =>
    `${rows.toLocaleString("en-US")} applications match: an export of more than ${limit.toLocaleString("en-US")} is made in the background. Start it from the list's Export button; its download appears on the Exports page.`,

  // Logging in: one answer for an unknown address, a wrong password and a wrong code.
  staffLoginWrong: "Incorrect email address, password or code.",
  staffLoginThrottled: (minutes: number) => `Too many unsuccessful login attempts. Please wait ${plural(minutes, "minute")} and try again.`,

  // The invitation: a password, then the authenticator.
  invitationInvalid: "This invitation link is not valid or has expired. Ask an admin for a new one.",
  passwordFirst: "Please choose your password first.",
  enrolmentCodeWrong: "That code is not right. Check that your phone's clock is set automatically, and type the code your authenticator app shows now.",

  // Admins managing staff.
  staffEmailInvalid: "Please enter a valid email address.",
  alreadyActive: (email: string) => `${email} already has an account. Change their role in the staff list instead.`,
  alreadyDisabled: (email: string) => `${email} already has an account, which is disabled. Enable it in the staff list instead.`,
  inviteMailFailed: "The invitation could not be mailed just now. Please try again in a minute.",
  staffUnknown: "There is no staff member with this id.",
  notYourself: "You cannot disable your own account or take away your own admin role. Ask another admin.",
  lastAdmin: "This is the last active admin: make someone else an admin first, so the office can still manage its staff.",
  keysToInvalid: "Integration keys can only be handed to another active admin.",

  // The integration API and its keys.
  apiKeyNameInvalid: (name: string) => `"${name}" cannot name a key: use up to 40 lower-case letters, digits, - and _ (not "operator").`,
  apiKeyNameTaken: (name: string) => `A key named "${name}" is in use. Revoke it first, or choose another name.`,
  apiKeyNotFound: (name: string) => `There is no key "${name}" in use.`,
  apiKeyNeeded: "Send an API key: Authorization: Bearer wuk_…",
  apiKeyInvalid: "This API key is not valid: it is mistyped, or it was revoked. Ask the admissions office for a new one.",
  apiRateLimited: (seconds: number) => `Too many calls with this key: try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
  submittedSinceInvalid: "submitted_since must be a date (2026-11-01) or a date-time with its offset (2026-11-01T09:00:00Z).",
  submittedNotFound: "There is no submitted application with this reference.",
} as const;

/** A refusal's code: the key of its message. */
export type ErrorCode = keyof typeof messages;
