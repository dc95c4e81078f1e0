// Toasts (spec: accounts-and-shell §2, §9): success closes after 5000 ms, error after 300000 ms;
// also by a swipe of 50 px, Escape or the close button; F8 moves focus to the toasts. Every
// toast has a non-empty label, its accessible name ("Success Notification", "Login Card Error").
import { useEffect, useId, useRef, type PointerEvent } from "react";
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
  type QueuedToast,
} from "react-aria-components";

export const TOAST_TIMEOUT_MS = { success: 5000, error: 300_000 } as const;
export const SWIPE_THRESHOLD_PX = 50;
export const SUCCESS_LABEL = "Success Notification";

export interface ToastMessage {
  severity: "success" | "error";
  message: string;
  label: string;
}

export class Toasts {
  readonly queue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });

  success(message: string, label = SUCCESS_LABEL): string {
    return this.show({ severity: "success", message, label });
  }

  error(message: string, label: string): string {
    return this.show({ severity: "error", message, label });
  }

  clear(): void {
    this.queue.clear();
  }

  private show(toast: ToastMessage): string {
    if (toast.label.trim() === "") throw new Error("A toast needs a non-empty label.");
    return this.queue.add(toast, { timeout: TOAST_TIMEOUT_MS[toast.severity] });
  }
}

/** The app's toasts, in the corner of every page. Cards have their own, above their fields. */
export const toasts = new Toasts();

export function ToastList({ toasts, placement }: { toasts: Toasts; placement: "corner" | "inline" }) {
  return (
    <ToastRegion queue={toasts.queue} className={`toast-region toast-region-${placement}`} data-toast-region="">
      {({ toast }) => <ToastItem toast={toast} close={() => toasts.queue.close(toast.key)} />}
    </ToastRegion>
  );
}

function ToastItem({ toast, close }: { toast: QueuedToast<ToastMessage>; close: () => void }) {
  const { severity, message, label } = toast.content;
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
        <Text slot="title" className="toast-title">{severity === "success" ? "Success" : "Error"}</Text>
        <Text slot="description" className="toast-message">{message}</Text>
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

/** F8 moves focus to the first toast of the next region that shows any (spec: accounts-and-shell §2). */
export function useToastHotkey(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "F8") return;
      const regions = [...document.querySelectorAll<HTMLElement>("[data-toast-region]")].filter((r) => r.querySelector(".toast"));
      if (regions.length === 0) return;
      event.preventDefault();
      const current = regions.findIndex((region) => region.contains(document.activeElement));
      const next = regions[(current + 1) % regions.length]!;
      next.querySelector<HTMLElement>(".toast")?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
