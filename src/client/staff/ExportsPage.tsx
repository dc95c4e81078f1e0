// The Exports page (/staff/exports, admins): every admin's export jobs of the last day, newest
// first, polled each second while one is on its way: waiting, its progress ("12,000 of 100,000",
// a <progress> and a polite live region), then its download until the file expires, or why it failed.
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import { exportJobHref, staffApi, type ExportJob } from "./api";
import { LIST_PATH } from "./session";
import { useStaffTitle } from "./useStaffTitle";
import { FORMAT_LABELS, formatTime, formatUntil } from "./words";

export const EXPORTS_PATH = "/staff/exports";
export const EXPORT_JOBS_KEY = ["staff", "export-jobs"] as const;

/** What the list's Export control hands this page when it has started a job. */
export interface ExportsState { started?: string }

const count = new Intl.NumberFormat("en-US");
const isUnderWay = (job: ExportJob) => job.status === "queued" || job.status === "running";

export function ExportsPage() {
  useStaffTitle("Exports");
  const started = (useLocation().state as ExportsState | null)?.started;
  const jobs = useQuery({
    queryKey: EXPORT_JOBS_KEY,
    queryFn: () => staffApi.exportJobs(),
    refetchInterval: (query) => (query.state.data?.jobs.some(isUnderWay) ? 1000 : false),
    staleTime: 0,
  });
  return (
    <>
      <h1>Exports</h1>
      <p>
        Exports of more than 5,000 applications, and every zip, are made here in the background, from the list&apos;s filter at the time.
        Each file can be downloaded for 24 hours after it is made; every admin sees every export.
      </p>
      {started && <p className="notice" role="status">Your export has started. It is listed below; you may leave this page meanwhile.</p>}
      {jobs.isPending ? (
        <p role="status">Loading exports…</p>
      ) : jobs.isError ? (
        <p role="alert" className="notice notice-error">{jobs.error.message}</p>
      ) : jobs.data.jobs.length === 0 ? (
        <p className="empty-state">There are no exports of the last day. Start one from the <Link to={LIST_PATH}>list of applications</Link>.</p>
      ) : (
        <ul className="export-jobs">
          {jobs.data.jobs.map((job) => <JobItem key={job.id} job={job} />)}
        </ul>
      )}
    </>
  );
}

function JobItem({ job }: { job: ExportJob }) {
  const statusId = `export-${job.id}-status`;
  return (
    <li className="export-job">
      <h2 className="export-job-title">{FORMAT_LABELS[job.format]}: {filterText(job.filter)}</h2>
      <p className="export-job-meta">Started by {job.by}, {formatTime(job.created_at)}</p>
      <p id={statusId} role="status" className="export-job-status">{statusText(job)}</p>
      {job.status === "running" && (
        <progress aria-labelledby={statusId} max={job.rows_total ?? undefined} value={job.rows_total === null ? undefined : job.rows_done} />
      )}
      {job.status === "done" && (
        <a className="button button-primary" href={exportJobHref(job.id)}>
          Download<span className="visually-hidden"> the {FORMAT_LABELS[job.format]} export started {formatTime(job.created_at)}</span>
        </a>
      )}
    </li>
  );
}

function statusText(job: ExportJob): string {
  switch (job.status) {
    case "queued": return "Waiting to start.";
    case "running": return job.rows_total === null ? "Counting the applications…" : `${count.format(job.rows_done)} of ${count.format(job.rows_total)}`;
    case "done": return `${rowsText(job)} Ready until ${formatUntil(job.expires_at!)}.`;
    case "failed": return job.message ?? "The export failed.";
  }
}

const rowsText = (job: ExportJob) =>
  job.format === "labels" ? `${count.format(job.rows_done)} columns.` : `${count.format(job.rows_done)} ${job.rows_done === 1 ? "application" : "applications"}.`;

/** The filter as the list's fields name it ("term: FA26, status: submitted"); all applications when none. */
function filterText(filter: Record<string, unknown>): string {
  const parts = Object.entries(filter).filter(([name]) => name !== "sort").map(([name, value]) => `${FILTER_NAMES[name] ?? name} ${String(value)}`);
  return parts.length ? parts.join(", ") : "all applications";
}

const FILTER_NAMES: Record<string, string> = {
  q: "search", status: "status", term: "term", review: "review status", request: "requests", citizenship: "U.S. citizen", submitted_from: "submitted from", submitted_to: "submitted to",
};
