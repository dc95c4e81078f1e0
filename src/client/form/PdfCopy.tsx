// The applicant's PDF copy of the application: on the
// status page. The server makes it after submit; its status is asked every second until the
// first answer that is not pending, then every ten minutes whatever it says (a stored
// copy's address expires; a failed copy is tried again by the server, and seen at the next ask).
import { api } from "../api/calls";
import { queryClient } from "../api/queries";
import { isBeingMade, usePdfCopy } from "./usePdfCopy";

const PDF_COPY_ERROR = "Error downloading PDF copy of your application.";
/** The spec's pauses: while the copy is pending, and after its first answer that is not. */
export const PDF_COPY_PAUSES = { pendingMs: 1000, settledMs: 600_000 };
/** The pauses in use; tests shorten them. */
export const pdfCopyTiming = { ...PDF_COPY_PAUSES };

export function PdfCopy() {
  const pdfCopy = usePdfCopy({ queryKey: ["pdf-copy"], queryFn: () => api.pdfCopy(), pauses: pdfCopyTiming }, queryClient);
  const data = pdfCopy.data;
  const failure = pdfCopy.isError ? pdfCopy.error.message : data?.status === "FAILED" || (data?.status === "COMPLETED" && !data.url) ? data.message ?? "" : undefined;
  return (
    <section className="pdf-copy" aria-labelledby="pdf-copy-title">
      <h2 id="pdf-copy-title" className="form-heading form-heading-2">A copy for your records</h2>
      {failure !== undefined ? (
        <div role="alert">
          <p className="field-error">{PDF_COPY_ERROR}</p>
          {failure && <p className="field-description">{failure}</p>}
        </div>
      ) : isBeingMade(data) ? (
        <p role="status" className="pdf-copy-pending">
          <span className="spinner spinner-inline" aria-hidden="true" />
          Preparing a PDF copy of your application…
        </p>
      ) : (
        <a className="button button-primary" href={data!.url!} download>Download a PDF copy of your application</a>
      )}
    </section>
  );
}
