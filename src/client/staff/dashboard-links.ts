// Where each of the dashboard's figures leads: the application list filtered to the rows it
// counts, as the server counts them (src/server/data/dashboard.ts). A period is its first day to
// today, by the day started or submitted; a split is this cycle's applications (started since it
// opened) with that answer, not yet submitted or submitted.
import { NOT_ANSWERED } from "../../api-contract/staff";
import type { ApplicationFilter, Dashboard } from "./api";
import { filterSearch } from "./filter";
import { LIST_PATH } from "./session";

export type Period = "today" | "week" | "cycle";
export type SplitName = keyof Dashboard["splits"];

const listOf = (filter: ApplicationFilter) => `${LIST_PATH}${filterSearch(filter)}`;

const firstDay = (dashboard: Dashboard, period: Period) =>
  ({ today: dashboard.today, week: dashboard.week_from, cycle: dashboard.cycle_from })[period];

/** Started (or submitted) from the period's first day to today. */
export const periodLink = (dashboard: Dashboard, what: "started" | "submitted", period: Period) =>
  listOf(what === "started"
    ? { started_from: firstDay(dashboard, period), started_to: dashboard.today }
    : { submitted_from: firstDay(dashboard, period), submitted_to: dashboard.today });

/** Submitted on one day. */
export const dayLink = (day: string) => listOf({ submitted_from: day, submitted_to: day });

/** This cycle's applications with `value` (null: not answered) in a split, in one status. */
export const splitLink = (dashboard: Dashboard, split: SplitName, value: string | null, status: "started" | "submitted") =>
  listOf({ started_from: dashboard.cycle_from, started_to: dashboard.today, status, [split]: value ?? NOT_ANSWERED });
