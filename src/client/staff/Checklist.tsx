// An application's checklist in the office (institution.json "checklist"): what the office needs
// from the applicant, each item received or not. Reviewers tick an item when it arrives (a
// transcript the school sent) and untick a mistake; an upload's item is received by itself once
// the upload is converted. Readers see the list.
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Checkbox } from "react-aria-components";
import type { StaffRole } from "../../api-contract/staff";
import { staffApi, type StaffApplication } from "./api";
import { canReview } from "./session";
import { formatTime } from "./words";

type Line = StaffApplication["checklist"][number];

const STATE_TEXT: Record<Line["state"], string> = { received: "Received", processing: "Upload being converted", needed: "Still needed" };

/** How the item was received, for the office: marked (when), or by the applicant's upload. */
const receivedHow = (line: Line) => (line.marked_at ? `Marked received ${formatTime(line.marked_at)}` : line.state === "received" ? "Uploaded by the applicant" : STATE_TEXT[line.state]);

export function Checklist({ application, role }: { application: StaffApplication; role: StaffRole }) {
  const mayMark = canReview(role);
  const queryClient = useQueryClient();
  const [message, setMessage] = useState("");
  const mark = useMutation({
    mutationFn: ({ item, received }: { item: string; received: boolean }) => staffApi.markChecklistItem(application.id, item, received),
    onMutate: () => setMessage(""),
    // Said once the application is read again, so the boxes already show what it says.
    onSuccess: async (line) => {
      await queryClient.invalidateQueries({ queryKey: ["application", application.id] });
      setMessage(`${line.label}: ${line.state === "received" ? "marked received" : "no longer marked received"}.`);
    },
  });
  if (application.checklist.length === 0) return null;
  return (
    <section className="side-section" aria-labelledby="checklist-title">
      <h2 id="checklist-title">Checklist</h2>
      <ul className="checklist-items">
        {application.checklist.map((line) => (
          <li key={line.id} className={`checklist-item checklist-item-${line.state}`}>
            {mayMark && (line.state !== "received" || line.marked_at) ? (
              <Checkbox
                className="choice"
                isSelected={line.marked_at !== null}
                isDisabled={mark.isPending}
                onChange={(received) => mark.mutate({ item: line.id, received })}
              >
                <span className="choice-mark choice-box" aria-hidden="true" />
                {line.label}
              </Checkbox>
            ) : (
              <span className="checklist-label">{line.label}</span>
            )}
            <span className="field-description">{receivedHow(line)}</span>
          </li>
        ))}
      </ul>
      <p role="status" className="form-message">{message}</p>
      <div role="alert">{mark.isError && <p className="notice notice-error">{mark.error.message}</p>}</div>
    </section>
  );
}
