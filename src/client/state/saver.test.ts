// The durable save queue (ARCHITECTURE: state and speed): changes wait in localStorage until
// PUT /api/answer acknowledges them, go in one delta once typing pauses (or at once on saveNow),
// survive a dropped connection (retried 1 s, 2 s, … 30 s, and at once when back online), are
// dropped when the server refuses them, and come back after a reload for the same applicant.
import { http, HttpResponse } from "msw";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { Answers } from "../../engine/runtime";
import { logIn, pageReloads, profileOf, renderApp, sentTo, server, testSaver, url, withTestServer } from "../testing";
import { bundledVersion } from "../form/model";
import { useAnswers } from "./answers";
import { keepVisitorAnswers, restoreVisitorAnswers, SAVE_DELAY_MS, VISITOR_ANSWERS_TTL_MS, visitorAnswers, type Saver } from "./saver";

withTestServer();
// Whole pages take seconds each to draw in jsdom, more on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const USER = "ada@example.com";
const KEY = `apply.unsaved.${USER}`;
const PAGE = { timeout: 15_000 };
const FORM_UPDATED = "This application form was updated while you had it open. The page will reload in a moment, with your answers kept.";
const OFFLINE = "Offline — your changes are kept on this device and sent when you are back online";

/** What this device still holds for the applicant (null: nothing). */
const stored = (key = KEY) => {
  const text = localStorage.getItem(key);
  return text === null ? null : (JSON.parse(text) as Answers);
};

/** The bodies of every PUT /api/answer so far (each read once the request's body has arrived). */
const puts = () => sentTo("PUT", "/api/answer");
const bodies = () => puts().map((r) => r.body);
const saved = (cleared: string[] = []) => HttpResponse.json({ message: "Saved.", revision: 2, cleared });

/** Node's setImmediate (the client's types are the browser's): a real macrotask while setTimeout is faked. */
const setImmediate = (globalThis as unknown as { setImmediate: (callback: () => void) => void }).setImmediate;

/** Lets fetch, msw and the queue run (real macrotasks; only setTimeout is faked). */
async function settle(rounds = 30): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Waits, without moving the fake clock, until `check` passes. */
async function until(check: () => void): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (error) {
      if (i > 500) throw error;
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

const elapse = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
};

/** Answers PUT /api/answer from a queue of replies, each waiting for its release. */
function gatedServer(replies: (() => Response)[]) {
  const releases: (() => void)[] = [];
  const arrived: number[] = [];
  let calls = 0;
  server.use(
    http.put(url("/api/answer"), async () => {
      const index = calls++;
      arrived.push(index);
      await new Promise<void>((resolve) => releases.push(resolve));
      return replies[index]!();
    }),
  );
  return { release: (index: number) => releases[index]!(), arrived };
}

let consoleError: ReturnType<typeof vi.spyOn>;
/** The test's own saver, the one renderApp's app uses too. */
let saver: Saver;
beforeEach(() => {
  saver = testSaver();
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  consoleError.mockRestore();
});

