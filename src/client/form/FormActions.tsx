// The page's buttons: Continue, Previous, Save, and "Save
// and" continue or submit. Previous and Continue change page (logged in, they validate first);
// Save and continue saves into the account, so a visitor with answers goes to /signup; Save and
// submit is the submit flow. A logged-in applicant's changes are saved as they are typed,
// so Continue would do what Save and continue does: it shows for a visitor only, who moves on
// with it without an account. A visitor's Save is Save for later.
import { lazy, Suspense, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useSaver } from "../state/saver";
import { useSession } from "../state/session";
import { toasts } from "../ui/Toasts";
import { SaveState } from "./SaveState";
import { changePage, saveAndContinue, saveAndValidate, SAVE_ERROR, SUBMIT_ERROR, submitApplication } from "./steps";

const SaveForLater = lazy(() => import("./SaveForLater"));

type Busy = "previous" | "save" | "continue" | "next" | null;

export function FormActions({ previous, next }: { previous?: string; next?: string }) {
  const navigate = useNavigate();
  const saver = useSaver();
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const [busy, setBusy] = useState<Busy>(null);
  const [savingForLater, setSavingForLater] = useState(false);

  const run = async (which: Busy, action: () => Promise<unknown>, errorLabel = SAVE_ERROR) => {
    setBusy(which);
    try {
      await action();
    } catch (error) {
      toasts.error((error as Error).message, errorLabel);
    } finally {
      setBusy(null);
    }
  };
  const save = async () => {
    await saveAndValidate(saver);
    toasts.success("Your answers were saved.");
  };

  return (
    <div className="form-actions">
      {previous && (
        <ActionButton className="button button-secondary" pending={busy === "previous"} disabled={busy !== null} onPress={() => void run("previous", () => changePage(saver, navigate, previous))}>
          Previous
        </ActionButton>
      )}
      {isLoggedIn ? (
        <ActionButton className="button button-secondary" pending={busy === "save"} disabled={busy !== null} onPress={() => void run("save", save)}>
          Save
        </ActionButton>
      ) : (
        <ActionButton className="button button-secondary" disabled={busy !== null} onPress={() => setSavingForLater(true)}>
          Save for later
        </ActionButton>
      )}
      <span className="form-actions-gap" />
      <SaveState />
      {next && !isLoggedIn && (
        <ActionButton className="button button-secondary" pending={busy === "continue"} disabled={busy !== null} onPress={() => void run("continue", () => changePage(saver, navigate, next))}>
          Continue
        </ActionButton>
      )}
      {next ? (
        <ActionButton className="button button-primary" pending={busy === "next"} disabled={busy !== null} onPress={() => void run("next", () => saveAndContinue(saver, navigate, next))}>
          Save and continue
        </ActionButton>
      ) : (
        <ActionButton className="button button-primary button-submit" pending={busy === "next"} disabled={busy !== null} onPress={() => void run("next", () => submitApplication(saver, navigate), SUBMIT_ERROR)}>
          Save and submit
        </ActionButton>
      )}
      {savingForLater && (
        <Suspense fallback={null}>
          <SaveForLater onClose={() => setSavingForLater(false)} />
        </Suspense>
      )}
    </div>
  );
}

interface ActionButtonProps {
  className: string;
  onPress: () => void;
  children: ReactNode;
  pending?: boolean;
  disabled?: boolean;
}

/** A button that stays focusable while it cannot be pressed (aria-disabled): focus stays where the press left it. */
function ActionButton({ className, onPress, children, pending, disabled }: ActionButtonProps) {
  return (
    <button
      type="button"
      className={className}
      aria-disabled={disabled || undefined}
      data-pending={pending || undefined}
      onClick={disabled ? undefined : onPress}
    >
      {children}
    </button>
  );
}
