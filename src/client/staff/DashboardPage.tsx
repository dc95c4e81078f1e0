// The office's first page (/staff): applications started and submitted today, this week and this
// cycle; submissions per day beside last cycle's; this cycle's applications by plan, entry term,
// review status and citizenship. Each chart has its numbers in a table beside it, and every
// number is a link to the list filtered to the applications it counts (dashboard-links.ts).
import { lazy, Suspense, useId, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { REVIEW_STATUSES } from "../../api-contract/staff";
import { institution } from "../institution";
import { staffApi, type Dashboard } from "./api";
import { dayLink, periodLink, splitLink, type Period, type SplitName } from "./dashboard-links";
import type { Choice } from "./fields";
import { choiceLabel, choicesOf, entryTerms, NOT_ANSWERED_LABEL } from "./terms";
import { useStaffTitle } from "./useStaffTitle";
import { reviewLabel } from "./words";

const PerDayChart = lazy(async () => ({ default: (await import("./DashboardCharts")).PerDayChart }));
const SplitChart = lazy(async () => ({ default: (await import("./DashboardCharts")).SplitChart }));

const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
/** A day (YYYY-MM-DD) as staff read it: "Nov 22, 2026". */
const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** Each split: its heading, its first column, and its values in the form's order with their labels. */
const SPLITS: { name: SplitName; title: string; column: string; choices: readonly Choice[]; label: (value: string | null) => string }[] = [
  { name: "plan", title: "By application plan", column: "Application plan", choices: choicesOf("decision_type"), label: (v) => answerLabel(choicesOf("decision_type"), v) },
  { name: "term", title: "By entry term", column: "Entry term", choices: entryTerms, label: (v) => answerLabel(entryTerms, v) },
  { name: "review", title: "By review status", column: "Review status", choices: REVIEW_STATUSES.map((s) => ({ value: s, label: reviewLabel(s) })), label: reviewLabel },
  { name: "citizenship", title: "By U.S. citizenship", column: "U.S. citizen", choices: choicesOf("citizenship_us"), label: (v) => answerLabel(choicesOf("citizenship_us"), v) },
];
const answerLabel = (choices: readonly Choice[], value: string | null) => (value === null ? NOT_ANSWERED_LABEL : choiceLabel(choices, value));

export function DashboardPage() {
  useStaffTitle("Dashboard");
  const dashboard = useQuery({ queryKey: ["dashboard"], queryFn: () => staffApi.dashboard() });
  return (
    <>
      <h1>Dashboard</h1>
      {dashboard.isPending ? (
        <p role="status">Loading the numbers…</p>
      ) : dashboard.isError ? (
        <p role="alert" className="notice notice-error">{dashboard.error.message}</p>
      ) : (
        <Figures dashboard={dashboard.data} />
      )}
    </>
  );
}

function Figures({ dashboard }: { dashboard: Dashboard }) {
  const periods: { period: Period; label: string }[] = [
    { period: "today", label: `Today (${formatDay(dashboard.today)})` },
    { period: "week", label: `This week (from ${formatDay(dashboard.week_from)})` },
    { period: "cycle", label: `This cycle (from ${formatDay(dashboard.cycle_from)})` },
  ];
  return (
    <div className="dashboard">
      <p className="dashboard-note">Days in the office's time zone ({institution.timeZone}). Every number opens the list of the applications it counts.</p>
      <section className="dashboard-panel" aria-labelledby="dashboard-totals">
        <h2 id="dashboard-totals">Started and submitted</h2>
        <div className="table-scroll">
          <table className="staff-table dashboard-table">
            <caption className="visually-hidden">Applications started and submitted, today, this week and this cycle</caption>
            <thead>
              <tr><td />{periods.map(({ period, label }) => <th key={period} scope="col">{label}</th>)}</tr>
            </thead>
            <tbody>
              {(["started", "submitted"] as const).map((what) => (
                <tr key={what}>
                  <th scope="row">{what === "started" ? "Started" : "Submitted"}</th>
                  {periods.map(({ period }) => (
                    <td key={period} className="cell-number"><Link to={periodLink(dashboard, what, period)}>{dashboard[what][period]}</Link></td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <PerDay dashboard={dashboard} />
      <div className="dashboard-splits">
        {SPLITS.map((split) => <Split key={split.name} dashboard={dashboard} {...split} />)}
      </div>
    </div>
  );
}

function PerDay({ dashboard }: { dashboard: Dashboard }) {
  const caption = useId();
  const days = dashboard.per_day;
  return (
    <section className="dashboard-panel" aria-labelledby="dashboard-per-day">
      <h2 id="dashboard-per-day">Submissions per day</h2>
      <Legend items={[["This cycle", "legend-current"], ["Last cycle, the same day a year earlier", "legend-last"]]} />
      <div className="dashboard-pair">
        <Suspense fallback={null}>
          <PerDayChart days={days} label={`Line chart of submissions per day from ${formatDay(dashboard.cycle_from)}, this cycle and last; the table beside it has the numbers.`} />
        </Suspense>
        <div className="table-scroll dashboard-days" role="region" aria-labelledby={caption} tabIndex={0}>
          <table className="staff-table dashboard-table">
            <caption id={caption}>Submissions per day, newest first</caption>
            <thead>
              <tr><th scope="col">Day</th><th scope="col">This cycle</th><th scope="col">Last cycle</th></tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.day}>
                  <th scope="row">{formatDay(day.day)}</th>
                  <td className="cell-number"><Link to={dayLink(day.day)}>{day.submitted}</Link></td>
                  <td className="cell-number"><Link to={dayLink(day.last_day)} aria-label={`${day.last_cycle} on ${formatDay(day.last_day)}`}>{day.last_cycle}</Link></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

function Split({ dashboard, name, title, column, choices, label }: (typeof SPLITS)[number] & { dashboard: Dashboard }) {
  const heading = useId();
  const rows = inFormOrder(dashboard.splits[name], choices);
  const subject = `this cycle's applications by${title.slice("By".length)}`;
  return (
    <section className="dashboard-panel" aria-labelledby={heading}>
      <h2 id={heading}>{title}</h2>
      <Legend items={[["Not yet submitted", "legend-started"], ["Submitted", "legend-submitted"]]} />
      {rows.length === 0 ? (
        <p className="empty-state">No applications started this cycle yet.</p>
      ) : (
        <>
          <Suspense fallback={null}>
            <SplitChart rows={rows.map((row) => ({ ...row, label: label(row.value) }))} label={`Bar chart of ${subject}; the table below has the numbers.`} />
          </Suspense>
          <div className="table-scroll">
            <table className="staff-table dashboard-table">
              <caption className="visually-hidden">{subject.charAt(0).toUpperCase() + subject.slice(1)}</caption>
              <thead>
                <tr><th scope="col">{column}</th><th scope="col">Not yet submitted</th><th scope="col">Submitted</th></tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.value ?? ""}>
                    <th scope="row">{label(row.value)}</th>
                    <td className="cell-number"><Link to={splitLink(dashboard, name, row.value, "started")}>{row.started}</Link></td>
                    <td className="cell-number"><Link to={splitLink(dashboard, name, row.value, "submitted")}>{row.submitted}</Link></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

type SplitRow = Dashboard["splits"][SplitName][number];

/** The form's options first, in its order; then codes it no longer offers (an earlier cycle's term); then not answered. */
function inFormOrder(rows: readonly SplitRow[], choices: readonly Choice[]): SplitRow[] {
  const rank = (value: string | null) => (value === null ? choices.length + 1 : choices.some((c) => c.value === value) ? choices.findIndex((c) => c.value === value) : choices.length);
  return [...rows].sort((a, b) => rank(a.value) - rank(b.value) || String(a.value).localeCompare(String(b.value)));
}

function Legend({ items }: { items: [label: string, className: string][] }) {
  return (
    <ul className="chart-legend" aria-hidden="true">
      {items.map(([text, className]): ReactNode => <li key={text}><span className={`legend-mark ${className}`} />{text}</li>)}
    </ul>
  );
}