describe("sending", () => {
  test("changes wait for a pause of 800 ms in typing, then go in one PUT as a delta", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    server.use(http.put(url("/api/answer"), () => saved()));
    expect(saver.unsavedChanges(USER)).toEqual({});

    saver.recordChanges({ first_name: "A" });
    expect(saver.status.getState().status).toBe("pending");
    expect(stored()).toEqual({ first_name: "A" });
    await elapse(500);
    saver.recordChanges({ first_name: "Ada" });
    saver.recordChanges({ last_name: "Lovelace" });
    expect(stored()).toEqual({ first_name: "Ada", last_name: "Lovelace" });

    // The pause counts from the last keystroke.
    await elapse(SAVE_DELAY_MS - 1);
    expect(puts()).toEqual([]);
    await elapse(1);
    await until(() => expect(bodies()).toEqual([{ first_name: "Ada", last_name: "Lovelace" }]));
    await until(() => expect(saver.status.getState()).toEqual({ status: "saved" }));
    expect(stored()).toBeNull();

    // Nothing more goes out.
    await elapse(60_000);
    expect(puts()).toHaveLength(1);
  });

  test("saveNow sends at once and resolves once the server has everything", async () => {
    server.use(http.put(url("/api/answer"), () => saved()));
    saver.unsavedChanges(USER);
    saver.recordChanges({ first_name: "Ada" });
    await saver.saveNow();
    expect(bodies()).toEqual([{ first_name: "Ada" }]);
    expect(saver.status.getState().status).toBe("saved");
    expect(stored()).toBeNull();
    // The pending 800 ms send was cancelled: nothing is left to send twice.
    await new Promise((resolve) => setTimeout(resolve, SAVE_DELAY_MS + 200));
    expect(puts()).toHaveLength(1);
  });

  test("saveNow with nothing queued sends nothing", async () => {
    saver.unsavedChanges(USER);
    await saver.saveNow();
    expect(puts()).toEqual([]);
  });

  test("a visitor's changes are not queued for the server", async () => {
    saver.recordChanges({ first_name: "Ada" });
    await saver.saveNow();
    expect(puts()).toEqual([]);
    expect(Object.keys(localStorage).filter((key) => key.startsWith("apply.unsaved."))).toEqual([]);
  });

  test("acknowledged keys leave localStorage; a key changed during the request stays and goes next", async () => {
    const gate = gatedServer([() => saved(), () => saved()]);
    saver.unsavedChanges(USER);
    saver.recordChanges({ first_name: "Ada", last_name: "Lovelace" });
    const saving = saver.saveNow();
    await waitFor(() => expect(gate.arrived).toEqual([0]));
    expect(saver.status.getState().status).toBe("saving");

    saver.recordChanges({ first_name: "Adaline" });
    expect(stored()).toEqual({ first_name: "Adaline", last_name: "Lovelace" });
    gate.release(0);

    // The first reply acknowledged last_name and the old first_name only.
    await waitFor(() => expect(gate.arrived).toEqual([0, 1]));
    expect(stored()).toEqual({ first_name: "Adaline" });
    gate.release(1);
    await saving;

    expect(bodies()).toEqual([{ first_name: "Ada", last_name: "Lovelace" }, { first_name: "Adaline" }]);
    expect(stored()).toBeNull();
    expect(saver.status.getState().status).toBe("saved");
  });
});

