// The list's "Release decisions" (admins): the recorded, not yet released decisions of the
// applications the list's current filter finds, of every kind or of one, released now or at a
// time typed in the office's time zone (whichever zone the admin's computer is in). Asked first:
// the applicants are e-mailed, and a release cannot be taken back from here.
import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Form, Label, Radio, RadioGroup } from "react-aria-components";
import { institution } from "../institution";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { PendingButton } from "../ui/PendingButton";
import { staffApi, useDecisionChoices, type ApplicationFilter, type ReleaseReply } from "./api";
import { onSubmitted, SelectField } from "./fields";
import { instantInTimeZone } from "./office-time";
import { formatTime } from "./words";

type When = "now" | "later";

const count = new Intl.NumberFormat("en-US");
const decisionCount = (number: number) => `${count.format(number)} ${number === 1 ? "decision" : "decisions"}`;

function releasedText({ released, release_at }: ReleaseReply, isScheduled: boolean): string {
  if (released === 0) return "There was nothing to release: none of these applications has a recorded decision not released yet.";
  return isScheduled ? `${decisionCount(released)} will be released on ${formatTime(release_at)}.` : `Released ${decisionCount(released)}.`;
}

export function ReleaseDecisions({ filter, total }: { filter: ApplicationFilter; total: number }) {
  const formId = useId();
  const [isOpen, setOpen] = useState(false);
  return (
    <div className="release-decisions">
      <button type="button" className="button button-secondary" aria-expanded={isOpen} aria-controls={isOpen ? formId : undefined} onClick={() => setOpen(!isOpen)}>
        Release decisions
      </button>
      {isOpen && <ReleaseForm id={formId} filter={filter} total={total} />}
    </div>
  );
}

function ReleaseForm({ id, filter, total }: { id: string; filter: ApplicationFilter; total: number }) {
  const hintId = useId();
  const choices = useDecisionChoices();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [when, setWhen] = useState<When>("now");
  const [localTime, setLocalTime] = useState("");
  const [isAsking, setAsking] = useState(false);
  const [message, setMessage] = useState("");
  // The sort does not change which applications the filter finds.
  const { sort: _, ...releaseFilter } = filter;
  const at = when === "now" ? null : instantInTimeZone(localTime, institution.timeZone);
  const release = useMutation({
    mutationFn: (chosen: { code: string | undefined; at: string | null }) => staffApi.releaseDecisions(releaseFilter, chosen.code, chosen.at),
    onMutate: () => setMessage(""),
    onSuccess: async (reply, chosen) => {
      setAsking(false);
      setMessage(releasedText(reply, chosen.at !== null));
      // An open application shows whether its decision is released.
      await queryClient.invalidateQueries({ queryKey: ["application"] });
    },
    onError: () => setAsking(false),
  });
  const failed = release.error ?? choices.error;
  const isReady = when === "now" || at !== null;
  const label = choices.data?.find((choice) => choice.code === code)?.label;
  const applications = `${count.format(total)} ${total === 1 ? "application" : "applications"}`;
  return (
    <Form id={id} className="inline-form release-form" aria-label="Release decisions" onSubmit={onSubmitted(() => isReady && setAsking(true))}>
      <SelectField
        label="Decision"
        value={code}
        onChange={setCode}
        choices={(choices.data ?? []).map((choice) => ({ value: choice.code, label: choice.label }))}
        anyLabel="All recorded decisions"
      />
      <RadioGroup className="field" value={when} onChange={(value) => setWhen(value as When)}>
        <Label className="field-label">When</Label>
        <div className="choices choices-inline">
          <Radio className="choice" value="now"><span className="choice-mark choice-radio" aria-hidden="true" />Now</Radio>
          <Radio className="choice" value="later"><span className="choice-mark choice-radio" aria-hidden="true" />At a set time</Radio>
        </div>
      </RadioGroup>
      {when === "later" && (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-at`}>Release at</label>
          <div className="input-row">
            <input id={`${id}-at`} className="input" type="datetime-local" value={localTime} onChange={(event) => setLocalTime(event.target.value)} aria-describedby={hintId} />
          </div>
          <span id={hintId} className="field-description">In the office's time zone, {institution.timeZone}.</span>
        </div>
      )}
      <PendingButton type="submit" className="button button-primary" isPending={release.isPending} isDisabled={!isReady}>Release</PendingButton>
      <ConfirmDialog
        title="Release decisions?"
        isOpen={isAsking}
        onOpenChange={setAsking}
        confirmLabel="Release"
        isPending={release.isPending}
        onConfirm={() => release.mutate({ code: code === "" ? undefined : code, at })}
      >
        {`Release the decisions of the ${applications} in this list?`}
        {label !== undefined && ` Only those recorded as ${label} are released.`}
        {at === null ? " Their applicants can read them at once." : ` Their applicants can read them from ${formatTime(at)}.`}
      </ConfirmDialog>
      <p role="status" className="form-message">{message}</p>
      <div role="alert">{failed && <p className="notice notice-error">{failed.message}</p>}</div>
    </Form>
  );
}
