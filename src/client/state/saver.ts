// Nothing typed is lost (ARCHITECTURE: state and speed). A logged-in applicant's changes wait in
// localStorage until PUT /api/answer acknowledges them, and are retried with a growing pause
// (1 s … 30 s) and at once when the browser is back online, so a dropped connection, a reload or
// a closed tab loses nothing; the next visit sends what is left. A visitor's answers stay in
// localStorage for 24 hours after the last change, until they are carried into an account or
// anyone logs out: a logout leaves nothing of anyone in this browser's storage.
// The queue, its timers and its window listeners belong to a saver the app creates once (main.tsx)
// and hands down in SaverContext; each test creates its own (STYLE rule 12): importing this file
// starts nothing.
import { createContext, useContext } from "react";
import { useStore } from "zustand";
import { createStore, type StoreApi } from "zustand/vanilla";
import { isAnswered } from "../../engine/answers";
import type { Answers } from "../../engine/runtime";
import { api } from "../api/calls";
import { ApiError } from "../../api-contract/errors";
import { hasAnswers, useAnswers } from "./answers";
import { useSession } from "./session";

export type SaveStatus = "saved" | "pending" | "saving" | "offline" | "failed";
export interface SaveProgress {
  status: SaveStatus;
  message?: string;
}

/** Changes wait this long for the next keystroke before they are sent. */
export const SAVE_DELAY_MS = 800;
/** The pause between two looks at a document's conversion (spec: 2000 ms). */
export const CONVERSION_POLL_MS = 2000;
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;
/** A visitor's answers go to this device once typing pauses this long. */
const VISITOR_DELAY_MS = 250;
/** Errors follow the answers this long after typing stops, not on every keystroke. */
const REVALIDATE_DELAY_MS = 300;
const UNSAVED = (username: string) => `apply.unsaved.${username}`;
const VISITOR = "apply.visitor";
/** Every key this app keeps in the browser's storage starts so (answers, queues, the last activity). */
const OURS = "apply.";
/** A visitor's answers are forgotten this long after their last change. */
export const VISITOR_ANSWERS_TTL_MS = 24 * 60 * 60 * 1000;

export interface SaverOptions {
  /** The pause before changes are sent; tests of the buttons lengthen it so a slow machine's typing never races them. */
  saveDelayMs?: number;
  /** The pause between two looks at a document's conversion; tests shorten it. */
  conversionPollMs?: number;
  /**
   * The server serves newer definitions than this page's (formUpdated): the page reloads (after
   * FORM_UPDATED_RELOAD_MS, the applicant having read why), and the changes still queued are sent again from the new one.
   */
  reloadPage?: () => void;
}

/** How long the applicant reads that the form was updated before the page reloads. */
const FORM_UPDATED_RELOAD_MS = 4000;

export interface Saver {
  /** Where the answers stand: saved, pending, saving, offline, or refused with the server's message. */
  readonly status: StoreApi<SaveProgress>;
  readonly conversionPollMs: number;
  /** After login: this applicant's changes that never reached the server, to lay over the profile. */
  unsavedChanges(username: string): Answers;
  /** Queues changed answers for the server; they are sent once typing pauses. */
  recordChanges(changes: Answers): void;
  /** Answers the form changed: queued for the server (logged in) or kept on this device (a visitor). */
  afterChange(changes: Answers): void;
  /**
   * Sends every queued change now and resolves once the server has them all; rejects with the
   * ApiError of a failed attempt (which stays queued and is retried unless the server refused it).
   */
  saveNow(): Promise<void>;
  /**
   * Errors follow the answers a moment after typing stops, not on every keystroke: `revalidate`
   * (form/changes.ts, which keeps the definitions out of this file) runs once changes pause.
   */
  revalidateSoon(revalidate: () => unknown, delay?: number): void;
  /**
   * Logout by the button, by inactivity or by a 401 (a shared computer): the queue in memory is
   * dropped, and nothing of anyone stays in this browser's storage — no applicant's unsent
   * changes, no visitor's answers, no last activity. The button sends the queue first
   * (useLogout); after inactivity or a 401 what was not sent is lost.
   */
  forgetStoredAnswers(): void;
  /** Stops its timers and removes its listeners; a reply still in flight is ignored. */
  dispose(): void;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function readJson(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "{}") as unknown;
  } catch {
    return {};
  }
}