describe("failures", () => {
  /** No network: first_name typed, the first send failed, the status offline. */
  async function offlineWithFirstName() {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    server.use(http.put(url("/api/answer"), () => HttpResponse.error()));
    saver.unsavedChanges(USER);
    saver.recordChanges({ first_name: "Ada" });
    await elapse(SAVE_DELAY_MS);
    await until(() => expect(saver.status.getState().status).toBe("offline"));
  }

  test("offline: status offline, nothing lost, retried after 1 s and 2 s, and sent at once on the online event", async () => {
    await offlineWithFirstName();
    expect(puts()).toHaveLength(1);
    expect(stored()).toEqual({ first_name: "Ada" });

    await elapse(999);
    expect(puts()).toHaveLength(1);
    await elapse(1);
    await until(() => expect(puts()).toHaveLength(2));
    await elapse(1999);
    expect(puts()).toHaveLength(2);
    await elapse(1);
    await until(() => expect(puts()).toHaveLength(3));
    expect(saver.status.getState().status).toBe("offline");
    expect(stored()).toEqual({ first_name: "Ada" });

    // Back online: sent now, not after the next 4 s.
    server.use(http.put(url("/api/answer"), () => saved()));
    window.dispatchEvent(new Event("online"));
    await elapse(0);
    await until(() => expect(puts()).toHaveLength(4));
    await until(() => expect(saver.status.getState().status).toBe("saved"));
    expect(bodies()).toEqual(Array(4).fill({ first_name: "Ada" }));
    expect(stored()).toBeNull();
  });

  test("while offline, typing keeps the offline status and adds to what is kept", async () => {
    await offlineWithFirstName();
    saver.recordChanges({ last_name: "Lovelace" });
    expect(saver.status.getState().status).toBe("offline");
    expect(stored()).toEqual({ first_name: "Ada", last_name: "Lovelace" });
  });

  test("the pause between attempts doubles up to 30 s", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    server.use(http.put(url("/api/answer"), () => HttpResponse.error()));
    saver.unsavedChanges(USER);
    saver.recordChanges({ first_name: "Ada" });
    await saver.saveNow().catch(() => {});
    expect(puts()).toHaveLength(1);
    let count = 1;
    for (const pause of [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]) {
      await elapse(pause - 1);
      expect(puts()).toHaveLength(count);
      await elapse(1);
      await until(() => expect(puts()).toHaveLength(count + 1));
      count++;
    }
  });

  test("a 500 is retried; the retry's success saves", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let calls = 0;
    server.use(
      http.put(url("/api/answer"), () => (++calls === 1 ? HttpResponse.json({ message: "The database is not answering." }, { status: 500 }) : saved())),
    );
    saver.unsavedChanges(USER);
    saver.recordChanges({ first_name: "Ada" });
    await expect(saver.saveNow()).rejects.toThrow("The database is not answering.");
    expect(saver.status.getState().status).toBe("pending");
    expect(stored()).toEqual({ first_name: "Ada" });

    await elapse(1000);
    await until(() => expect(puts()).toHaveLength(2));
    await until(() => expect(saver.status.getState().status).toBe("saved"));
    expect(bodies()).toEqual([{ first_name: "Ada" }, { first_name: "Ada" }]);
    expect(stored()).toBeNull();
  });

  test("a 429 is retried", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let calls = 0;
    server.use(http.put(url("/api/answer"), () => (++calls === 1 ? HttpResponse.json({ message: "Too many requests." }, { status: 429 }) : saved())));
    saver.unsavedChanges(USER);
    saver.recordChanges({ first_name: "Ada" });
    await saver.saveNow().catch(() => {});
    expect(saver.status.getState().status).toBe("pending");
    await elapse(1000);
    await until(() => expect(saver.status.getState().status).toBe("saved"));
    expect(puts()).toHaveLength(2);
  });

  test("a 409 is refused: status failed with the server's message, the queue dropped, no retry", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const REFUSED = "Your application has been submitted and can no longer be changed.";
    server.use(http.put(url("/api/answer"), () => HttpResponse.json({ message: REFUSED }, { status: 409 })));
    saver.unsavedChanges(USER);
    saver.recordChanges({ first_name: "Ada" });
    await elapse(SAVE_DELAY_MS);
    await until(() => expect(saver.status.getState()).toEqual({ status: "failed", message: REFUSED }));
    expect(stored()).toBeNull();
    expect(saver.unsavedChanges(USER)).toEqual({});

    await elapse(60_000);
    expect(puts()).toHaveLength(1);

    // The refused change is not sent again with the next one.
    server.use(http.put(url("/api/answer"), () => saved()));
    saver.recordChanges({ last_name: "Lovelace" });
    expect(saver.status.getState()).toEqual({ status: "pending", message: undefined });
    await saver.saveNow();
    expect(bodies()).toEqual([{ first_name: "Ada" }, { last_name: "Lovelace" }]);
    expect(saver.status.getState().status).toBe("saved");
  });
});

describe("a page on definitions the server no longer serves", () => {
  test("a save refused as formUpdated says why, keeps every change for the reloaded page, and reloads once", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const versions: (string | null)[] = [];
    server.use(http.put(url("/api/answer"), ({ request }) => {
      versions.push(request.headers.get("x-form-version"));
      return HttpResponse.json({ message: FORM_UPDATED, code: "formUpdated" }, { status: 409 });
    }));
    saver.unsavedChanges(USER);
    saver.recordChanges({ first_name: "Ada" });
    await elapse(SAVE_DELAY_MS);
    await until(() => expect(saver.status.getState()).toEqual({ status: "failed", message: FORM_UPDATED }));
    expect(pageReloads.count).toBe(1);
    saver.recordChanges({ last_name: "Lovelace" });
    await elapse(SAVE_DELAY_MS);
    await until(() => expect(puts()).toHaveLength(2));
    expect(pageReloads.count).toBe(1);
    // What the reloaded page finds and sends.
    expect(stored()).toEqual({ first_name: "Ada", last_name: "Lovelace" });
    // Every write names this page's definitions.
    expect(versions).toEqual([bundledVersion, bundledVersion]);
  });
});

