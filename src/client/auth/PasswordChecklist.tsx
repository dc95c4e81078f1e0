// The sign-up card's live password checklist: each requirement reads inactive while the password
// is empty, then error or success as the applicant types (spec: accounts-and-shell §4).
import { passwordRequirements } from "../../engine/accounts";

export type RequirementState = "inactive" | "error" | "success";

export function PasswordChecklist({ id, password }: { id: string; password: string }) {
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