function read(key: string): Answers {
  const value = readJson(key);
  return isObject(value) ? (value as Answers) : {};
}

function write(key: string, answers: Answers): void {
  try {
    if (Object.keys(answers).length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(answers));
  } catch {
    // Storage full or blocked (private mode): the changes stay in memory and are still sent.
  }
}

export function createSaver({
  saveDelayMs = SAVE_DELAY_MS, conversionPollMs = CONVERSION_POLL_MS, reloadPage = () => setTimeout(() => window.location.reload(), FORM_UPDATED_RELOAD_MS),
}: SaverOptions = {}): Saver {
  const status = createStore<SaveProgress>()(() => ({ status: "saved" }));
  let owner: string | null = null;
  let pending: Answers = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = RETRY_FIRST_MS;
  let running: Promise<void> | null = null;
  let visitorTimer: ReturnType<typeof setTimeout> | undefined;
  let validateTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  let reloading = false;

  const isPending = () => Object.keys(pending).length > 0;

  function later(ms: number): void {
    clearTimeout(timer);
    if (disposed) return;
    timer = setTimeout(() => void saveNow().catch(() => {}), ms);
  }

  function unsavedChanges(username: string): Answers {
    if (owner !== username) {
      owner = username;
      pending = read(UNSAVED(username));
    }
    if (isPending()) later(0);
    return { ...pending };
  }

  function recordChanges(changes: Answers): void {
    if (owner === null) return;
    Object.assign(pending, changes);
    write(UNSAVED(owner), pending);
    if (status.getState().status !== "offline") status.setState({ status: "pending", message: undefined });
    later(saveDelayMs);
  }

  async function saveNow(): Promise<void> {
    clearTimeout(timer);
    while (isPending()) {
      running ??= sendQueued().finally(() => (running = null));
      await running;
    }
  }

  async function sendQueued(): Promise<void> {
    const batch = { ...pending };
    const user = owner!;
    status.setState({ status: "saving", message: undefined });
    try {
      const reply = await api.saveAnswers(batch);
      if (owner !== user) return;
      for (const [key, value] of Object.entries(batch)) if (pending[key] === value) delete pending[key];
      write(UNSAVED(user), pending);
      // What the server cleared (a hidden question) clears here too, unless typed since.
      const cleared = reply.cleared.filter((key) => !(key in pending) && isAnswered(useAnswers.getState().answers[key]));
      if (cleared.length > 0) useAnswers.getState().assign(Object.fromEntries(cleared.map((key) => [key, ""])));
      retryDelay = RETRY_FIRST_MS;
      status.setState({ status: isPending() ? "pending" : "saved" });
    } catch (error) {
      const code = error instanceof ApiError ? error.status : 0;
      if (code === 401 || owner !== user) throw error;
      if (error instanceof ApiError && error.code === "formUpdated") {
        // Kept in storage, the queue goes out again from the reloaded page, with its definitions.
        status.setState({ status: "failed", message: error.message });
        if (!reloading) reloadPage();
        reloading = true;
        throw error;
      }
      if (code === 0 || code === 408 || code === 429 || code >= 500) {
        status.setState({ status: code === 0 ? "offline" : "pending" });
        later(retryDelay);
        retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
      } else {
        // Refused (the application is submitted, or an answer the data model does not take):
        // sending it again would be refused again.
        pending = {};
        write(UNSAVED(user), pending);
        status.setState({ status: "failed", message: (error as Error).message });
      }
      throw error;
    }
  }

  /** Logout: the queue in memory is dropped. */
  function leaveQueue(): void {
    clearTimeout(timer);
    owner = null;
    pending = {};
    retryDelay = RETRY_FIRST_MS;
    status.setState({ status: "saved", message: undefined });
  }

  function forgetStoredAnswers(): void {
    leaveQueue();
    for (const storage of [localStorage, sessionStorage]) {
      try {
        const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
        for (const key of keys) if (key?.startsWith(OURS)) storage.removeItem(key);
      } catch {
        // Storage blocked: nothing was kept there either.
      }
    }
  }

  // One timer for a run of keystrokes, not one cleared and set again on each: each keystroke moves
  // the time due, and the timer, once it fires, waits on until typing has paused that long.
  let visitorDue = 0;
  function keepVisitor(): void {
    if (disposed) return;
    visitorDue = Date.now() + VISITOR_DELAY_MS;
    visitorTimer ??= setTimeout(keepVisitorWhenDue, VISITOR_DELAY_MS);
  }
  function keepVisitorWhenDue(): void {
    const wait = visitorDue - Date.now();
    if (wait > 0) visitorTimer = setTimeout(keepVisitorWhenDue, wait);
    else keepVisitorNow();
  }
  function keepVisitorNow(): void {
    clearTimeout(visitorTimer);
    visitorTimer = undefined;
    keepVisitorAnswers(useAnswers.getState().answers);
  }

  function revalidateSoon(revalidate: () => unknown, delay = REVALIDATE_DELAY_MS): void {
    clearTimeout(validateTimer);
    if (disposed) return;
    validateTimer = setTimeout(() => void revalidate(), delay);
  }

  function afterChange(changes: Answers): void {
    if (useSession.getState().is_logged_in) recordChanges(changes);
    else keepVisitor();
  }

  const online = () => {
    if (isPending()) later(0);
  };
  // A reload, a closed tab or a phone putting the page away within those 250 ms keeps the last keystrokes.
  const flush = () => void (visitorTimer !== undefined && keepVisitorNow());
  const hidden = () => void (document.visibilityState === "hidden" && flush());
  // No window while the build draws pages ahead (prerender.tsx).
  const hasWindow = typeof window !== "undefined";
  if (hasWindow) {
    window.addEventListener("online", online);
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", hidden);
  }

  function dispose(): void {
    disposed = true;
    clearTimeout(timer);
    clearTimeout(visitorTimer);
    clearTimeout(validateTimer);
    visitorTimer = undefined;
    // A reply still in flight finds no owner and changes nothing.
    owner = null;
    pending = {};
    if (hasWindow) {
      window.removeEventListener("online", online);
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", hidden);
    }
  }

  return { status, conversionPollMs, unsavedChanges, recordChanges, afterChange, saveNow, revalidateSoon, forgetStoredAnswers, dispose };
}

