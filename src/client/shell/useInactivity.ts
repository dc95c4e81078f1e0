// Inactivity: after 14 minutes without activity the applicant
// is asked "Still working?"; at 15 the app logs out. Time is measured from the last activity,
// not by counting timer ticks, so a phone that slept through the timers logs out on waking.
// Tabs of one browser share the last activity, so typing in one keeps the others alive.
// Activity while "Still working?" shows dismisses it, as Yes does.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { api } from "../api/calls";
import { lastCallAt } from "../api/client";

const INACTIVITY_TIMEOUT_MS = 900_000;
const PROMPT_BEFORE_IDLE_MS = 60_000;
/** The server ends a session 15 minutes after its last call; activity without calls renews it this often. */
const KEEP_ALIVE_AFTER_MS = 5 * 60_000;
const STORAGE_KEY = "apply.lastActivity";
const EVENTS = ["pointerdown", "keydown", "wheel", "touchstart", "scroll", "mousemove"] as const;

/**
 * Spread on the prompt's own buttons: pressing one answers the prompt (its click decides), so it is
 * not activity that dismisses the prompt first; a pointerdown on "No" would otherwise close the
 * dialog before the click could log out.
 */
export const ANSWERS_PROMPT = { "data-answers-prompt": "" } as const;

/**
 * What answers the prompt rather than being activity: an event on one of its buttons, and Tab or
 * Shift, which move between them (the dialog holds the focus, so a keyboard user needs them).
 */
function isAnsweringPrompt(event: Event): boolean {
  if (event instanceof KeyboardEvent && (event.key === "Tab" || event.key === "Shift")) return true;
  return event.target instanceof Element && event.target.closest("[data-answers-prompt]") !== null;
}

interface InactivityOptions {
  isEnabled: boolean;
  onIdle: () => void;
  /**
   * The call that renews the server's session, and where the tabs share the last activity: the
   * applicant's by default; the admissions office has its own session, and its tabs their own count.
   */
  session?: { keepAlive: () => Promise<unknown>; storageKey: string };
}

const APPLICANT_SESSION = { keepAlive: () => api.keepAlive(), storageKey: STORAGE_KEY };

export function useInactivity({ isEnabled, onIdle, session = APPLICANT_SESSION }: InactivityOptions) {
  const [isPrompted, setPrompted] = useState(false);
  const idle = useRef(onIdle);
  const keepAlive = useRef(session.keepAlive);
  useLayoutEffect(() => {
    idle.current = onIdle;
    keepAlive.current = session.keepAlive;
  });
  const { storageKey } = session;
  const stayActive = useRef(() => {});

  useEffect(() => {
    if (!isEnabled) return;
    let lastActivity = Date.now();
    let lastEvent = 0;
    let pointerAt = "";
    let prompted = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const prompt = (on: boolean) => {
      prompted = on;
      setPrompted(on);
    };

    const check = () => {
      clearTimeout(timer);
      const idleFor = Date.now() - lastActivity;
      if (idleFor >= INACTIVITY_TIMEOUT_MS) {
        prompt(false);
        idle.current();
        return;
      }
      const promptAt = INACTIVITY_TIMEOUT_MS - PROMPT_BEFORE_IDLE_MS;
      if (idleFor >= promptAt) prompt(true);
      timer = setTimeout(check, (idleFor >= promptAt ? INACTIVITY_TIMEOUT_MS : promptAt) - idleFor);
    };

    const markActive = (at: number, renew = at - lastCallAt >= KEEP_ALIVE_AFTER_MS) => {
      lastActivity = at;
      try {
        localStorage.setItem(storageKey, String(at));
      } catch {
        // Private browsing may refuse storage; this tab still counts its own activity.
      }
      if (renew) keepAlive.current().catch(() => {});
    };

    const onActivity = (event: Event) => {
      if (prompted && isAnsweringPrompt(event)) return;
      // Browsers may send a mousemove when the page changes under a pointer that did not move (the
      // prompt opening under it): only a pointer that moved is someone there.
      if (event.type === "mousemove" && event instanceof MouseEvent) {
        const at = `${event.clientX},${event.clientY}`;
        if (at === pointerAt) return;
        pointerAt = at;
      }
      const now = Date.now();
      // While the prompt shows, or once the timeout has passed unnoticed (timers asleep), activity
      // is an answer: stay, or log out when it comes too late.
      if (prompted || now - lastActivity >= INACTIVITY_TIMEOUT_MS) return stayActive.current();
      if (now - lastEvent < 1000) return;
      lastEvent = now;
      markActive(now);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKey || event.newValue === null || Number(event.newValue) <= lastActivity) return;
      lastActivity = Number(event.newValue);
      prompt(false);
      check();
    };
    const onVisible = () => document.visibilityState === "visible" && check();

    // "Yes - Take me back", or activity while the prompt shows: counts as activity, unless the
    // timeout has already passed (a phone that slept with the prompt open).
    stayActive.current = () => {
      prompt(false);
      if (Date.now() - lastActivity >= INACTIVITY_TIMEOUT_MS) {
        idle.current();
        return;
      }
      // One renewal, whenever the last call was; the events that follow this one count as usual.
      lastEvent = Date.now();
      markActive(lastEvent, true);
      check();
    };

    for (const name of EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    window.addEventListener("storage", onStorage);
    document.addEventListener("visibilitychange", onVisible);
    check();
    return () => {
      clearTimeout(timer);
      for (const name of EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      window.removeEventListener("storage", onStorage);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [isEnabled, storageKey]);

  return { isPrompted, stayActive: useCallback(() => stayActive.current(), []) };
}
