import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../api-contract/errors";
import { REQUEST_TEXT_MAX } from "../../api-contract/status";
import { api, type ApplicationStatus } from "../api/calls";
import { officeDateTime } from "../../engine/dates";
import { acceptedTypes, checkFile } from "../../engine/documents";
import { accountMessages } from "../../engine/messages";
import { useProfile } from "../api/queries";
import { useArrivalMessages } from "../auth/navigation";
import { institution } from "../institution";
import { useCheckedDownload } from "../shell/useCheckedDownload";
import { useDocumentTitle } from "../shell/useDocumentTitle";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { PendingButton } from "../ui/PendingButton";
import { toasts } from "../ui/Toasts";
import { UploadStatus } from "../widgets/UploadStatus";
import { sendChecklistFile, type Upload } from "./documents";
import { PdfCopy } from "./PdfCopy";

type Line = ApplicationStatus["checklist"][number];
type InformationRequest = ApplicationStatus["requests"][number];
type Decision = NonNullable<ApplicationStatus["decision"]>;
const STATUS = ["status"] as const;
/** How often the page looks again while a file it did not send itself is being processed (sent from another tab). */
const PROCESSING_POLL_MS = 3000;

/** What each state of the application tells its applicant. */
const STATE_TEXT: Record<ApplicationStatus["state"], string> = {
  in_progress: "In progress: your application is not submitted yet.",
  submitted: "Submitted: we have your application and will start reviewing it soon.",
  under_review: "Under review: the admissions office is reviewing your application.",
  information_requested: "Information requested: the admissions office has asked you for something. Please read their message below.",
  decision_available: "Decision available: the admissions office has made its decision. Please read your letter below.",
};

/** An item's state in words, so it never rests on a colour. */
const ITEM_STATE_TEXT: Record<ApplicationStatus["checklist"][number]["state"], string> = {
  received: "Received",
  processing: "Being processed",
  needed: "Still needed",
};

/**
 * After submit, the applicant's landing page: the success message arrives in navigation state and
 * shows as a success toast; where the application stands, its reference and when it was
 * submitted; the decision's letter once released, with the offer's answer; the office's
 * messages, each open one with a reply form (and the upload it asks for); the checklist of what the office needs (institution.json "checklist"), a file still
 * needed sent from here; the PDF copy.
 */
export function StatusPage() {
  useDocumentTitle("Your application");
  useArrivalMessages(toasts, "Completion Error");
  // Loaded by the form layout before any page of it shows.
  const profile = useProfile(true).data;
  const status = useQuery({
    queryKey: STATUS,
    queryFn: () => api.status(),
    refetchInterval: (query) => (query.state.data?.checklist.some((line) => line.state === "processing") ? PROCESSING_POLL_MS : false),
  });
  const requests = status.data?.requests ?? [];
  const checklist = status.data?.checklist ?? [];
  /** The item an open request asks for is sent with the reply, not from the checklist. */
  const askedFor = requests.find((request) => request.state === "open")?.item ?? null;
  return (
    <article className="form-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">Your application is submitted</h1>
      {status.data && <p className="application-state"><strong>Status:</strong> {STATE_TEXT[status.data.state]}</p>}
      {profile?.reference ? (
        <Submission reference={profile.reference} submittedAt={profile.submitted_at} username={profile.username} />
      ) : (
        // Submitted before submits gave references (and confirmation e-mails).
        <p>Thank you. We have everything we need from this online application.</p>
      )}
      {status.data?.decision && <DecisionLetter decision={status.data.decision} />}
      {requests.length > 0 && <Requests requests={requests} checklist={checklist} />}
      {checklist.length > 0 && <Checklist lines={checklist} askedFor={askedFor} />}
      <PdfCopy />
    </article>
  );
}

function Submission({ reference, submittedAt, username }: { reference: string; submittedAt: string | null; username: string }) {
  return (
    <>
      <p>
        Thank you. We have everything we need from this online application
        {submittedAt && <>; we received it on {officeDateTime(new Date(submittedAt), institution.timeZone)}</>}.
      </p>
      <p className="submission-reference">
        Your reference number is <strong className="submission-reference-number">{reference}</strong>
      </p>
      <p>Please quote it whenever you contact the {institution.officeName} about your application.</p>
      <p>A confirmation e-mail has been sent to {username}.</p>
    </>
  );
}