describe("what the server cleared", () => {
  test("reply.cleared clears those answers locally", async () => {
    server.use(http.put(url("/api/answer"), () => saved(["citizenship", "citizenship_3"])));
    useAnswers.getState().replaceAll({ citizenship_us: "Y", citizenship: "FR", citizenship_3: "DE", birth_country: "FR" });
    saver.unsavedChanges(USER);
    saver.recordChanges({ citizenship_us: "Y" });
    await saver.saveNow();
    expect(useAnswers.getState().answers).toEqual({ citizenship_us: "Y", citizenship: "", citizenship_3: "", birth_country: "FR" });
    // Nothing to send back: the server cleared them itself.
    expect(stored()).toBeNull();
    expect(puts()).toHaveLength(1);
  });

  test("a cleared key typed again during the request keeps the new answer", async () => {
    const gate = gatedServer([() => saved(["citizenship", "citizenship_3"]), () => saved()]);
    useAnswers.getState().replaceAll({ citizenship_us: "Y", citizenship: "FR", citizenship_3: "DE" });
    saver.unsavedChanges(USER);
    saver.recordChanges({ citizenship_us: "Y" });
    const saving = saver.saveNow();
    await waitFor(() => expect(gate.arrived).toEqual([0]));
    useAnswers.getState().assign({ citizenship_3: "IT" });
    saver.recordChanges({ citizenship_3: "IT" });
    gate.release(0);
    await waitFor(() => expect(gate.arrived).toEqual([0, 1]));
    gate.release(1);
    await saving;
    expect(useAnswers.getState().answers).toEqual({ citizenship_us: "Y", citizenship: "", citizenship_3: "IT" });
    expect(bodies()).toEqual([{ citizenship_us: "Y" }, { citizenship_3: "IT" }]);
  });
});

describe("after a reload", () => {
  test("unsavedChanges returns what a previous page load left for that applicant, and sends it", async () => {
    server.use(http.put(url("/api/answer"), () => saved()));
    localStorage.setItem(KEY, JSON.stringify({ first_name: "Ada", legal_agree: true }));
    localStorage.setItem("apply.unsaved.bob@example.com", JSON.stringify({ first_name: "Bob" }));

    expect(saver.unsavedChanges(USER)).toEqual({ first_name: "Ada", legal_agree: true });
    await waitFor(() => expect(bodies()).toEqual([{ first_name: "Ada", legal_agree: true }]));
    await waitFor(() => expect(stored()).toBeNull());
    // Another applicant's changes on this device are left alone.
    expect(stored("apply.unsaved.bob@example.com")).toEqual({ first_name: "Bob" });
  });

  test("nothing or something unreadable left: no changes, nothing sent", async () => {
    expect(saver.unsavedChanges(USER)).toEqual({});
    localStorage.setItem("apply.unsaved.bob@example.com", "{not json");
    expect(saver.unsavedChanges("bob@example.com")).toEqual({});
    localStorage.setItem("apply.unsaved.eve@example.com", JSON.stringify(["first_name"]));
    expect(saver.unsavedChanges("eve@example.com")).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts()).toEqual([]);
  });

  test("useProfile lays them over the profile's answers and sends them; offline says so, online saves", async () => {
    localStorage.setItem(KEY, JSON.stringify({ last_name: "Byron", middle_name: "" }));
    logIn();
    server.use(
      http.get(url("/api/profile"), () => HttpResponse.json(profileOf({ answer: { first_name: "Ada", last_name: "Lovelace", middle_name: "King" } as Answers }))),
      http.put(url("/api/last-page"), () => HttpResponse.json({ message: "Saved." })),
      http.put(url("/api/answer"), () => HttpResponse.error()),
    );
    renderApp("/about");
    await screen.findByRole("heading", { level: 1, name: "About You" }, PAGE);
    expect(useAnswers.getState().answers).toEqual({ first_name: "Ada", last_name: "Byron", middle_name: "" });
    expect(screen.getAllByRole("textbox", { name: "Last Name" })[0]).toHaveValue("Byron");
    expect(screen.getAllByRole("textbox", { name: "Middle Name" })[0]).toHaveValue("");

    // Sent at once (and retried while offline), only the changes, not the whole profile.
    await waitFor(() => expect(puts().length).toBeGreaterThan(0), PAGE);
    // At the top of the page (announced) and beside the buttons.
    await waitFor(() => expect(screen.getAllByText(OFFLINE)).toHaveLength(2), PAGE);
    expect(screen.getAllByRole("status").map((status) => status.textContent)).toContain(OFFLINE);
    await waitFor(() => expect(bodies().every((body) => body !== undefined)).toBe(true));
    expect(new Set(bodies().map((body) => JSON.stringify(body)))).toEqual(new Set([JSON.stringify({ last_name: "Byron", middle_name: "" })]));
    expect(stored()).toEqual({ last_name: "Byron", middle_name: "" });

    server.use(http.put(url("/api/answer"), () => saved()));
    act(() => void window.dispatchEvent(new Event("online")));
    await waitFor(() => expect(screen.getAllByText("All changes saved")).toHaveLength(2), PAGE);
    expect(bodies().at(-1)).toEqual({ last_name: "Byron", middle_name: "" });
    expect(stored()).toBeNull();
  });
});

