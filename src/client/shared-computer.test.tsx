// A shared computer leaks nothing (issue 18, item 1): any logout — the button, inactivity, a 401,
// in this tab or another — leaves no answer, queue or cached profile in the browser's storage or
// the query cache; a visitor's answers go into the account they sign up for, and into an account
// that already holds answers only when the applicant chooses so; a history entry never carries
// answers to the next person. (The 24-hour expiry of a visitor's answers and the guard on the
// visitor store: state/saver.test.ts.)
import { http, HttpResponse } from "msw";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { Answers } from "../engine/runtime";
import { queryClient } from "./api/queries";
import { ANSWERS_CHOICE_TITLE, KEEP_SAVED, USE_TYPED } from "./auth/AnswersChoice";
import { useAnswers } from "./state/answers";
import { keepVisitorAnswers, restoreVisitorAnswers } from "./state/saver";
import { useSession } from "./state/session";
import { labelOf, logIn, profileOf, renderApp, sent, sentTo, server, url, withTestServer } from "./testing";

withTestServer();
// Whole pages take seconds each to draw in jsdom, more on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const PAGE = { timeout: 15_000 };
const USER = "ada@example.com";
const SAVED: Answers = { first_name: "Ada", last_name: "Lovelace" };
const TYPED: Answers = { first_name: "Mallory", middle_name: "Q" };
const saved = () => HttpResponse.json({ message: "Saved.", revision: 2, cleared: [] });

/** Every key in the browser's storage, local and session. */
const storageKeys = () => [...Object.keys(localStorage), ...Object.keys(sessionStorage)];
const firstName = () => screen.getAllByRole("textbox", { name: labelOf("first_name") })[0]!;

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  server.use(
    http.put(url("/api/last-page"), () => HttpResponse.json({ message: "Saved." })),
    http.get(url("/api/logout"), () => HttpResponse.json({ message: "You have been logged out." })),
    http.get(url("/api/session"), () => HttpResponse.json({ message: "Session renewed." })),
  );
});
afterEach(() => {
  vi.useRealTimers();
  consoleError.mockRestore();
});

/** A logged-in applicant on /about with `answer` saved; another tab's visitor had typed answers on this device. */
async function openApplication(answer: Answers = SAVED, userOptions: Parameters<typeof userEvent.setup>[0] = {}) {
  keepVisitorAnswers({ first_name: "Visitor in another tab" });
  logIn({ username: USER });
  server.use(http.get(url("/api/profile"), () => HttpResponse.json(profileOf({ answer, username: USER }))));
  const app = renderApp("/about");
  await screen.findByRole("heading", { level: 1, name: "About You" }, PAGE);
  await waitFor(() => expect(firstName()).toHaveValue(String(answer.first_name ?? "")));
  return { ...app, user: userEvent.setup(userOptions) };
}

/** After a logout: nothing in storage, memory or the cache, and a reload of /about shows no answer. */
async function expectNothingLeft() {
  expect(storageKeys()).toEqual([]);
  // Queries the pages still observe come back empty; none holds data.
  expect(queryClient.getQueryCache().getAll().filter((query) => query.state.data !== undefined).map((query) => query.queryKey)).toEqual([]);
  expect(useAnswers.getState().answers).toEqual({});
  // The next person at this browser reloads the form: main.tsx's start-up, then the page.
  cleanup();
  restoreVisitorAnswers();
  renderApp("/about");
  await screen.findByRole("heading", { level: 1, name: "About You" }, PAGE);
  expect(firstName()).toHaveValue("");
  expect(useAnswers.getState().answers).toEqual({});
}

