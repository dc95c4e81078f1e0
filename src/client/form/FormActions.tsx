// The page's buttons (spec: application-form §2): Previous, Save (Save for later for a visitor),
// and Save and continue — or Submit on the last page.
import { lazy, Suspense, useState } from "react";
import { Button } from "react-aria-components";
import { useNavigate } from "react-router";
import { useSession } from "../state/session";
import { toasts } from "../ui/Toasts";
import { SaveState } from "./SaveState";
import { changePage, saveAndContinue, saveAndValidate, SAVE_ERROR, SUBMIT_ERROR, submitApplication } from "./steps";

const SaveForLater = lazy(() => import("./SaveForLater"));

type Busy = "previous" | "save" | "next" | null;

export function FormActions({ previous, next }: { previous?: string; next?: string }) {
  const navigate = useNavigate();
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
    await saveAndValidate();
    toasts.success("Your answers were saved.");
  };

  return (
    <div className="form-actions">
      {previous && (
        <Button className="button button-secondary" isPending={busy === "previous"} isDisabled={busy !== null} onPress={() => void run("previous", () => changePage(navigate, previous))}>
          Previous
        </Button>
      )}
      {isLoggedIn ? (
        <Button className="button button-secondary" isPending={busy === "save"} isDisabled={busy !== null} onPress={() => void run("save", save)}>
          Save
        </Button>
      ) : (
        <Button className="button button-secondary" isDisabled={busy !== null} onPress={() => setSavingForLater(true)}>
          Save for later
        </Button>
      )}
      <span className="form-actions-gap" />
      <SaveState />
      {next ? (
        <Button className="button button-primary" isPending={busy === "next"} isDisabled={busy !== null} onPress={() => void run("next", () => saveAndContinue(navigate, next))}>
          Save and continue
        </Button>
      ) : (
        <Button className="button button-primary button-submit" isPending={busy === "next"} isDisabled={busy !== null} onPress={() => void run("next", () => submitApplication(navigate), SUBMIT_ERROR)}>
          Submit
        </Button>
      )}
      {savingForLater && (
        <Suspense fallback={null}>
          <SaveForLater onClose={() => setSavingForLater(false)} />
        </Suspense>
      )}
    </div>
  );
}
