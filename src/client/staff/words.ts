// How the office's pages write times, statuses and roles.
import type { ReviewStatus, StaffRole } from "../../api-contract/staff";
import { institution } from "../institution";

/** The office's name, after each page's title in the tab. */
export const OFFICE_NAME = `${institution.name} admissions office`;

// In the office's time zone, as the filter's days and the applicant's confirmation e-mail: a
// reviewer travelling, or an applicant abroad, reads the same time the office does.
const { timeZone } = institution;
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone });

/** A time as staff read it, or a dash for none. */
export const formatTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : "—");
export const formatDay = (iso: string | null) => (iso ? dateOnly.format(new Date(iso)) : "—");

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "in review" → "In review"; none yet → "Not reviewed". */
export const reviewLabel = (status: ReviewStatus | string | null) => (status ? capitalised(status) : "Not reviewed");
export const applicationStatusLabel = (status: string) => capitalised(status);
export const roleLabel = (role: StaffRole) => capitalised(role);
