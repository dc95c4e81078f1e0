// Toasts: success closes after 5000 ms, error after 300000 ms;
// also by a swipe of 50 px, Escape or the close button; F8 moves focus to the toasts. Every
// toast has a non-empty label, its accessible name ("Success Notification", "Login Card Error").
// The region itself (React Aria's, ./ToastRegion.tsx) loads with the first toast.
import { lazy, Suspense, useCallback, useEffect, useSyncExternalStore } from "react";
import { UNSTABLE_ToastQueue as ToastQueue } from "react-aria-components";
import type { ToastMessage } from "./ToastRegion";

const TOAST_TIMEOUT_MS = { success: 5000, error: 300_000 } as const;
const SUCCESS_LABEL = "Success Notification";

export class Toasts {
  readonly queue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });

  success(message: string, label = SUCCESS_LABEL): string {
    return this.show({ severity: "success", message, label });
  }

  error(message: string, label: string, detail?: string): string {
    return this.show({ severity: "error", message, label, detail });
  }

  /**
   * A success that offers one action (Undo) for `timeout` ms, with its own title. `onClose` runs
   * however it closes: its time over, its close button, Escape, a swipe, or close().
   */
  offer(toast: Required<Pick<ToastMessage, "title" | "message" | "label" | "action">>, options: { timeout: number; onClose: () => void }): string {
    if (toast.label.trim() === "") throw new Error("A toast needs a non-empty label.");
    return this.queue.add({ severity: "success", ...toast }, options);
  }

  close(key: string): void {
    this.queue.close(key);
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

const ToastRegion = lazy(() => import("./ToastRegion"));

/** `label` names the region, so a card's toasts and the corner's are told apart. */
export function ToastList({ toasts, placement, label }: { toasts: Toasts; placement: "corner" | "inline"; label: string }) {
  const { queue } = toasts;
  const subscribe = useCallback((onChange: () => void) => queue.subscribe(onChange), [queue]);
  const showing = () => queue.visibleToasts.length > 0;
  const isShowing = useSyncExternalStore(subscribe, showing, showing);
  if (!isShowing) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion queue={queue} placement={placement} label={label} />
    </Suspense>
  );
}

/** F8 moves focus to the first toast of the next region that shows any. */
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
