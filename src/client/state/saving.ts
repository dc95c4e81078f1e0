// Nothing typed is lost (ARCHITECTURE: state and speed). A logged-in applicant's changes wait in
// localStorage until PUT /api/answer acknowledges them, and are retried with a growing pause
// (1 s … 30 s) and at once when the browser is back online, so a dropped connection, a reload or
// a closed tab loses nothing; the next visit sends what is left. A visitor's answers stay in
// localStorage for 24 hours after the last change, until they are carried into an account or
// anyone logs out: a logout leaves nothing of anyone in this browser's storage.
import { create } from "zustand";
import type { Answers } from "../../engine/runtime";
import { api } from "../api/calls";
import { ApiError } from "../api/client";
import { hasAnswers, useAnswers } from "./answers";
import { useSession } from "./session";

export type SaveStatus = "saved" | "pending" | "saving" | "offline" | "failed";

export const useSaveState = create<{ status: SaveStatus; message?: string }>(() => ({ status: "saved" }));

/** Changes wait this long for the next keystroke before they are sent. */
export const SAVE_DELAY_MS = 800;
/** The pause in use; tests of the buttons lengthen it so a slow machine's typing never races them. */
export const saveTiming = { delayMs: SAVE_DELAY_MS };
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;
const UNSAVED = (username: string) => `apply.unsaved.${username}`;
const VISITOR = "apply.visitor";
/** Every key this app keeps in the browser's storage starts so (answers, queues, the last activity). */
const OURS = "apply.";
/** A visitor's answers are forgotten this long after their last change. */
export const VISITOR_ANSWERS_TTL_MS = 24 * 60 * 60 * 1000;

let owner: string | null = null;
let pending: Answers = {};
let timer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = RETRY_FIRST_MS;
let running: Promise<void> | null = null;

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

const isPending = () => Object.keys(pending).length > 0;

/** After login: this applicant's changes that never reached the server, to lay over the profile. */
export function unsavedChanges(username: string): Answers {
  if (owner !== username) {
    owner = username;
    pending = read(UNSAVED(username));
  }
  if (isPending()) later(0);
  return { ...pending };
}

/** Queues changed answers for the server; they are sent once typing pauses. */
export function recordChanges(changes: Answers): void {
  if (owner === null) return;
  Object.assign(pending, changes);
  write(UNSAVED(owner), pending);
  if (useSaveState.getState().status !== "offline") useSaveState.setState({ status: "pending", message: undefined });
  later(saveTiming.delayMs);
}

function later(ms: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void saveNow().catch(() => {}), ms);
}

/**
 * Sends every queued change now and resolves once the server has them all; rejects with the
 * ApiError of a failed attempt (which stays queued and is retried unless the server refused it).
 */
export async function saveNow(): Promise<void> {
  clearTimeout(timer);
  while (isPending()) {
    running ??= sendQueued().finally(() => (running = null));
    await running;
  }
}

async function sendQueued(): Promise<void> {
  const batch = { ...pending };
  const user = owner!;
  useSaveState.setState({ status: "saving", message: undefined });
  try {
    const reply = await api.saveAnswers(batch);
    if (owner !== user) return;
    for (const [key, value] of Object.entries(batch)) if (pending[key] === value) delete pending[key];
    write(UNSAVED(user), pending);
    // What the server cleared (a hidden question) clears here too, unless typed since.
    const cleared = reply.cleared.filter((key) => !(key in pending) && useAnswers.getState().answers[key] !== "");
    if (cleared.length > 0) useAnswers.getState().assign(Object.fromEntries(cleared.map((key) => [key, ""])));
    retryDelay = RETRY_FIRST_MS;
    useSaveState.setState({ status: isPending() ? "pending" : "saved" });
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 401 || owner !== user) throw error;
    if (status === 0 || status === 408 || status === 429 || status >= 500) {
      useSaveState.setState({ status: status === 0 ? "offline" : "pending" });
      later(retryDelay);
      retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
    } else {
      // Refused (the application is submitted, or an answer the data model does not take):
      // sending it again would be refused again.
      pending = {};
      write(UNSAVED(user), pending);
      useSaveState.setState({ status: "failed", message: (error as Error).message });
    }
    throw error;
  }
}

/** Logout: the queue in memory is dropped (forgetStoredAnswers drops it from storage). */
export function leaveQueue(): void {
  clearTimeout(timer);
  owner = null;
  pending = {};
  retryDelay = RETRY_FIRST_MS;
  useSaveState.setState({ status: "saved", message: undefined });
}

/**
 * Logout by the button, by inactivity or by a 401 (a shared computer): nothing of anyone stays in
 * this browser's storage — no applicant's unsent changes, no visitor's answers, no last activity.
 * The button sends the queue first (useLogout); after inactivity or a 401 what was not sent is lost.
 */
export function forgetStoredAnswers(): void {
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

if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    if (isPending()) later(0);
  });
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
