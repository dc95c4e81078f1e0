// A logged-in applicant's document control: choose a file,
// see it checked, uploaded and converted, then see it stored (name and size) and delete it; a
// failed upload stays at the question with its reason and 'Try another file'.
// The browser's own file input, drawn as a 'Choose file' button by its label.
import { useEffect, useRef, useState, type ChangeEvent, type RefObject } from "react";
import { useAnswer } from "../state/answers";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { preloadDialog } from "../ui/lazy";
import { useChanges } from "../form/changes";
import {
  ANSWERED, deleteDocument, deleteFailed, forgetUploadFailure, uploadDocument, useDocumentAnswers, useUploadFailures, useUploads,
} from "../form/documents";
import { UploadStatus } from "./UploadStatus";
import { useSession } from "../state/session";
import { acceptedTypes, checkFile, formatFileSize } from "../../engine/documents";
import { institution } from "../institution";
import { displayText } from "../../engine/text";

interface Props {
  answerKey: string;
  /** The question's label: the upload's error toast names it. */
  label: string;
  /** The question's id: `{id}-label` names the input. */
  id: string;
  isInvalid: boolean;
  /** The question's own parts the input is described by (hint, validation errors). */
  describedBy: string | undefined;
}

export default function DocumentControl({ answerKey, label, id, isInvalid, describedBy }: Props) {
  const changes = useChanges();
  const upload = useUploads((uploads) => uploads[answerKey]);
  const documents = useDocumentAnswers();
  const answer = useAnswer(answerKey);
  const stored = answer === ANSWERED ? documents.data?.[answerKey] : undefined;
  const [problems, setProblems] = useState<string[]>([]);
  const username = useSession((session) => session.username);
  const held = useUploadFailures((failures) => failures[answerKey]);
  const failure = held?.username === username ? held : undefined;
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const shown = upload ? "upload" : stored ? "stored" : answer === ANSWERED && documents.isPending ? "loading" : failure ? "failed" : "choose";
  useFocusFollows(shown, root);
  if (failure && "error" in failure) {
    // Thrown once: after the boundary, going back to the page shows the control ready again.
    queueMicrotask(() => forgetUploadFailure(answerKey));
    throw failure.error;
  }

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again after a refusal is a change too.
    event.target.value = "";
    if (!file) return;
    const checked = checkFile(file, institution.uploads);
    if (!checked.ok) {
      forgetUploadFailure(answerKey);
      return setProblems(checked.errors.map((error) => error.message));
    }
    setProblems([]);
    void uploadDocument(changes, answerKey, label, checked.value);
  };

  return (
    <div ref={root} className="file-control">
      {shown === "upload" && <UploadStatus upload={upload!} id={id} />}
      {shown === "loading" && <p className="field-description" role="status">Loading your document…</p>}
      {shown === "stored" && <StoredDocument answerKey={answerKey} label={label} id={id} file={stored!} />}
      {shown === "failed" && (
        <div className="file-failed">
          <p id={`${id}-failure`} className="field-error" role="alert">
            <span className="file-name">{displayText(failure!.fileName)}</span>: {"message" in failure! ? failure.message : ""}
          </p>
          {/* The picker opens from the browser's own input, kept here hidden (and so out of the tab order). */}
          <input ref={input} type="file" hidden accept={acceptedTypes(institution.uploads)} onChange={choose} />
          <button
            id={`${id}-retry`}
            type="button"
            className="button button-secondary"
            aria-labelledby={`${id}-label ${id}-retry`}
            aria-describedby={`${id}-failure`}
            onClick={() => input.current?.click()}
            data-focus-here=""
          >
            Try another file
          </button>
        </div>
      )}
      {shown === "choose" && (
        <>
          <div className="file-choose">
            <input
              id={`${id}-input`}
              type="file"
              className="file-input"
              accept={acceptedTypes(institution.uploads)}
              onChange={choose}
              aria-labelledby={`${id}-label ${id}-button`}
              aria-invalid={isInvalid || problems.length > 0 || undefined}
              aria-describedby={[describedBy, problems.length > 0 ? `${id}-problems` : undefined].filter(Boolean).join(" ") || undefined}
              data-focus-here=""
            />
            <label id={`${id}-button`} htmlFor={`${id}-input`} className="button button-secondary file-button">Choose file</label>
          </div>
          <div id={`${id}-problems`} role="alert" className="field-error">
            {problems.length > 0 && <ul className="file-problems">{problems.map((problem) => <li key={problem}>{problem}</li>)}</ul>}
          </div>
        </>
      )}
    </div>
  );
}

function StoredDocument({ answerKey, label, id, file }: { answerKey: string; label: string; id: string; file: { file_name: string; file_size: number } }) {
  const changes = useChanges();
  const [isConfirming, setConfirming] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  // A document whose first page could not be drawn has no thumbnail (404): it shows without one.
  const [hasThumbnail, setHasThumbnail] = useState(true);
  const remove = async () => {
    setDeleting(true);
    try {
      await deleteDocument(changes, answerKey);
    } catch (error) {
      deleteFailed(label, error);
    } finally {
      setDeleting(false);
    }
  };
  return (
    <div className="file-stored">
      {hasThumbnail && (
        <img
          className="file-thumbnail"
          src={thumbnailUrl(answerKey, file)}
          alt={`First page of ${displayText(file.file_name)}`}
          onError={() => setHasThumbnail(false)}
        />
      )}
      <span id={`${id}-file`} className="file-name">
        {displayText(file.file_name)} <span className="file-size">{formatFileSize(file.file_size)}</span>
      </span>
      {/* aria-disabled, not disabled: the dialog gives the focus back to this button while it deletes. */}
      <button
        type="button"
        className="button button-secondary"
        aria-describedby={`${id}-file`}
        aria-disabled={isDeleting || undefined}
        onMouseEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => !isDeleting && setConfirming(true)}
        data-focus-here=""
      >
        Delete
      </button>
      {isDeleting && <span className="field-description" role="status">Deleting…</span>}
      <ConfirmDialog title="Delete File" isOpen={isConfirming} onOpenChange={setConfirming} confirmLabel="Delete" onConfirm={() => void remove()}>
        Are you sure you want to delete your file?
      </ConfirmDialog>
    </div>
  );
}

/**
 * The first page's picture. The name and size tell one stored document from the next in the
 * address: the browser keeps a page's images by address whatever the server's no-store says.
 */
const thumbnailUrl = (answerKey: string, file: { file_name: string; file_size: number }) =>
  `/api/document-answer/${encodeURIComponent(answerKey)}/thumbnail?${new URLSearchParams({ of: `${file.file_size}:${file.file_name}` })}`;

/**
 * The control swaps its parts as an upload runs (input, progress, stored file): when the focused
 * part goes, the focus moves to the part that replaced it instead of falling to the page's start.
 */
function useFocusFollows(shown: string, root: RefObject<HTMLDivElement | null>): void {
  const previous = useRef(shown);
  useEffect(() => {
    const before = previous.current;
    previous.current = shown;
    // Nothing of the control could hold the focus while the stored list loaded.
    if (before === shown || before === "loading") return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    root.current?.querySelector<HTMLElement>("[data-focus-here]")?.focus();
  }, [shown, root]);
}
