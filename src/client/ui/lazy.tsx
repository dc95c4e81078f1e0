// The shell's overlays (dialogs, the account popover) load when first opened, not with the page:
// a first visit on a phone downloads only what it shows. Hovering or focusing a trigger starts
// the download early.
import { lazy, Suspense, useState } from "react";
import type { ModalProps } from "./Dialog";

const loadDialog = () => import("./Dialog");
const LazyModalDialog = lazy(async () => ({ default: (await loadDialog()).ModalDialog }));
export const LazyErrorDialog = lazy(async () => ({ default: (await loadDialog()).ErrorDialog }));
export const preloadDialog = () => void loadDialog();

/** A modal that stays mounted after its first opening, so closing animates. */
export function LazyModal(props: ModalProps & { isOpen: boolean }) {
  const [hasOpened, setOpened] = useState(props.isOpen);
  if (props.isOpen && !hasOpened) setOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <LazyModalDialog {...props} />
    </Suspense>
  );
}

/** A link-like button that opens a dialog (the footer's Contact Us and Privacy); `preload` fetches a lazy content's code beside the dialog's. */
export function DialogLink({ label, preload, ...dialog }: Omit<ModalProps, "isOpen" | "onOpenChange"> & { label: string; preload?: () => unknown }) {
  const [isOpen, setOpen] = useState(false);
  const load = () => {
    preloadDialog();
    void preload?.();
  };
  return (
    <>
      <button type="button" className="link-button" onMouseEnter={load} onFocus={load} onClick={() => setOpen(true)}>
        {label}
      </button>
      <LazyModal {...dialog} isOpen={isOpen} onOpenChange={setOpen} />
    </>
  );
}
