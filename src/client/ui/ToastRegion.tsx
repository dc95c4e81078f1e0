// The toasts' region and each toast: close button, Escape, and a swipe of 50 px.
import { useEffect, useId, useRef, useState, type PointerEvent, type ReactNode } from "react";
import { UNSAFE_PortalProvider as PortalProvider } from "react-aria";
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
  type QueuedToast,
  type UNSTABLE_ToastQueue as ToastQueue,
} from "react-aria-components";

// The region draws what a toast says and ./Toasts.tsx queues it: the region imports nothing from
// there, so the two do not import each other.
export const SWIPE_THRESHOLD_PX = 50;

export interface ToastMessage {
  severity: "success" | "error";
  message: string;
  label: string;
  /** A second line under the message: the server's reason, for one. */
  detail?: string;
  /** The title instead of Success or Error. */
  title?: string;
  /** A button beside the message (Undo), which closes the toast too. */
  action?: { label: string; onAction: () => void };
}

interface Props {
  queue: ToastQueue<ToastMessage>;
  placement: "corner" | "inline";
  label: string;
}

export default function ToastRegion({ queue, placement, label }: Props) {
  const region = (
    <AriaToastRegion queue={queue} aria-label={label} className={`toast-region toast-region-${placement}`} data-toast-region="">
      {({ toast }) => <ToastItem toast={toast} close={() => queue.close(toast.key)} />}
    </AriaToastRegion>
  );
  return placement === "corner" ? region : <InPlace>{region}</InPlace>;
}

/** React Aria portals a toast region to the end of <body>; a card's toasts belong above its fields. */
function InPlace({ children }: { children: ReactNode }) {
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  return (
    <div ref={setHost}>
      {host && <PortalProvider getContainer={() => host}>{children}</PortalProvider>}
    </div>
  );
}

function ToastItem({ toast, close }: { toast: QueuedToast<ToastMessage>; close: () => void }) {
  const { severity, message, label, detail, title, action } = toast.content;
  const labelId = useId();
  const swipe = useSwipe(close);
  const escape = useEscape(close);
  return (
    <Toast
      toast={toast}
      aria-labelledby={labelId}
      className={`toast toast-${severity}`}
      ref={escape}
      {...swipe}
    >
      <span id={labelId} className="visually-hidden">{label}</span>
      <ToastContent className="toast-content">
        <Text slot="title" className="toast-title">{title ?? (severity === "success" ? "Success" : "Error")}</Text>
        <Text slot="description" className="toast-message">
          {message}
          {detail && <span className="toast-detail">{detail}</span>}
        </Text>
        {action && <button type="button" className="button button-secondary toast-action" onClick={action.onAction}>{action.label}</button>}
      </ToastContent>
      <Button slot="close" className="toast-close" aria-label="Close">
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" /></svg>
      </Button>
    </Toast>
  );
}

/** Escape closes the focused toast (Toast takes no keyboard handlers, so a native listener). */
function useEscape(close: () => void) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const toast = element.current;
    if (!toast) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      close();
    };
    toast.addEventListener("keydown", onKeyDown);
    return () => toast.removeEventListener("keydown", onKeyDown);
  }, [close]);
  return element;
}

/** A sideways drag of at least SWIPE_THRESHOLD_PX closes the toast; a shorter one springs back. */
function useSwipe(close: () => void) {
  const start = useRef<{ x: number; id: number } | null>(null);
  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.id !== event.pointerId) return;
    event.currentTarget.style.transform = `translateX(${event.clientX - start.current.x}px)`;
  };
  const end = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.id !== event.pointerId) return;
    const distance = Math.abs(event.clientX - start.current.x);
    start.current = null;
    event.currentTarget.style.transform = "";
    if (distance >= SWIPE_THRESHOLD_PX) close();
  };
  return {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      if (event.button === 0 && !(event.target as Element).closest("button")) start.current = { x: event.clientX, id: event.pointerId };
    },
    onPointerMove: move,
    onPointerUp: end,
    onPointerCancel: end,
  };
}