describe("logging out leaves nothing of anyone in this browser", () => {
  test("Log Out sends the changes still queued, then removes every answer, the queue, the last activity and the cached profile", async () => {
    server.use(http.put(url("/api/answer"), saved));
    const { user } = await openApplication();
    await user.type(firstName(), "!");
    // At once, before the autosave's pause has passed.
    await user.click(screen.getByRole("button", { name: "Account" }));
    await user.click(await screen.findByRole("button", { name: "Log Out" }));

    await screen.findByRole("heading", { level: 1, name: "Log In" }, PAGE);
    const order = sent.map((r) => `${r.method} ${r.path}`);
    expect(order.indexOf("PUT /api/answer")).toBeGreaterThan(-1);
    expect(order.indexOf("PUT /api/answer")).toBeLessThan(order.indexOf("GET /api/logout"));
    expect(sentTo("PUT", "/api/answer").map((r) => r.body)).toEqual([{ first_name: "Ada!" }]);
    await expectNothingLeft();
  });

  test("the inactivity logout removes them too, unsent changes included", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The server is down: the change stays queued on this device.
    server.use(http.put(url("/api/answer"), () => HttpResponse.json({ message: "Unavailable" }, { status: 503 })));
    const { user } = await openApplication(SAVED, { advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.type(firstName(), "!");
    await waitFor(() => expect(localStorage.getItem(`apply.unsaved.${USER}`)).not.toBeNull());
    expect(localStorage.getItem("apply.lastActivity")).not.toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(900_000));
    await screen.findByRole("heading", { level: 1, name: "Log In" }, PAGE);
    expect(sentTo("GET", "/api/logout")).toHaveLength(1);
    vi.useRealTimers();
    await expectNothingLeft();
  });

  test("a 401 removes them too", async () => {
    server.use(http.put(url("/api/answer"), () => HttpResponse.json({ message: "Unauthorized" }, { status: 401 })));
    const { user } = await openApplication();
    await user.type(firstName(), "!");
    const toast = await screen.findByRole("alertdialog", { name: "Login Card Error" }, PAGE);
    expect(within(toast).getByText("Your session is invalid. Please clear your cookies and login again.")).toBeInTheDocument();
    expect(useSession.getState().is_logged_in).toBe(false);
    await expectNothingLeft();
  });
});

