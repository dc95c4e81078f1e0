// A question asked before something that cannot be taken back (switching away from a written
// essay, deleting a document, deleting the application, revoking an API key, disabling a staff
// account): its text, Cancel, and the confirming button. The modal (./Dialog.tsx, loaded on first
// opening) gives the focus back to what opened it.
import type { ReactNode } from "react";
import { LazyModal } from "./lazy";

interface ConfirmDialogProps {
  title: string;
  /** The question, as the spec words it. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  role?: "dialog" | "alertdialog";
  /**
   * Cancel takes the focus on opening and is drawn as the default (primary) button, so Enter
   * pressed by habit keeps what would be lost (deleting the application). Otherwise the focus
   * starts on the dialog itself, which a screen reader reads out with its question.
   */
  focusCancel?: boolean;
  /** The confirming button is drawn as dangerous (red) instead of as the primary one. */
  isDangerous?: boolean;
  /**
   * Given when the dialog stays open while the confirmed call runs (its buttons disabled); the
   * caller closes it. Without it, confirming closes the dialog first.
   */
  isPending?: boolean;
}

export function ConfirmDialog({ children, confirmLabel, onConfirm, focusCancel = false, isDangerous = false, isPending, ...modal }: ConfirmDialogProps) {
  const keepsOpen = isPending !== undefined;
  const confirmStyle = isDangerous ? "button-danger" : focusCancel ? "button-secondary" : "button-primary";
  return (
    <LazyModal
      {...modal}
      actions={(close) => (
        <>
          <button type="button" className={`button ${focusCancel ? "button-primary" : "button-secondary"}`} autoFocus={focusCancel} disabled={isPending} onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className={`button ${confirmStyle}`}
            disabled={isPending}
            onClick={() => {
              if (!keepsOpen) close();
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </>
      )}
    >
      <p>{children}</p>
    </LazyModal>
  );
}
