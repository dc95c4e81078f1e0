import { useQuery } from "@tanstack/react-query";
import { api, type ApplicationStatus } from "../api/calls";
import { officeDateTime } from "../../engine/dates";
import { useProfile } from "../api/queries";
import { useArrivalMessages } from "../auth/navigation";
import { institution } from "../institution";
import { useDocumentTitle } from "../shell/useDocumentTitle";
import { toasts } from "../ui/Toasts";
import { PdfCopy } from "./PdfCopy";

/** What each state of the application tells its applicant. */
const STATE_TEXT: Record<ApplicationStatus["state"], string> = {
  in_progress: "In progress: your application is not submitted yet.",
  submitted: "Submitted: we have your application and will start reviewing it soon.",
  under_review: "Under review: the admissions office is reviewing your application.",
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
 * submitted; the checklist of what the office needs (institution.json "checklist"); the PDF copy.
 */
export function StatusPage() {
  useDocumentTitle("Your application");
  useArrivalMessages(toasts, "Completion Error");
  // Loaded by the form layout before any page of it shows.
  const profile = useProfile(true).data;
  const status = useQuery({ queryKey: ["status"], queryFn: () => api.status() });
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
      {status.data && status.data.checklist.length > 0 && <Checklist lines={status.data.checklist} />}
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

function Checklist({ lines }: { lines: ApplicationStatus["checklist"] }) {
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
          </li>
        ))}
      </ul>
    </section>
  );
}
