// Logging in with a visitor's answers to an account that already holds answers: nothing of the
// account is overwritten unless the applicant chooses it. Keeping the saved application is the
// default: its button has the focus, and Escape or a click outside keep it too.
import { useState } from "react";
import { LazyModal } from "../ui/lazy";

export const ANSWERS_CHOICE_TITLE = "Use the answers you just typed, or keep your saved application?";
export const KEEP_SAVED = "Keep my saved application";
export const USE_TYPED = "Use the answers I just typed";

export function AnswersChoice({ isOpen, onChoose }: { isOpen: boolean; onChoose: (use: "saved" | "typed") => Promise<void> }) {
  const [isBusy, setBusy] = useState(false);
  const choose = (use: "saved" | "typed") => {
    if (isBusy) return;
    setBusy(true);
    void onChoose(use).finally(() => setBusy(false));
  };
  return (
    <LazyModal
      title={ANSWERS_CHOICE_TITLE}
      role="alertdialog"
      isOpen={isOpen}
      onOpenChange={(open) => !open && choose("saved")}
      actions={() => (
        <>
          <button type="button" className="button button-primary" autoFocus disabled={isBusy} onClick={() => choose("saved")}>{KEEP_SAVED}</button>
          <button type="button" className="button button-secondary" disabled={isBusy} onClick={() => choose("typed")}>{USE_TYPED}</button>
        </>
      )}
    >
      <p>This account already has a saved application. The answers you typed before logging in would replace its answers to the same questions. Whichever you choose, the answers you typed are then removed from this browser.</p>
    </LazyModal>
  );
}
