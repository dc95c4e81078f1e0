// An application's documents (each as the applicant sent it and, once converted, as PDF, named by
// its question or its checklist item) and the PDF copy of the whole application, made on
// request: started, asked after every 2 s, then a link.
import { useState } from "react";
import { displayText } from "../../engine/text";
import { questionLabel } from "../form/model";
import { isBeingMade, usePdfCopy } from "../form/usePdfCopy";
import { documentHref, pdfCopyHref, staffApi, type StaffApplication } from "./api";

/** How often the PDF copy's status is asked while it is being made. */
export const pdfCopyTiming = { pendingMs: 2000 };

export function Documents({ application }: { application: StaffApplication }) {
  // A file sent after the submit for a checklist item of its own ("upload": true) is named by the item.
  const labelOf = (key: string) => questionLabel(key) ?? application.checklist.find((line) => line.document === key)?.label ?? key;
  return (
    <section className="side-section" aria-labelledby="documents-title">
      <h2 id="documents-title">Documents</h2>
      {application.documents.length === 0 ? (
        <p>No documents.</p>
      ) : (
        <ul className="documents">
          {application.documents.map((document) => {
            const name = displayText(document.file_name);
            return (
              <li key={document.answer_key} className="document">
                <span className="document-question">{labelOf(document.answer_key)}</span>
                <span className="file-name">{name}</span>
                <span className="document-links">
                  {document.has_pdf && (
                    <a href={documentHref(application.id, document.answer_key, "pdf")} download>
                      {"Download PDF "}<span className="visually-hidden">of {name}</span>
                    </a>
                  )}
                  <a href={documentHref(application.id, document.answer_key, "original")} download>
                    {"Download original "}<span className="visually-hidden">of {name}</span>
                  </a>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <PdfCopyControl id={application.id} />
    </section>
  );
}

function PdfCopyControl({ id }: { id: number }) {
  const [isStarted, setStarted] = useState(false);
  // The POST starts the copy when there is none and answers how it stands, so it is asked again.
  const pdfCopy = usePdfCopy({
    queryKey: ["pdf-copy", id],
    enabled: isStarted,
    queryFn: () => staffApi.pdfCopy(id),
    staleTime: 0,
    gcTime: 0,
    pauses: pdfCopyTiming,
  });
  if (!isStarted) {
    return <button type="button" className="button button-secondary" onClick={() => setStarted(true)}>PDF copy</button>;
  }
  if (pdfCopy.isError) return <p role="alert" className="notice notice-error">{pdfCopy.error.message}</p>;
  if (isBeingMade(pdfCopy.data)) {
    return (
      <p role="status" className="pdf-copy-pending">
        <span className="spinner spinner-inline" aria-hidden="true" />
        Making the PDF copy…
      </p>
    );
  }
  if (pdfCopy.data!.status === "FAILED") return <p role="alert" className="notice notice-error">{pdfCopy.data!.message ?? "The PDF copy could not be made."}</p>;
  return (
    <p role="status">
      <a className="button button-primary" href={pdfCopyHref(id)} download>Download the PDF copy</a>
    </p>
  );
}
