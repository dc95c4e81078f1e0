// The office's requests for information on a submitted application, oldest first, each with where
// it stands and the applicant's reply. Reviewers ask (about a checklist item or not), one request
// open at a time, and may withdraw the open one; readers see the list. The applicant is e-mailed
// only that there is a message: they read it, and reply, on their status page. Messages and
// replies are text: shown as typed, line breaks kept, without bidirectional controls.
import { useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Form, Label, Text, TextArea, TextField } from "react-aria-components";
import { REQUEST_TEXT_MAX } from "../../api-contract/status";
import type { StaffRole } from "../../api-contract/staff";
import { displayText } from "../../engine/text";
import { PendingButton } from "../ui/PendingButton";
import { staffApi, type InformationRequest, type StaffApplication } from "./api";
import { onSubmitted, SelectField } from "./fields";
import { canReview } from "./session";
import { formatTime } from "./words";

function stateText(request: InformationRequest): string {
  switch (request.state) {
    case "open":
      return "Waiting for the applicant's reply";
    case "replied":
      return `Replied ${formatTime(request.replied_at)}`;
    case "withdrawn":
      return `Withdrawn ${formatTime(request.withdrawn_at)}`;
    default: {
      const unknown: never = request.state;
      return String(unknown);
    }
  }
}

export function InformationRequests({ application, role }: { application: StaffApplication; role: StaffRole }) {
  const mayAsk = canReview(role);
  const isSubmitted = application.status === "submitted";
  const queryClient = useQueryClient();
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [message, setMessage] = useState("");
  // Said once the application is read again, so the list shows the change as it is said. The
  // pressed button goes with the change (the form gives way to the open request, and back): the
  // focus moves to the heading first, so it is not lost to the page's start. Focus the reviewer
  // took elsewhere meanwhile stays there.
  const changed = async (said: string) => {
    await queryClient.invalidateQueries({ queryKey: ["application", application.id] });
    setMessage(said);
    if (section.current?.contains(document.activeElement)) heading.current?.focus();
  };
  const ask = useMutation({
    mutationFn: ({ text, item }: { text: string; item: string | null }) => staffApi.askForInformation(application.id, text, item),
    onMutate: () => {
      setMessage("");
      withdraw.reset();
    },
    onSuccess: () => changed("Request sent. The applicant has been e-mailed."),
  });
  const withdraw = useMutation({
    mutationFn: (requestId: number) => staffApi.withdrawRequest(application.id, requestId),
    onMutate: () => {
      setMessage("");
      ask.reset();
    },
    onSuccess: () => changed("Request withdrawn."),
  });
  const failed = ask.error ?? withdraw.error;

  const { requests, checklist } = application;
  if (!isSubmitted && requests.length === 0) return null;
  const isOpen = requests.some((request) => request.state === "open");
  const itemLabel = (item: string) => checklist.find((line) => line.id === item)?.label ?? item;
  return (
    <section ref={section} className="side-section" aria-labelledby="requests-title">
      <h2 id="requests-title" ref={heading} tabIndex={-1}>Requests for information</h2>
      {requests.length === 0 ? (
        <p>No requests yet.</p>
      ) : (
        <ol className="notes">
          {requests.map((request) => (
            <li key={request.id} className="note">
              <p className="note-meta">
                Asked <time dateTime={request.asked_at}>{formatTime(request.asked_at)}</time> by <span className="note-author">{displayText(request.asked_by)}</span>
              </p>
              {request.item !== null && <p className="note-meta">About: {itemLabel(request.item)}</p>}
              <p className="note-body">{displayText(request.message)}</p>
              <p className="request-state">{stateText(request)}</p>
              {request.state === "replied" && (
                <p className="note-body request-reply">{request.reply ? displayText(request.reply) : "No message: the applicant sent the file asked for."}</p>
              )}
              {mayAsk && request.state === "open" && (
                <PendingButton className="button button-secondary request-withdraw" isPending={withdraw.isPending} onPress={() => withdraw.mutate(request.id)}>
                  Withdraw request
                </PendingButton>
              )}
            </li>
          ))}
        </ol>
      )}
      {mayAsk && isSubmitted && !isOpen && (
        <AskForm checklist={checklist} isPending={ask.isPending} onAsk={(text, item, done) => ask.mutate({ text, item }, { onSuccess: done })} />
      )}
      <p role="status" className="form-message">{message}</p>
      <div role="alert">{failed && <p className="notice notice-error">{failed.message}</p>}</div>
    </section>
  );
}

interface AskFormProps {
  checklist: StaffApplication["checklist"];
  isPending: boolean;
  /** `done`: called once the request is sent, to clear the form. */
  onAsk: (text: string, item: string | null, done: () => void) => void;
}

function AskForm({ checklist, isPending, onAsk }: AskFormProps) {
  const [text, setText] = useState("");
  const [item, setItem] = useState("");
  const submit = () => {
    if (text.trim() === "" || isPending) return;
    onAsk(text, item === "" ? null : item, () => {
      setText("");
      setItem("");
    });
  };
  return (
    <Form className="note-form" aria-labelledby="ask-title" onSubmit={onSubmitted(submit)}>
      <h3 id="ask-title">Ask the applicant</h3>
      <TextField className="field" value={text} onChange={setText} maxLength={REQUEST_TEXT_MAX}>
        <Label className="field-label">Message to the applicant</Label>
        <div className="input-row">
          <TextArea className="input textarea" rows={5} />
        </div>
        <Text slot="description" className="field-description">
          The applicant is e-mailed that there is a message, not what it says: they read it, and reply, on their status page.
        </Text>
      </TextField>
      <SelectField
        label="About a checklist item"
        value={item}
        onChange={setItem}
        choices={checklist.map((line) => ({ value: line.id, label: line.label }))}
        anyLabel="No particular item"
      />
      <PendingButton type="submit" className="button button-primary" isPending={isPending} isDisabled={text.trim() === ""}>Send request</PendingButton>
    </Form>
  );
}
