// How the office's pages write times, statuses and roles.
import type { ReviewStatus, StaffRole } from "../../api-contract/staff";
import type { ExportFormat } from "./api";
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

/** The office's export formats, as the Export control offers them. */
export const FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: "CSV", labels: "Labels (CSV)", jsonl: "JSON Lines", zip: "Zip of PDFs and documents",
};

const untilTime = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
/** "27 Nov, 14:05": when an export's file goes. */
export const formatUntil = (iso: string) => untilTime.format(new Date(iso));
