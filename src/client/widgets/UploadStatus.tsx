// An upload under way, for a document question (DocumentControl) and a checklist item sent from
// the status page: a progress bar as the file is sent, then a note while it is converted.
import type { Upload } from "../form/documents";
import { displayText } from "../../engine/text";

/** While it runs: a progress bar as the file is sent, then a note while it is converted; read out politely. */
export function UploadStatus({ upload, id }: { upload: Upload; id: string }) {
  return (
    <div className="file-status" role="status" tabIndex={-1} data-focus-here="">
      {upload.phase === "sending" ? (
        <>
          <label htmlFor={`${id}-progress`}>Uploading {displayText(upload.fileName)}</label>
          {/* Without a value the bar is indeterminate: the browser cannot tell how much was sent. */}
          <progress id={`${id}-progress`} className="file-progress" max={100} value={upload.progress === null ? undefined : Math.round(upload.progress * 100)} />
        </>
      ) : (
        <span className="file-converting">
          <span className="spinner spinner-inline" aria-hidden="true" />
          Processing {displayText(upload.fileName)}. This can take a minute.
        </span>
      )}
    </div>
  );
}
