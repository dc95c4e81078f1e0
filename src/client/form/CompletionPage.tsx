import { useArrivalMessages } from "../auth/navigation";
import { useDocumentTitle } from "../shell/useDocumentTitle";
import { toasts } from "../ui/Toasts";
import { PdfCopy } from "./PdfCopy";

/** After submit: the success message arrives in navigation state and shows as a success toast; the PDF copy. */
export function CompletionPage() {
  useDocumentTitle("Application submitted");
  useArrivalMessages(toasts, "Completion Error");
  return (
    <article className="form-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">Your application is submitted</h1>
      <p>Thank you. We have everything we need from this online application. Watch your email for what comes next.</p>
      <PdfCopy />
    </article>
  );
}
