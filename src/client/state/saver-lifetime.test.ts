// The save pipeline belongs to a saver the app creates and disposes (STYLE rule 12): importing it
// starts nothing, and dispose() takes back every listener and timer its saver started, so one
// test's queue, retries or visitor timer never reach the next.
import { afterEach, expect, test, vi } from "vitest";
import { api } from "../api/calls";
import { createSaver } from "./saver";
import { useSession } from "./session";

const USER = "ada@example.com";

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  useSession.setState({ is_logged_in: false, username: null, web_status: null });
  localStorage.clear();
});

/**
 * Whether the call being made comes straight from the app's code. Libraries are not ours to
 * judge: react-aria sets up its focus tracking as it loads, and jsdom queues a storage event.
 */
function calledByApp(): boolean {
  const frames = new Error().stack!.split("\n").slice(1);
  const caller = frames.find((frame) => !frame.includes("@vitest") && !frame.includes("saver-lifetime.test"));
  return caller !== undefined && caller.includes("/src/client/") && !caller.includes("node_modules");
}

/** The listeners the app's code adds to `target` from now on, and those it removes. */
function watchListeners(target: EventTarget) {
  const added: [string, unknown][] = [];
  const removed: [string, unknown][] = [];
  const add = target.addEventListener.bind(target);
  const remove = target.removeEventListener.bind(target);
  vi.spyOn(target, "addEventListener").mockImplementation((type, listener, options) => {
    if (calledByApp()) added.push([type, listener]);
    add(type, listener, options);
  });
  vi.spyOn(target, "removeEventListener").mockImplementation((type, listener, options) => {
    if (calledByApp()) removed.push([type, listener]);
    remove(type, listener, options);
  });
  return { added, removed };
}

/** The timers the app's code starts from now on, and those it stops. */
function watchTimers() {
  const started: unknown[] = [];
  const stopped = new Set<unknown>();
  const start = globalThis.setTimeout;
  const stop = globalThis.clearTimeout;
  vi.spyOn(globalThis, "setTimeout").mockImplementation(((callback: () => void, ms?: number) => {
    const id = start(callback, ms);
    if (calledByApp()) started.push(id);
    return id;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, "clearTimeout").mockImplementation((id) => {
    if (calledByApp()) stopped.add(id);
    stop(id);
  });
  const intervals = vi.spyOn(globalThis, "setInterval");
  return { started, stillRunning: () => started.filter((id) => !stopped.has(id)), intervals };
}

test("importing the saver, the form's changes and the documents adds no listener and starts no timer", async () => {
  vi.resetModules();
  const onWindow = watchListeners(window);
  const onDocument = watchListeners(document);
  const timers = watchTimers();
  await import("./saver");
  await import("../form/changes");
  await import("../form/documents");
  expect(onWindow.added).toEqual([]);
  expect(onDocument.added).toEqual([]);
  expect(timers.started).toEqual([]);
  expect(timers.intervals).not.toHaveBeenCalled();
});

test("dispose removes the saver's listeners and stops its timers: nothing is sent, kept or validated after it", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const onWindow = watchListeners(window);
  const onDocument = watchListeners(document);
  const timers = watchTimers();
  const send = vi.spyOn(api, "saveAnswers").mockResolvedValue({ message: "Saved.", revision: 2, cleared: [] });
  const revalidate = vi.fn();

  const saver = createSaver();
  expect(onWindow.added.map(([type]) => type).sort()).toEqual(["online", "pagehide"]);
  expect(onDocument.added.map(([type]) => type)).toEqual(["visibilitychange"]);

  // A logged-in applicant's change, and errors asked for: the send and the revalidation wait.
  useSession.setState({ is_logged_in: true, username: USER });
  saver.unsavedChanges(USER);
  saver.afterChange({ first_name: "Ada" });
  saver.revalidateSoon(revalidate);
  // A visitor's change: kept on this device once typing pauses.
  useSession.setState({ is_logged_in: false, username: null });
  saver.afterChange({ last_name: "Lovelace" });
  expect(timers.stillRunning()).toHaveLength(3);

  saver.dispose();
  expect(timers.stillRunning()).toEqual([]);
  // The very functions added, removed.
  expect(onWindow.removed).toEqual(onWindow.added);
  expect(onDocument.removed).toEqual(onDocument.added);

  window.dispatchEvent(new Event("online"));
  window.dispatchEvent(new Event("pagehide"));
  await vi.advanceTimersByTimeAsync(60_000);
  expect(send).not.toHaveBeenCalled();
  expect(revalidate).not.toHaveBeenCalled();
  expect(localStorage.getItem("apply.visitor")).toBeNull();
});

test("two savers keep two queues: one disposed sends nothing, the other sends its own", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const send = vi.spyOn(api, "saveAnswers").mockResolvedValue({ message: "Saved.", revision: 2, cleared: [] });
  useSession.setState({ is_logged_in: true, username: USER });
  const first = createSaver({ saveDelayMs: 100 });
  const second = createSaver({ saveDelayMs: 5000 });
  first.unsavedChanges(USER);
  second.unsavedChanges(USER);
  first.recordChanges({ first_name: "Ada" });
  second.recordChanges({ last_name: "Lovelace" });
  second.dispose();
  await vi.advanceTimersByTimeAsync(10_000);
  expect(send.mock.calls).toEqual([[{ first_name: "Ada" }]]);
  first.dispose();
});