describe("a visitor's answers", () => {
  const HOUR = 60 * 60 * 1000;
  /** What an earlier visit left, `age` ms ago. */
  const keptAgo = (age: number, answers: Answers) => localStorage.setItem("apply.visitor", JSON.stringify({ savedAt: Date.now() - age, answers }));

  test("kept across a reload and restored at start-up", () => {
    keepVisitorAnswers({ first_name: "Ada", legal_agree: true });
    expect(JSON.parse(localStorage.getItem("apply.visitor")!)).toEqual({ savedAt: expect.any(Number), answers: { first_name: "Ada", legal_agree: true } });
    useAnswers.getState().reset();
    restoreVisitorAnswers();
    expect(useAnswers.getState().answers).toEqual({ first_name: "Ada", legal_agree: true });
    expect(visitorAnswers()).toEqual({ first_name: "Ada", legal_agree: true });
  });

  test("nothing kept: restoring changes nothing", () => {
    useAnswers.getState().replaceAll({ first_name: "Ada" });
    restoreVisitorAnswers();
    expect(useAnswers.getState().answers).toEqual({ first_name: "Ada" });
  });

  test("forgotten 24 hours after the last change: not restored, and gone from the device", () => {
    keptAgo(VISITOR_ANSWERS_TTL_MS - HOUR, { first_name: "Ada" });
    restoreVisitorAnswers();
    expect(useAnswers.getState().answers).toEqual({ first_name: "Ada" });

    useAnswers.getState().reset();
    keptAgo(VISITOR_ANSWERS_TTL_MS + 1, { first_name: "Ada" });
    restoreVisitorAnswers();
    expect(useAnswers.getState().answers).toEqual({});
    expect(localStorage.getItem("apply.visitor")).toBeNull();
  });

  test("each change restarts the 24 hours", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    keepVisitorAnswers({ first_name: "Ada" });
    vi.setSystemTime(Date.now() + 20 * HOUR);
    keepVisitorAnswers({ first_name: "Ada", last_name: "Lovelace" });
    vi.setSystemTime(Date.now() + 20 * HOUR);
    expect(visitorAnswers()).toEqual({ first_name: "Ada", last_name: "Lovelace" });
    vi.setSystemTime(Date.now() + 5 * HOUR);
    expect(visitorAnswers()).toEqual({});
  });

  test("answers kept without the time they were kept (an older version's) count as expired", () => {
    localStorage.setItem("apply.visitor", JSON.stringify({ first_name: "Ada" }));
    restoreVisitorAnswers();
    expect(useAnswers.getState().answers).toEqual({});
    expect(localStorage.getItem("apply.visitor")).toBeNull();
  });

  test("typing goes to this device once it pauses, in one write; the last keystroke is kept when the page is hidden sooner", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const writes = vi.spyOn(Storage.prototype, "setItem");
    const visitorWrites = () => writes.mock.calls.filter(([key]) => key === "apply.visitor").map(([, value]) => (JSON.parse(value) as { answers: Answers }).answers);
    const saver = testSaver();
    const type = (text: string) => {
      useAnswers.getState().assign({ first_name: text });
      saver.afterChange({ first_name: text });
    };
    // A keystroke every 150 ms: still typing, nothing written yet.
    for (const text of ["A", "Ad", "Ada"]) {
      type(text);
      await vi.advanceTimersByTimeAsync(150);
    }
    expect(visitorWrites()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(visitorWrites()).toEqual([{ first_name: "Ada" }]);

    // A last keystroke, and the tab closed at once.
    type("Adam");
    window.dispatchEvent(new Event("pagehide"));
    expect(visitorAnswers()).toEqual({ first_name: "Adam" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(visitorWrites()).toEqual([{ first_name: "Ada" }, { first_name: "Adam" }]);
  });

  test("a logged-in applicant's answers never enter the visitor store", () => {
    logIn({ username: USER });
    keepVisitorAnswers({ first_name: "Ada" });
    expect(localStorage.getItem("apply.visitor")).toBeNull();
  });
});