function Checklist({ lines, askedFor }: { lines: Line[]; askedFor: string | null }) {
  const needed = lines.filter((line) => line.state !== "received").length;
  return (
    <section className="checklist" aria-labelledby="checklist-title">
      <h2 id="checklist-title" className="form-heading form-heading-2">Your checklist</h2>
      <p>{needed === 0 ? "We have received everything on your checklist." : `We still need ${needed === 1 ? "1 item" : `${needed} items`} to complete your file.`}</p>
      <ul className="checklist-items">
        {lines.map((line) => (
          <li key={line.id} className={`checklist-item checklist-item-${line.state}`}>
            <span className="checklist-label">{line.label}</span>
            <span className="checklist-state">{ITEM_STATE_TEXT[line.state]}</span>
            {line.state === "needed" && line.help && <span className="checklist-help">{line.help}</span>}
            {line.document && line.state === "needed" && line.id !== askedFor && <ChecklistUpload line={line} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The office's messages, newest first: an open one takes a reply, the others say how they ended. */
function Requests({ requests, checklist }: { requests: InformationRequest[]; checklist: Line[] }) {
  const [sent, setSent] = useState("");
  return (
    <section className="requests" aria-labelledby="requests-title">
      <h2 id="requests-title" className="form-heading form-heading-2">Messages from the admissions office</h2>
      <ol className="request-list">
        {[...requests].reverse().map((request) => {
          const line = checklist.find((l) => l.id === request.item);
          return (
            <li key={request.id} className={`request request-${request.state}`}>
              <h3 className="request-title">Message of {officeDateTime(new Date(request.asked_at), institution.timeZone)}</h3>
              {line && <p className="request-about">About: {line.label}</p>}
              <p className="request-text">{request.message}</p>
              {request.state === "open" && <ReplyForm request={request} line={line} onSent={setSent} />}
              {request.state === "replied" && (
                <>
                  <p className="request-ended">You replied on {officeDateTime(new Date(request.replied_at!), institution.timeZone)}{request.reply ? ":" : ", sending the file asked for."}</p>
                  {request.reply && <p className="request-text">{request.reply}</p>}
                </>
              )}
              {request.state === "withdrawn" && <p className="request-ended">The office withdrew this message: nothing more is needed for it.</p>}
            </li>
          );
        })}
      </ol>
      <p role="status" className="form-message">{sent}</p>
    </section>
  );
}

/** A reply in words, with the file the request asks for when it names a checklist item that takes one. */
function ReplyForm({ request, line, onSent }: { request: InformationRequest; line: Line | undefined; onSent: (message: string) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const reply = useMutation({
    mutationFn: () => api.replyToRequest(request.id, text),
    onMutate: () => onSent(""),
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: STATUS });
      onSent(message);
    },
  });
  return (
    <form
      className="request-reply"
      onSubmit={(event) => {
        event.preventDefault();
        reply.mutate();
      }}
    >
      {line?.document && (line.state === "received" ? <p className="request-about">{line.label}: received.</p> : <ChecklistUpload line={line} />)}
      <label htmlFor={`${id}-reply`} className="field-label">Your reply</label>
      <textarea id={`${id}-reply`} className="input textarea" rows={5} maxLength={REQUEST_TEXT_MAX} value={text} onChange={(event) => setText(event.target.value)} />
      <div role="alert">{reply.isError && <p className="field-error">{reply.error.message}</p>}</div>
      <PendingButton type="submit" className="button button-primary" isPending={reply.isPending}>Send reply</PendingButton>
    </form>
  );
}

/**
 * A checklist item's file, sent after the submit: chosen, checked as a question's file is,
 * sent and converted, then the checklist read again. A refusal or a failed conversion stays
 * under the button with its reason.
 */
function ChecklistUpload({ line }: { line: Line }) {
  const id = useId();
  const queryClient = useQueryClient();
  const root = useRef<HTMLDivElement>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const isSending = upload !== null;
  // The part that had the focus goes as an upload starts and ends: the part that replaces it takes it.
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    root.current?.querySelector<HTMLElement>("[data-focus-here]")?.focus();
  }, [isSending]);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again after a refusal is a change too.
    event.target.value = "";
    if (!file) return;
    const checked = checkFile(file, institution.uploads);
    if (!checked.ok) return setProblems(checked.errors.map((error) => error.message));
    setProblems([]);
    try {
      const conversion = await sendChecklistFile(line.document!, checked.value, setUpload);
      if (conversion.status === "FAILED") setProblems([conversion.message ?? accountMessages.unexpected]);
    } catch (error) {
      if (!(error instanceof ApiError)) console.error(`Sending the file for ${line.id}`, error);
      setProblems([error instanceof ApiError ? error.message : accountMessages.unexpected]);
    } finally {
      setUpload(null);
      await queryClient.invalidateQueries({ queryKey: STATUS });
    }
  };
  return (
    <div ref={root} className="file-control checklist-upload">
      {upload ? (
        <UploadStatus upload={upload} id={id} />
      ) : (
        <div className="file-choose">
          <input
            id={`${id}-input`}
            type="file"
            className="file-input"
            accept={acceptedTypes(institution.uploads)}
            onChange={(event) => void choose(event)}
            aria-labelledby={`${id}-button`}
            aria-describedby={problems.length > 0 ? `${id}-problems` : undefined}
            aria-invalid={problems.length > 0 || undefined}
            data-focus-here=""
          />
          <label id={`${id}-button`} htmlFor={`${id}-input`} className="button button-secondary file-button">Upload {line.label}</label>
        </div>
      )}
      <div id={`${id}-problems`} role="alert" className="field-error">
        {problems.length > 0 && <ul className="file-problems">{problems.map((problem) => <li key={problem}>{problem}</li>)}</ul>}
      </div>
    </div>
  );
}

/**
 * The decision's letter, as the server wrote it at the release (its Markdown drawn as HTML on the
 * server, where what the applicant typed is escaped and raw HTML is shown as text), with the same
 * letter as a PDF to download, and for an offer, its answer: Accept or Decline, each confirmed,
 * until the deadline.
 */
function DecisionLetter({ decision }: { decision: Decision }) {
  const queryClient = useQueryClient();
  const download = useCheckedDownload();
  const [asking, setAsking] = useState<boolean | null>(null);
  const [said, setSaid] = useState("");
  const respond = useMutation({
    mutationFn: (accept: boolean) => api.respondToDecision(accept),
    onMutate: () => setSaid(""),
    onSettled: () => setAsking(null),
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: STATUS });
      setSaid(message);
    },
  });
  // respond_by is the moment answers close, the end of the letter's day: its last minute reads as
  // that day (May 1 at 11:59 PM), where the moment itself read as the next (May 2 at 12:00 AM).
  const deadline = decision.respond_by && officeDateTime(new Date(Date.parse(decision.respond_by) - 60_000), institution.timeZone);
  const isOpen = decision.may_respond;
  return (
    <section className="decision" aria-labelledby="decision-title">
      <h2 id="decision-title" className="form-heading form-heading-2">Your decision</h2>
      <p className="field-description">Released on {officeDateTime(new Date(decision.released_at), institution.timeZone)}</p>
      {/* The server's HTML: Markdown it drew itself, the applicant's words escaped, raw HTML shown as text. */}
      <div className="decision-letter" dangerouslySetInnerHTML={{ __html: decision.letter_html }} />
      <p>
        <a className="button button-secondary" href="/api/decision/letter.pdf" download onClick={download.onClick}>Download the letter (PDF)</a>
      </p>
      {decision.response && (
        <p className="decision-response">
          <strong>You {decision.response} this offer</strong>
          {decision.responded_at && <> on {officeDateTime(new Date(decision.responded_at), institution.timeZone)}</>}.
        </p>
      )}
      {isOpen && (
        <div className="decision-actions">
          <p>Please answer by {deadline}.</p>
          <PendingButton className="button button-primary" isPending={respond.isPending && respond.variables === true} onPress={() => setAsking(true)}>Accept the offer</PendingButton>
          <PendingButton className="button button-secondary" isPending={respond.isPending && respond.variables === false} onPress={() => setAsking(false)}>Decline the offer</PendingButton>
        </div>
      )}
      {decision.respond_by && !decision.response && !isOpen && <p>The deadline to answer, {deadline}, has passed. Please write to the admissions office.</p>}
      <ConfirmDialog
        title={asking ? "Accept the offer?" : "Decline the offer?"}
        isOpen={asking !== null}
        onOpenChange={(isOpen) => !isOpen && setAsking(null)}
        confirmLabel={asking ? "Accept" : "Decline"}
        isDangerous={asking === false}
        focusCancel={asking === false}
        isPending={respond.isPending}
        onConfirm={() => asking !== null && respond.mutate(asking)}
      >
        {asking ? "You are accepting our offer of admission." : "You are declining our offer of admission."} You cannot change your answer here afterwards.
      </ConfirmDialog>
      <p role="status" className="form-message">{said}</p>
      <div role="alert">
        {respond.isError && <p className="field-error">{respond.error.message}</p>}
        {download.error && <p className="field-error">{download.error.message}</p>}
      </div>
    </section>
  );
}
