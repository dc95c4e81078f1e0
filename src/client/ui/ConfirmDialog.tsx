// A question asked before something that cannot be taken back (switching away from a written
// essay, deleting a document, deleting the application): its text, Cancel, and the confirming
// button. The modal (./Dialog.tsx, loaded on first opening) gives the focus back to what opened it.
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
   * Deleting the application: Cancel is the focused default and the confirming button is drawn as
   * dangerous; otherwise the focus starts on the dialog and the confirming button is the primary one.
   */
  isDangerous?: boolean;
  /**
   * Given when the dialog stays open while the confirmed call runs (its buttons disabled); the
   * caller closes it. Without it, confirming closes the dialog first.
   */
  isPending?: boolean;
}

export function ConfirmDialog({ children, confirmLabel, onConfirm, isDangerous = false, isPending, ...modal }: ConfirmDialogProps) {
  const keepsOpen = isPending !== undefined;
  return (
    <LazyModal
      {...modal}
      actions={(close) => (
        <>
          <button type="button" className={`button ${isDangerous ? "button-primary" : "button-secondary"}`} autoFocus={isDangerous} disabled={isPending} onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className={`button ${isDangerous ? "button-danger" : "button-primary"}`}
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
