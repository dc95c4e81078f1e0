import { officeDateTime } from "../../engine/dates";
import { useProfile } from "../api/queries";
import { useArrivalMessages } from "../auth/navigation";
import { institution } from "../institution";
import { useDocumentTitle } from "../shell/useDocumentTitle";
import { toasts } from "../ui/Toasts";
import { PdfCopy } from "./PdfCopy";

/**
 * After submit: the success message arrives in navigation state and shows as a success toast; the
 * application's reference and when it was submitted; the PDF copy.
 */
export function CompletionPage() {
  useDocumentTitle("Application submitted");
  useArrivalMessages(toasts, "Completion Error");
  // Loaded by the form layout before any page of it shows.
  const profile = useProfile(true).data;
  return (
    <article className="form-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">Your application is submitted</h1>
      {profile?.reference ? (
        <Submission reference={profile.reference} submittedAt={profile.submitted_at} username={profile.username} />
      ) : (
        // Submitted before submits gave references (and confirmation e-mails).
        <p>Thank you. We have everything we need from this online application.</p>
      )}
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
