// The list's "Export" control (admins): the applications of the list's current filter as CSV, the
// labels file, JSON Lines or a zip of PDFs and documents. A small export is a plain link, streamed
// by the server as it is written; a large one (more than EXPORT_DIRECT_LIMIT, or any zip) starts a
// job, shown with its progress on the Exports page until its file is ready.
import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { EXPORT_DIRECT_LIMIT } from "../../api-contract/export-jobs";
import { exportHref, staffApi, type ApplicationFilter, type ExportFormat } from "./api";
import { EXPORTS_PATH, EXPORT_JOBS_KEY, type ExportsState } from "./ExportsPage";
import { FORMAT_LABELS } from "./words";

const FORMATS = Object.keys(FORMAT_LABELS) as ExportFormat[];
const count = new Intl.NumberFormat("en-US");

/** Whether an export of `total` applications runs as a job (docs/office.md: the office's exports). */
const isJob = (format: ExportFormat, total: number) => format === "zip" || (format !== "labels" && total > EXPORT_DIRECT_LIMIT);

export function ExportControl({ filter, total }: { filter: ApplicationFilter; total: number }) {
  const id = useId();
  const [format, setFormat] = useState<ExportFormat>("csv");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { sort: _, ...exported } = filter;
  const start = useMutation({
    mutationFn: () => staffApi.startExport({ format, filter: exported }),
    onSuccess: async (job) => {
      await queryClient.invalidateQueries({ queryKey: EXPORT_JOBS_KEY });
      void navigate(EXPORTS_PATH, { state: { started: job.id } satisfies ExportsState });
    },
  });
  const label = format === "labels" ? "Export the labels of the columns" : `Export ${count.format(total)} ${total === 1 ? "application" : "applications"}`;
  const asJob = isJob(format, total);
  return (
    <div className="export-control" role="group" aria-labelledby={`${id}-title`}>
      <span id={`${id}-title`} className="visually-hidden">Export</span>
      <label className="field-label" htmlFor={`${id}-format`}>Export as</label>
      <select id={`${id}-format`} className="input select" value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)}>
        {FORMATS.map((value) => <option key={value} value={value}>{FORMAT_LABELS[value]}</option>)}
      </select>
      {asJob ? (
        <button type="button" className="button button-secondary" onClick={() => start.mutate()} disabled={start.isPending} aria-describedby={`${id}-how`}>
          {label}
        </button>
      ) : (
        // The server answers with the file as an attachment: the page stays.
        <a className="button button-secondary" href={exportHref(format, filter)} download aria-describedby={`${id}-how`}>{label}</a>
      )}
      <span id={`${id}-how`} className="export-how">
        {asJob ? "Made in the background: it appears on the Exports page, ready to download within minutes." : "Downloads at once."}
      </span>
      {start.isError && <p role="alert" className="notice notice-error">{start.error.message}</p>}
    </div>
  );
}
