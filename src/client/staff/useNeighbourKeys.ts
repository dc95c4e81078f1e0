import { useEffect } from "react";
import { useNavigate } from "react-router";

/** Where j (next) and k (previous) go; the keys go nowhere when there is none. */
export interface NeighbourTargets {
  next?: string;
  previous?: string;
}

/** Whether a key press is typing: into a field, a select or editable text. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/** j and k move to the next and previous application, as in mail readers; never while typing. */
export function useNeighbourKeys({ next, previous }: NeighbourTargets): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const to = event.key === "j" ? next : event.key === "k" ? previous : undefined;
      if (to === undefined) return;
      event.preventDefault();
      void navigate(to);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [navigate, next, previous]);
}
