// An application's review: its status (reviewers change it, once submitted) and the internal
// notes (reviewers add them). Readers see both, read-only. A note is text: shown as typed, never
// as markup, and without bidirectional controls.
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Form, Label, TextArea, TextField } from "react-aria-components";
import { REVIEW_STATUSES, type ReviewStatus, type StaffRole } from "../../api-contract/staff";
import { displayText } from "../../engine/text";
import { staffApi, type MaybeReply, type ReviewNote, type StaffApplication } from "./api";
import { onSubmitted, SelectField } from "./fields";
import { canReview } from "./session";
import { formatTime, reviewLabel } from "./words";
import { PendingButton } from "../ui/PendingButton";

const NOTE_MAX_LENGTH = 5000;
const STATUS_CHOICES = REVIEW_STATUSES.map((status) => ({ value: status, label: reviewLabel(status) }));

/** A change's outcome: the server's sentence, or ours when it says none. */
const said = (reply: MaybeReply, fallback: string) => reply?.message ?? fallback;

export function Review({ application, role }: { application: StaffApplication; role: StaffRole }) {
  const mayReview = canReview(role);
  return (
    <>
      <section className="side-section" aria-labelledby="review-title">
        <h2 id="review-title">Review</h2>
        {mayReview && application.status === "submitted" ? (
          <ReviewStatusForm application={application} />
        ) : (
          <p>
            Review status: <strong>{reviewLabel(application.review_status)}</strong>
            {application.status !== "submitted" && <span className="field-description"> (the review starts once the application is submitted)</span>}
          </p>
        )}
      </section>
      <section className="side-section" aria-labelledby="notes-title">
        <h2 id="notes-title">Notes</h2>
        <Notes notes={application.notes} />
        {mayReview && <AddNote id={application.id} />}
      </section>
    </>
  );
}

/** After a change the application is fetched again: its status, notes and timeline as the server has them. */
function useApplicationChange<T>(id: number, change: (value: T) => Promise<MaybeReply>, fallback: string) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState("");
  const mutation = useMutation({
    mutationFn: change,
    onMutate: () => setMessage(""),
    onSuccess: async (reply) => {
      setMessage(said(reply, fallback));
      await queryClient.invalidateQueries({ queryKey: ["application", id] });
    },
  });
  return { mutation, message };
}

function ReviewStatusForm({ application }: { application: StaffApplication }) {
  const [status, setStatus] = useState<ReviewStatus>(application.review_status ?? "received");
  // Asking the applicant for information, a withdrawal or a colleague's save change the status on
  // the server: the select follows, so saving it next does not put back the one it showed before.
  const [shownStatus, setShownStatus] = useState(application.review_status);
  if (application.review_status !== shownStatus) {
    setShownStatus(application.review_status);
    setStatus(application.review_status ?? "received");
  }
  const { mutation, message } = useApplicationChange(application.id, (next: ReviewStatus) => staffApi.review(application.id, next), "Review status saved.");
  return (
    <Form className="inline-form" onSubmit={onSubmitted(() => mutation.mutate(status))}>
      <SelectField label="Review status" value={status} onChange={(value) => setStatus(value as ReviewStatus)} choices={STATUS_CHOICES} />
      <PendingButton type="submit" className="button button-primary" isPending={mutation.isPending}>Save status</PendingButton>
      <p role="status" className="form-message">{message}</p>
      <div role="alert">{mutation.isError && <p className="notice notice-error">{mutation.error.message}</p>}</div>
    </Form>
  );
}

function Notes({ notes }: { notes: ReviewNote[] }) {
  if (notes.length === 0) return <p>No notes yet.</p>;
  return (
    <ol className="notes">
      {notes.map((note) => (
        <li key={note.id} className="note">
          <p className="note-meta">
            <span className="note-author">{displayText(note.author)}</span> · <time dateTime={note.created_at}>{formatTime(note.created_at)}</time>
          </p>
          <p className="note-body">{displayText(note.body)}</p>
        </li>
      ))}
    </ol>
  );
}

function AddNote({ id }: { id: number }) {
  const [body, setBody] = useState("");
  const { mutation, message } = useApplicationChange(id, (text: string) => staffApi.addNote(id, text), "Note added.");
  const submit = () => {
    if (body.trim() === "" || mutation.isPending) return;
    mutation.mutate(body, { onSuccess: () => setBody("") });
  };
  return (
    <Form className="note-form" onSubmit={onSubmitted(submit)}>
      <TextField className="field" value={body} onChange={setBody} maxLength={NOTE_MAX_LENGTH}>
        <Label className="field-label">Add note</Label>
        <div className="input-row">
          <TextArea className="input textarea" rows={4} />
        </div>
      </TextField>
      <PendingButton type="submit" className="button button-secondary" isPending={mutation.isPending} isDisabled={body.trim() === ""}>Add note</PendingButton>
      <p role="status" className="form-message">{message}</p>
      <div role="alert">{mutation.isError && <p className="notice notice-error">{mutation.error.message}</p>}</div>
    </Form>
  );
}
