// Inactivity (spec: accounts-and-shell §4, §9): after 14 minutes without activity the applicant
// is asked "Still working?"; at 15 the app logs out. Time is measured from the last activity,
// not by counting timer ticks, so a phone that slept through the timers logs out on waking.
// Tabs of one browser share the last activity, so typing in one keeps the others alive.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { api } from "../api/calls";
import { lastCallAt } from "../api/client";

export const INACTIVITY_TIMEOUT_MS = 900_000;
export const PROMPT_BEFORE_IDLE_MS = 60_000;
/** The server ends a session 15 minutes after its last call; activity without calls renews it this often. */
const KEEP_ALIVE_AFTER_MS = 5 * 60_000;
const STORAGE_KEY = "apply.lastActivity";
const EVENTS = ["pointerdown", "keydown", "wheel", "touchstart", "scroll", "mousemove"] as const;

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

    const onActivity = () => {
      // Activity while "Still working?" shows does not count: the applicant answers the question.
      const now = Date.now();
      if (prompted || now - lastEvent < 1000) return;
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

    // "Yes - Take me back": counts as activity, unless the timeout has already passed.
    stayActive.current = () => {
      prompt(false);
      if (Date.now() - lastActivity >= INACTIVITY_TIMEOUT_MS) {
        idle.current();
        return;
      }
      // One renewal, whenever the last call was.
      markActive(Date.now(), true);
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
