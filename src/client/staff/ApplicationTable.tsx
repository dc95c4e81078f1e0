// The list's table: sortable by reference, name, submitted and last activity (each header a
// button, its column's aria-sort saying the order); each name links to the application with the
// filter along, so its previous and next stay within the list. The decision is as the server gives
// it to the one reading: to a reader, none until it is released.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LIST_SORTS } from "../../api-contract/staff";
import { displayText } from "../../engine/text";
import type { ApplicationRow } from "./api";
import type { ListSort } from "./filter";
import { termLabel } from "./terms";
import { applicationStatusLabel, formatDay, formatTime, reviewLabel } from "./words";

type SortField = "reference" | "name" | "submitted_at" | "last_activity";

/** "Admit", "Admit (not released)", "Admit: accepted". */
function decisionText({ label, released, response }: NonNullable<ApplicationRow["decision"]>): string {
  if (!released) return `${label} (not released)`;
  return response ? `${label}: ${response}` : label;
}

interface Column {
  label: string;
  sort?: SortField;
  /** What the row shows; `search` is the filter to carry into the application's link. */
  cell: (row: ApplicationRow, search: string) => ReactNode;
}

const COLUMNS: Column[] = [
  { label: "Reference", sort: "reference", cell: (row) => row.reference ?? "—" },
  {
    label: "Name",
    sort: "name",
    cell: (row, search) => <Link to={{ pathname: `/staff/applications/${row.id}`, search }}>{displayText(row.name) || "(no name yet)"}</Link>,
  },
  { label: "E-mail", cell: (row) => displayText(row.email) },
  { label: "Status", cell: (row) => applicationStatusLabel(row.status) },
  { label: "Entry term", cell: (row) => termLabel(row.entry_term) },
  { label: "Submitted", sort: "submitted_at", cell: (row) => formatDay(row.submitted_at) },
  { label: "Last activity", sort: "last_activity", cell: (row) => formatTime(row.last_activity) },
  { label: "Review status", cell: (row) => (row.status === "submitted" ? reviewLabel(row.review_status) : "—") },
  { label: "Decision", cell: (row) => (row.decision ? decisionText(row.decision) : "—") },
];

/** Pressing a header: its column's other order when it is the sort, else newest first for times and A–Z for text. */
function nextSort(field: SortField, current: ListSort): ListSort {
  const wanted = current === field ? `-${field}` : current === `-${field}` ? field : field.endsWith("_at") || field === "last_activity" ? `-${field}` : field;
  return LIST_SORTS.find((sort) => sort === wanted)!;
}

const directionOf = (field: SortField, sort: ListSort) => (sort === field ? "ascending" : sort === `-${field}` ? "descending" : undefined);

interface Props {
  rows: ApplicationRow[];
  sort: ListSort;
  onSort: (sort: ListSort) => void;
  /** The filter as a query string, carried into each application's link. */
  search: string;
}

export function ApplicationTable({ rows, sort, onSort, search }: Props) {
  const header = (column: Column) => {
    const field = column.sort;
    if (!field) return <th key={column.label} scope="col">{column.label}</th>;
    const direction = directionOf(field, sort);
    return (
      <th key={column.label} scope="col" aria-sort={direction}>
        <button type="button" className="sort-button" onClick={() => onSort(nextSort(field, sort))}>
          {column.label}
          <span className="sort-mark" aria-hidden="true">{direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕"}</span>
        </button>
      </th>
    );
  };
  return (
    <div className="table-scroll" role="region" aria-label="Applications" tabIndex={0}>
      <table className="staff-table">
        <thead>
          <tr>{COLUMNS.map(header)}</tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {COLUMNS.map((column) => <td key={column.label}>{column.cell(row, search)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
