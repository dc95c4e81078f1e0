// The audit log (/staff/audit, admins): who did what and when, newest first, filtered by who, the
// action, the application and the days between (the filter in the address); "Older entries"
// pages back by the server's `before` cursor.
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Button, Form } from "react-aria-components";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AUDIT_ACTIONS } from "../../api-contract/staff";
import { displayText } from "../../engine/text";
import { TextInput } from "../ui/TextInput";
import { queryString, staffApi, type AuditEntry, type AuditFilter } from "./api";
import { DateField, onSubmitted, SelectField } from "./fields";
import { useCursors } from "./paging";
import { useStaffTitle } from "./useStaffTitle";
import { formatTime } from "./words";

const AUDIT_PATH = "/staff/audit";
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ACTION_CHOICES = AUDIT_ACTIONS.map((action) => ({ value: action, label: (action.charAt(0).toUpperCase() + action.slice(1)).replace(/\bapi\b/i, "API") }));

/** The filter an address names; values the server would refuse are dropped. */
export function auditFilterFrom(search: URLSearchParams): AuditFilter {
  const application = Number(search.get("application"));
  const filter: AuditFilter = {
    actor: search.get("actor")?.trim() || undefined,
    action: AUDIT_ACTIONS.find((action) => action === search.get("action")),
    application: Number.isInteger(application) && application > 0 ? application : undefined,
    from: DATE.test(search.get("from") ?? "") ? search.get("from")! : undefined,
    to: DATE.test(search.get("to") ?? "") ? search.get("to")! : undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as AuditFilter;
}

export function AuditPage() {
  useStaffTitle("Audit log");
  const navigate = useNavigate();
  const filter = auditFilterFrom(useSearchParams()[0]);
  const search = queryString({ ...filter });
  const cursors = useCursors<number>(search);
  const log = useQuery({
    queryKey: ["audit", search, cursors.current ?? null],
    queryFn: () => staffApi.audit(filter, cursors.current),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <h1>Audit log</h1>
      <AuditFilters key={search} filter={filter} onApply={(next) => void navigate({ pathname: AUDIT_PATH, search: queryString({ ...next }) })} />
      {log.isPending ? (
        <p role="status">Loading the audit log…</p>
      ) : log.isError ? (
        <p role="alert" className="notice notice-error">{log.error.message}</p>
      ) : (
        <section aria-label="Entries" aria-busy={log.isFetching}>
          {log.data.rows.length === 0 ? <p className="empty-state">No entries match this filter.</p> : <AuditTable rows={log.data.rows} />}
          <nav className="pager" aria-label="Pages of the audit log">
            <button type="button" className="button button-secondary" disabled={cursors.isFirst || log.isPlaceholderData} onClick={cursors.previous}>Newer entries</button>
            <button type="button" className="button button-secondary" disabled={log.data.next === null || log.isPlaceholderData} onClick={() => log.data.next !== null && cursors.next(log.data.next)}>
              Older entries
            </button>
          </nav>
        </section>
      )}
    </>
  );
}

/** The filter's fields, applied together (typing an address or a number a letter at a time would ask the server each time). */
function AuditFilters({ filter, onApply }: { filter: AuditFilter; onApply: (filter: AuditFilter) => void }) {
  const [values, setValues] = useState({
    actor: filter.actor ?? "",
    action: filter.action ?? "",
    application: filter.application ? String(filter.application) : "",
    from: filter.from ?? "",
    to: filter.to ?? "",
  });
  const set = (name: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const apply = () => onApply(auditFilterFrom(new URLSearchParams(values)));
  return (
    <Form role="search" aria-label="Filter the audit log" className="list-filters" onSubmit={onSubmitted(apply)}>
      <TextInput label="E-mail (staff or applicant)" type="email" value={values.actor} onChange={set("actor")} maxLength={254} />
      <SelectField label="Action" value={values.action} onChange={set("action")} choices={ACTION_CHOICES} anyLabel="Any" />
      <TextInput label="Application number" inputMode="numeric" value={values.application} onChange={set("application")} maxLength={10} />
      <DateField label="From" value={values.from} onChange={set("from")} />
      <DateField label="To" value={values.to} onChange={set("to")} />
      <div className="filter-actions">
        <Button type="submit" className="button button-primary">Apply filter</Button>
        <Link to={AUDIT_PATH}>Clear</Link>
      </div>
    </Form>
  );
}

function AuditTable({ rows }: { rows: AuditEntry[] }) {
  return (
    <div className="table-scroll" role="region" aria-label="Audit entries" tabIndex={0}>
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Application</th>
            <th scope="col">Detail</th>
            <th scope="col">Address</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td><time dateTime={row.at}>{formatTime(row.at)}</time></td>
              <td className="cell-email">{displayText(row.actor)}</td>
              <td>{row.action}</td>
              <td>{row.application_id ? <Link to={`/staff/applications/${row.application_id}`}>{row.reference ?? `Application ${row.application_id}`}</Link> : "—"}</td>
              <td className="cell-detail">{detailText(row.detail)}</td>
              <td>{row.address ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An entry's detail as one line of text ("role: reviewer; disabled: true"), never as markup. */
export function detailText(detail: Record<string, unknown>): string {
  const parts = Object.entries(detail).map(([name, value]) => `${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
  return displayText(parts.join("; ")) || "—";
}
