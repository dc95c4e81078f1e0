// Modal dialogs: small 30rem, medium 60rem, large 80vw (on tablets
// 30rem, 70vw, 90vw — styles/app.css); open and close animate in 150 ms, the overlay in 200 ms.
// Overlays are most of React Aria's weight, so pages load this module on first use (./lazy.tsx).
import type { ReactNode } from "react";
import { Button, Dialog as AriaDialog, Heading, Modal, ModalOverlay } from "react-aria-components";

export type DialogSize = "small" | "medium" | "large";

export interface DialogProps {
  title: string;
  size?: DialogSize;
  children: ReactNode;
  /** Buttons in the dialog's footer; a Close button when absent. */
  actions?: (close: () => void) => ReactNode;
  role?: "dialog" | "alertdialog";
}

export interface ModalProps extends DialogProps {
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Whether a click outside or Escape closes it. */
  isDismissable?: boolean;
}

export function ModalDialog({ isOpen, onOpenChange, isDismissable = true, ...dialog }: ModalProps) {
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
    >
      <Modal className={`modal modal-${dialog.size ?? "small"}`}>
        <DialogBody {...dialog} />
      </Modal>
    </ModalOverlay>
  );
}

function DialogBody({ title, children, actions, role }: DialogProps) {
  return (
    <AriaDialog className="dialog" role={role}>
      {({ close }) => (
        <>
          <Heading slot="title" className="dialog-title">{title}</Heading>
          <div className="dialog-content">{children}</div>
          <div className="dialog-actions">
            {actions ? actions(close) : <Button className="button button-primary" onPress={close}>Close</Button>}
          </div>
        </>
      )}
    </AriaDialog>
  );
}

/** An error in a dialog; the header defaults to Error. */
export function ErrorDialog({ header = "Error", message, onClose, action }: { header?: string; message: string; onClose: () => void; action?: { label: string; onPress: () => void } }) {
  return (
    <ModalDialog
      title={header}
      role="alertdialog"
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      actions={(close) => (
        <>
          {action && <Button className="button button-primary" onPress={action.onPress}>{action.label}</Button>}
          <Button className={`button ${action ? "button-secondary" : "button-primary"}`} onPress={close}>Close</Button>
        </>
      )}
    >
      <p>{message}</p>
    </ModalDialog>
  );
}
