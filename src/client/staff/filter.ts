// The application list's filter and sort live in the page's address (so a filtered list can be
// shared and survives a reload), and travel on to each application's address (so its previous
// and next stay within the filter). Values the server would refuse are dropped on reading (a
// decision or a checklist item in the form of one, which the server checks against the definitions).
import { DECISION_RESPONSES } from "../../api-contract/decisions";
import { APPLICATION_STATUSES, LIST_SORTS, NOT_ANSWERED, REQUEST_FILTERS, REVIEW_STATUSES } from "../../api-contract/staff";
import { CHECKLIST_STATES } from "../../api-contract/status";
import type { ApplicationFilter } from "./api";
import { queryString } from "./api";

export type ListSort = (typeof LIST_SORTS)[number];
/** The review filter's extra value: started applications, not reviewed yet. */
export const NOT_REVIEWED = NOT_ANSWERED;

/** The list's order when the address names none: the last touched first. */
export const DEFAULT_SORT: ListSort = "-last_activity";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((v) => v === value);
const text = (value: string | null, maxLength: number) => (value && value.trim() !== "" ? value.trim().slice(0, maxLength) : undefined);
const date = (value: string | null) => (value && DATE.test(value) ? value : undefined);
/** A decision's code or a checklist item's id, as the contract's pattern has them. */
const code = (value: string | null) => (value && /^[a-z][a-z0-9_]{0,99}$/.test(value) ? value : undefined);
const yesNo = (value: string | null) => (value === "true" ? true : value === "false" ? false : undefined);

/** The filter an address names. */
export function filterFrom(search: URLSearchParams): ApplicationFilter {
  const filter: ApplicationFilter = {
    q: text(search.get("q"), 200),
    status: oneOf(APPLICATION_STATUSES, search.get("status")),
    term: text(search.get("term"), 20),
    plan: text(search.get("plan"), 20),
    review: oneOf([...REVIEW_STATUSES, NOT_REVIEWED], search.get("review")),
    request: oneOf(REQUEST_FILTERS, search.get("request")),
    decision: code(search.get("decision")),
    released: yesNo(search.get("released")),
    response: oneOf([...DECISION_RESPONSES, NOT_ANSWERED], search.get("response")),
    checklist: code(search.get("checklist")),
    // A state is an item's: without the item, the server would refuse it.
    checklist_state: code(search.get("checklist")) === undefined ? undefined : oneOf(CHECKLIST_STATES, search.get("checklist_state")),
    outstanding: yesNo(search.get("outstanding")),
    citizenship: text(search.get("citizenship"), 20),
    started_from: date(search.get("started_from")),
    started_to: date(search.get("started_to")),
    submitted_from: date(search.get("submitted_from")),
    submitted_to: date(search.get("submitted_to")),
    sort: oneOf(LIST_SORTS, search.get("sort")),
  };
  return withoutUnset(filter);
}

/** The address's query string for a filter ("" for none); the default sort is left out. */
export function filterSearch(filter: ApplicationFilter): string {
  // Always in one order, so one filter is one address (and one cache entry).
  const {
    q, status, term, plan, review, request, decision, released, response, checklist, checklist_state, outstanding, citizenship,
    started_from, started_to, submitted_from, submitted_to, sort,
  } = filter;
  return queryString({
    q, status, term, plan, review, request, decision, released, response, checklist, checklist_state, outstanding, citizenship,
    started_from, started_to, submitted_from, submitted_to, sort: sort === DEFAULT_SORT ? undefined : sort,
  });
}

/** What the server is asked: the filter with its sort always named, so the list and its neighbours agree. */
export const requestFilter = (filter: ApplicationFilter): ApplicationFilter => ({ ...filter, sort: filter.sort ?? DEFAULT_SORT });

export const isFiltered = (filter: ApplicationFilter) => Object.keys(filter).some((key) => key !== "sort");

function withoutUnset<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
