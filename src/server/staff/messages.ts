// What the staff side says: to admissions officers, not applicants.
import type { StaffRole } from "../../api-contract/staff";

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
};
