// A row's action that cannot be taken back (revoking an API key, disabling a staff account), asked
// first in an alert dialog: open while `row` is set, the confirming button drawn as dangerous.
import type { ReactNode } from "react";
import { ConfirmDialog } from "../ui/ConfirmDialog";

interface ConfirmRowActionProps<T> {
  row: T | null;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  onConfirm: (row: T) => void;
  /** What the action does to `row`. */
  children: (row: T) => ReactNode;
}

export function ConfirmRowAction<T>({ row, onClose, title, confirmLabel, onConfirm, children }: ConfirmRowActionProps<T>) {
  return (
    <ConfirmDialog
      title={title}
      role="alertdialog"
      isOpen={row !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      confirmLabel={confirmLabel}
      onConfirm={() => row !== null && onConfirm(row)}
      isDangerous
    >
      {row !== null && children(row)}
    </ConfirmDialog>
  );
}