/** The app's saver, given by App (tests: testing.tsx). */
export const SaverContext = createContext<Saver | null>(null);

export function useSaver(): Saver {
  const saver = useContext(SaverContext);
  if (!saver) throw new Error("useSaver needs a SaverContext above it (App, or the tests' WithSaver)");
  return saver;
}

/** Where the answers stand, re-rendering when that changes. */
export function useSaveState(): SaveProgress {
  return useStore(useSaver().status);
}

/**
 * A visitor's answers on this device: kept across reloads, stamped with the time of the last
 * change and forgotten 24 hours after it (an entry without a readable stamp counts as expired).
 */
export function visitorAnswers(): Answers {
  const kept = readJson(VISITOR);
  const savedAt = isObject(kept) ? kept.savedAt : undefined;
  if (isObject(kept) && typeof savedAt === "number" && Date.now() - savedAt < VISITOR_ANSWERS_TTL_MS && isObject(kept.answers)) return kept.answers as Answers;
  forgetVisitorAnswers();
  return {};
}

/** Keeps a visitor's answers; a logged-in applicant's answers never go here. */
export function keepVisitorAnswers(answers: Answers): void {
  if (useSession.getState().is_logged_in) return;
  try {
    if (hasAnswers(answers)) localStorage.setItem(VISITOR, JSON.stringify({ savedAt: Date.now(), answers }));
    else localStorage.removeItem(VISITOR);
  } catch {
    // Storage full or blocked: the answers stay in this tab only.
  }
}

export const forgetVisitorAnswers = (): void => write(VISITOR, {});

/** At start-up: a visitor's answers from an earlier visit on this device. */
export function restoreVisitorAnswers(): void {
  const kept = visitorAnswers();
  if (Object.keys(kept).length > 0) useAnswers.getState().replaceAll(kept);
}
