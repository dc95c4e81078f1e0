// A submitted application's decision (form-definitions/decisions.json): which one, who recorded it
// and when, whether the applicant can read it yet, and their answer to an offer. Reviewers record,
// change or withdraw it until it is released; after that only admins may (the applicant then reads
// the new letter, e-mailed again), and reviewers are told so. Readers see it. Admins release
// decisions from the list (ReleaseDecisions.tsx).
import { useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Form } from "react-aria-components";
import type { StaffRole } from "../../api-contract/staff";
import { displayText } from "../../engine/text";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { PendingButton } from "../ui/PendingButton";
import { staffApi, useDecisionChoices, type OfficeDecision, type StaffApplication } from "./api";
import { onSubmitted, SelectField } from "./fields";
import { canReview, isAdmin } from "./session";
import { formatTime } from "./words";

function releaseText(decision: OfficeDecision): string {
  if (decision.released) return `Released ${formatTime(decision.release_at)}`;
  return decision.release_at ? `To be released ${formatTime(decision.release_at)}` : "Not released";
}

/** The applicant's answer to an offer; null when the decision asks none. */
function answerText(decision: OfficeDecision): string | null {
  switch (decision.response) {
    case "accepted":
      return `Accepted ${formatTime(decision.responded_at)}`;
    case "declined":
      return `Declined ${formatTime(decision.responded_at)}`;
    case null:
      if (decision.respond_by === null) return null;
      // Before the release the applicant has not read it, so nobody is waiting yet.
      return decision.released
        ? `Waiting for the applicant's answer until ${formatTime(decision.respond_by)}`
        : `The applicant is to answer by ${formatTime(decision.respond_by)}`;
    default: {
      const unknown: never = decision.response;
      return String(unknown);
    }
  }
}

export function Decision({ application, role }: { application: StaffApplication; role: StaffRole }) {
  const { decision } = application;
  const isSubmitted = application.status === "submitted";
  const isLockedForRole = decision !== null && decision.released && !isAdmin(role);
  const mayChange = canReview(role) && isSubmitted && !isLockedForRole;
  const queryClient = useQueryClient();
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [message, setMessage] = useState("");
  const [isAsking, setAsking] = useState(false);
  // Said once the application is read again, so the section shows the change as it is said. The
  // focus goes to the heading when it was in the section, or lost with the confirming dialog (whose
  // opener, Withdraw decision, the withdrawal takes away). Focus taken elsewhere meanwhile stays there.
  const changed = async (said: string) => {
    await queryClient.invalidateQueries({ queryKey: ["application", application.id] });
    setMessage(said);
    const focused = document.activeElement;
    if (focused === document.body || section.current?.contains(focused)) heading.current?.focus();
  };
  const record = useMutation({
    mutationFn: (code: string) => staffApi.recordDecision(application.id, code),
    onMutate: () => {
      setMessage("");
      withdraw.reset();
    },
    onSuccess: (reply) => changed(reply.message),
  });
  const withdraw = useMutation({
    mutationFn: () => staffApi.withdrawDecision(application.id),
    onMutate: () => {
      setMessage("");
      record.reset();
    },
    onSuccess: (reply) => changed(reply.message),
  });
  const failed = record.error ?? withdraw.error;

  if (!isSubmitted) return null;
  return (
    <section ref={section} className="side-section" aria-labelledby="decision-title">
      <h2 id="decision-title" ref={heading} tabIndex={-1}>Decision</h2>
      {decision === null ? <p>No decision yet.</p> : <DecisionFacts decision={decision} />}
      {canReview(role) && isLockedForRole && <p>Released: only an admin can change it.</p>}
      {mayChange && (
        <>
          {decision?.released && (
            <p className="field-description">Released: the applicant sees a change or a withdrawal at once, and is e-mailed a changed decision.</p>
          )}
          <DecisionForm decision={decision} isPending={record.isPending} onRecord={(code) => record.mutate(code)} />
          {decision !== null && (
            <>
              <PendingButton className="button button-secondary decision-withdraw" isPending={withdraw.isPending} onPress={() => setAsking(true)}>
                Withdraw decision
              </PendingButton>
              <ConfirmDialog
                title="Withdraw the decision?"
                role="alertdialog"
                isOpen={isAsking}
                onOpenChange={setAsking}
                confirmLabel="Withdraw decision"
                onConfirm={() => withdraw.mutate()}
                isDangerous
              >
                {decision.released
                  ? `"${decision.label}" will no longer show on the applicant's status page.`
                  : `"${decision.label}" has not been released: the applicant has not seen it.`}
              </ConfirmDialog>
            </>
          )}
        </>
      )}
      <p role="status" className="form-message">{message}</p>
      <div role="alert">{failed && <p className="notice notice-error">{failed.message}</p>}</div>
    </section>
  );
}

function DecisionFacts({ decision }: { decision: OfficeDecision }) {
  const answer = answerText(decision);
  return (
    <div className="decision-facts">
      <p className="decision-label">{decision.label}</p>
      <p className="note-meta">
        Recorded <time dateTime={decision.recorded_at}>{formatTime(decision.recorded_at)}</time> by <span className="note-author">{displayText(decision.recorded_by)}</span>
      </p>
      <p className="request-state">{releaseText(decision)}</p>
      {answer !== null && <p className="request-state">{answer}</p>}
    </div>
  );
}

interface DecisionFormProps {
  decision: OfficeDecision | null;
  isPending: boolean;
  onRecord: (code: string) => void;
}

function DecisionForm({ decision, isPending, onRecord }: DecisionFormProps) {
  const choices = useDecisionChoices();
  const [code, setCode] = useState(decision?.code ?? "");
  // A colleague's change or a withdrawal changes the decision on the server: the select follows,
  // so recording next does not put back the one it showed before.
  const [shownCode, setShownCode] = useState(decision?.code);
  if (decision?.code !== shownCode) {
    setShownCode(decision?.code);
    setCode(decision?.code ?? "");
  }
  const options = (choices.data ?? []).map((choice) => ({ value: choice.code, label: choice.label }));
  // A decision taken out of decisions.json since it was recorded still shows as the one chosen.
  if (decision !== null && !options.some((option) => option.value === decision.code)) options.unshift({ value: decision.code, label: decision.label });
  return (
    <Form className="inline-form" onSubmit={onSubmitted(() => code !== "" && onRecord(code))}>
      <SelectField label="Decision" value={code} onChange={setCode} choices={options} anyLabel={decision === null ? "Choose a decision" : undefined} />
      {choices.isError && <p role="alert" className="notice notice-error">{choices.error.message}</p>}
      <PendingButton type="submit" className="button button-primary" isPending={isPending} isDisabled={code === ""}>Record decision</PendingButton>
    </Form>
  );
}