describe("a logout in another tab of this browser", () => {
  /** What the tab that logged out tells the others. */
  const logOutInAnotherTab = () => {
    const other = new BroadcastChannel("apply.logout");
    other.postMessage("logged out");
    other.close();
  };

  test("a logged-in tab forgets the application and goes to /login", async () => {
    const { router } = await openApplication();
    logOutInAnotherTab();
    const toast = await screen.findByRole("alertdialog", { name: "Login Card Error" }, PAGE);
    expect(within(toast).getByText("Your session is invalid. Please clear your cookies and login again.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(useSession.getState().is_logged_in).toBe(false);
    await expectNothingLeft();
  });

  test("a visitor's tab forgets what was typed there", async () => {
    useAnswers.getState().replaceAll(TYPED);
    keepVisitorAnswers(TYPED);
    const { router } = renderApp("/about");
    await screen.findByRole("heading", { level: 1, name: "About You" }, PAGE);
    expect(firstName()).toHaveValue("Mallory");
    logOutInAnotherTab();
    await waitFor(() => expect(firstName()).toHaveValue(""));
    expect(router.state.location.pathname).toBe("/about");
    await expectNothingLeft();
  });
});

describe("a visitor's answers and an account", () => {
  /** A visitor who typed TYPED on this device opens /login and logs in to an account holding `answer`. */
  async function logInWithTyped(answer: Answers, state?: unknown) {
    useAnswers.getState().replaceAll(TYPED);
    keepVisitorAnswers(TYPED);
    server.use(
      http.post(url("/public/login"), () => HttpResponse.json({ message: "Logged in." })),
      http.get(url("/api/profile"), () => HttpResponse.json(profileOf({ answer, username: USER }))),
      http.put(url("/api/answer"), saved),
    );
    const app = renderApp("/login", state);
    await screen.findByRole("heading", { level: 1, name: "Log In" }, PAGE);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), USER);
    await user.type(screen.getByLabelText("Password"), "Secret-password-1");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    return { ...app, user };
  }

  test("an account with saved answers: asked, and keeping the saved application is the focused default", async () => {
    const { user, router } = await logInWithTyped(SAVED);
    const dialog = await screen.findByRole("alertdialog", { name: ANSWERS_CHOICE_TITLE }, PAGE);
    const keep = within(dialog).getByRole("button", { name: KEEP_SAVED });
    expect(within(dialog).getByRole("button", { name: USE_TYPED })).toBeInTheDocument();
    await waitFor(() => expect(keep).toHaveFocus());
    expect(sentTo("PUT", "/api/answer")).toEqual([]);

    await user.keyboard("{Enter}");
    await screen.findByRole("heading", { level: 1, name: "About You" }, PAGE);
    expect(router.state.location.pathname).toBe("/about");
    await waitFor(() => expect(firstName()).toHaveValue("Ada"));
    expect(useAnswers.getState().answers).toEqual(SAVED);
    // Nothing of the account was overwritten, and the typed answers left this browser.
    expect(sentTo("PUT", "/api/answer")).toEqual([]);
    expect(localStorage.getItem("apply.visitor")).toBeNull();
  });

  test("Escape keeps the saved application too", async () => {
    const { user } = await logInWithTyped(SAVED);
    await screen.findByRole("alertdialog", { name: ANSWERS_CHOICE_TITLE }, PAGE);
    await user.keyboard("{Escape}");
    await screen.findByRole("heading", { level: 1, name: "About You" }, PAGE);
    await waitFor(() => expect(firstName()).toHaveValue("Ada"));
    expect(sentTo("PUT", "/api/answer")).toEqual([]);
    expect(localStorage.getItem("apply.visitor")).toBeNull();
  });

  test("choosing the typed answers saves them over the saved ones", async () => {
    const { user } = await logInWithTyped(SAVED);
    const dialog = await screen.findByRole("alertdialog", { name: ANSWERS_CHOICE_TITLE }, PAGE);
    await user.click(within(dialog).getByRole("button", { name: USE_TYPED }));
    await screen.findByRole("heading", { level: 1, name: "About You" }, PAGE);
    expect(sentTo("PUT", "/api/answer").map((r) => r.body)).toEqual([TYPED]);
    expect(localStorage.getItem("apply.visitor")).toBeNull();
  });

  test("an account without answers takes them without asking, and they leave this browser", async () => {
    const { router } = await logInWithTyped({});
    await waitFor(() => expect(router.state.location.pathname).toBe("/about"));
    expect(screen.queryByRole("alertdialog", { name: ANSWERS_CHOICE_TITLE })).not.toBeInTheDocument();
    await waitFor(() => expect(sentTo("PUT", "/api/answer").map((r) => r.body)).toEqual([TYPED]));
    expect(localStorage.getItem("apply.visitor")).toBeNull();
  });

  test("signing up carries them through /confirm into the new account", async () => {
    useAnswers.getState().replaceAll(TYPED);
    server.use(
      http.post(url("/public/signup"), () => HttpResponse.json({ message: "Code sent." })),
      http.post(url("/public/confirm"), () => HttpResponse.json({ message: "Your account is confirmed." })),
      http.post(url("/public/login"), () => HttpResponse.json({ message: "Logged in." })),
      http.get(url("/api/profile"), () => HttpResponse.json(profileOf({ username: USER }))),
      http.put(url("/api/answer"), saved),
    );
    const { router } = renderApp("/signup");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 1, name: "Sign Up" }, PAGE);
    await user.type(screen.getByLabelText("Email"), USER);
    await user.type(screen.getByLabelText("Password"), "Correct-horse-9");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("heading", { level: 1, name: "Confirm Your Account" }, PAGE);
    await user.type(screen.getByLabelText("Confirmation code"), "123456");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("heading", { level: 1, name: "Log In" }, PAGE);
    await user.type(screen.getByLabelText("Password"), "Secret-password-1");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/about"));
    expect(sentTo("PUT", "/api/answer").map((r) => r.body)).toEqual([TYPED]);
  });

  test("answers an old history entry still holds (Back, after someone logged out) are not carried", async () => {
    server.use(
      http.post(url("/public/login"), () => HttpResponse.json({ message: "Logged in." })),
      http.get(url("/api/profile"), () => HttpResponse.json(profileOf({ username: USER }))),
    );
    const { router } = renderApp("/login", { username: "someone.else@example.com", answers: TYPED });
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 1, name: "Log In" }, PAGE);
    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), USER);
    await user.type(screen.getByLabelText("Password"), "Secret-password-1");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/about"));
    await screen.findByRole("heading", { level: 1, name: "About You" }, PAGE);
    expect(sentTo("PUT", "/api/answer")).toEqual([]);
    expect(firstName()).toHaveValue("");
  });

  test("a logged-in applicant's answers are never carried into another account", async () => {
    // Ada is logged in with her application loaded, and someone logs in as Grace on /login.
    logIn({ username: USER });
    useAnswers.getState().replaceAll(SAVED);
    server.use(
      http.post(url("/public/login"), () => HttpResponse.json({ message: "Logged in." })),
      http.get(url("/api/profile"), () => HttpResponse.json(profileOf({ username: "grace@example.com" }))),
    );
    const { router } = renderApp("/login");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 1, name: "Log In" }, PAGE);
    await user.type(screen.getByLabelText("Email"), "grace@example.com");
    await user.type(screen.getByLabelText("Password"), "Secret-password-1");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/about"));
    await screen.findByRole("heading", { level: 1, name: "About You" }, PAGE);
    expect(sentTo("PUT", "/api/answer")).toEqual([]);
    expect(localStorage.getItem("apply.visitor")).toBeNull();
  });
});
