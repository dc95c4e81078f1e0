// The sign-up card's live password checklist: each requirement reads inactive while the password
// is empty, then error or success as the applicant types.
import { useId } from "react";
import { passwordRequirements } from "../../engine/accounts";
import { TextInput } from "../ui/TextInput";

type RequirementState = "inactive" | "error" | "success";

function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <div className="checklist">
      <p className="checklist-title" id={`${id}-title`}>Your password:</p>
      <ul id={id} aria-labelledby={`${id}-title`}>
        {passwordRequirements.map(({ phrase, test }) => {
          const state: RequirementState = password === "" ? "inactive" : test(password) ? "success" : "error";
          return (
            <li key={phrase} className={`requirement requirement-${state}`} data-state={state}>
              <span className="requirement-mark" aria-hidden="true">{state === "success" ? "✓" : state === "error" ? "✕" : "•"}</span>
              {phrase}
              {state !== "inactive" && <span className="visually-hidden">{state === "success" ? " (met)" : " (not met)"}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A new password's input with the checklist under it, which the input names as its description. */
export function NewPasswordInput({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: string }) {
  const checklistId = useId();
  return (
    <>
      <TextInput label={label} type="password" autoComplete="new-password" value={value} onChange={onChange} error={error} describedBy={checklistId} />
      <PasswordChecklist id={checklistId} password={value} />
    </>
  );
}
