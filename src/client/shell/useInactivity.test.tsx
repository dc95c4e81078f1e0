// Inactivity: "Still working?" 60000 ms before the 900000 ms
// timeout, Yes keeps the applicant, No logs out, no answer logs out with the spec's message,
// activity postpones it all, and activity while it shows dismisses it. The clock is faked; it also moves with real time, which the waits of
// Testing Library and msw need, so every check keeps a second or more from its boundary.
import { http, HttpResponse } from "msw";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { logIn, profileOf, renderApp, sentTo, server, url, withTestServer } from "../testing";
import { useSession } from "../state/session";

withTestServer();

const MINUTE = 60_000;
const PROMPT_AT = 900_000 - 60_000;
const AUTO_LOGOUT = "You have been automatically logged out due to inactivity.";
const YES = "Yes - Take me back to my application";
const NO = "No - Please log me out";

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const prompt = () => screen.queryByRole("alertdialog", { name: "Still working?" });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.spyOn(console, "error").mockImplementation(() => {});
  server.use(
    http.get(url("/api/profile"), () => HttpResponse.json(profileOf())),
    http.put(url("/api/last-page"), () => HttpResponse.json({ message: "Saved." })),
    http.get(url("/api/session"), () => HttpResponse.json({ message: "Session renewed." })),
    http.get(url("/api/logout"), () => HttpResponse.json({ message: "You have been logged out." })),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A logged-in applicant on /about, the page drawn and the watch started. */
async function openApplication() {
  logIn();
  const app = renderApp("/about");
  await screen.findByRole("heading", { level: 1, name: "About You" });
  await waitFor(() => expect(sentTo("PUT", "/api/last-page")).toHaveLength(1));
  return { ...app, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

/**
 * After the prompt was dismissed: it is gone, the session renewed (GET /api/session), the old
 * timeout passes without a logout, and the next prompt comes 14 minutes after the dismissal, on `path`.
 */
async function expectKeptOn(path: string, router: { state: { location: { pathname: string } } }) {
  await waitFor(() => expect(prompt()).not.toBeInTheDocument());
  expect(router.state.location.pathname).toBe(path);
  await waitFor(() => expect(sentTo("GET", "/api/session")).toHaveLength(1));
  await elapse(2 * MINUTE);
  expect(sentTo("GET", "/api/logout")).toEqual([]);
  expect(prompt()).not.toBeInTheDocument();
  await elapse(PROMPT_AT - 2 * MINUTE);
  expect(await screen.findByRole("alertdialog", { name: "Still working?" })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(path);
  expect(useSession.getState().is_logged_in).toBe(true);
}

describe("Still working?", () => {
  test("does not show before 14 minutes", async () => {
    await openApplication();
    await elapse(PROMPT_AT - 2000);
    expect(prompt()).not.toBeInTheDocument();
    expect(sentTo("GET", "/api/logout")).toEqual([]);
  });

  test("shows at 14 minutes with its two answers; Escape, a key like any other, dismisses it as activity", async () => {
    const { user } = await openApplication();
    await elapse(PROMPT_AT - 2000);
    expect(prompt()).not.toBeInTheDocument();
    await elapse(2000);
    const dialog = await screen.findByRole("alertdialog", { name: "Still working?" });
    expect(within(dialog).getByText("You have not done anything in your application for a while. For your security, we will log you out in one minute.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: YES })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: NO })).toBeInTheDocument();

    await user.keyboard("{Escape}");
    await waitFor(() => expect(prompt()).not.toBeInTheDocument());
    await waitFor(() => expect(sentTo("GET", "/api/session")).toHaveLength(1));
    expect(sentTo("GET", "/api/logout")).toEqual([]);
  });

  test("Yes keeps the applicant on the page: the dialog closes, the session is renewed, and the count starts again", async () => {
    const { user, router } = await openApplication();
    await elapse(PROMPT_AT);
    const dialog = await screen.findByRole("alertdialog", { name: "Still working?" });
    await user.click(within(dialog).getByRole("button", { name: YES }));

    await expectKeptOn("/about", router);
  });

  test("No logs out with GET /api/logout and goes to /login", async () => {
    const { user, router } = await openApplication();
    await elapse(PROMPT_AT);
    const dialog = await screen.findByRole("alertdialog", { name: "Still working?" });
    await user.click(within(dialog).getByRole("button", { name: NO }));

    await screen.findByRole("heading", { level: 1, name: "Log In" });
    expect(router.state.location.pathname).toBe("/login");
    expect(sentTo("GET", "/api/logout")).toHaveLength(1);
    const toast = await screen.findByRole("alertdialog", { name: "Login Card Error" });
    expect(within(toast).getByText("You have been logged out.")).toBeInTheDocument();
    expect(useSession.getState().is_logged_in).toBe(false);
    expect(prompt()).not.toBeInTheDocument();
  });
});

describe("the timeout", () => {
  test("at 15 minutes without an answer it logs out, and /login says why", async () => {
    const { router, visited } = await openApplication();
    await elapse(PROMPT_AT);
    await screen.findByRole("alertdialog", { name: "Still working?" });
    await elapse(MINUTE - 2000);
    expect(sentTo("GET", "/api/logout")).toEqual([]);
    await elapse(2000);

    await screen.findByRole("heading", { level: 1, name: "Log In" });
    expect(router.state.location.pathname).toBe("/login");
    expect(sentTo("GET", "/api/logout")).toHaveLength(1);
    expect(visited.find((l) => l.pathname === "/login")?.state).toEqual({ error: AUTO_LOGOUT });
    const toast = await screen.findByRole("alertdialog", { name: "Login Card Error" });
    expect(within(toast).getByText(AUTO_LOGOUT)).toBeInTheDocument();
    expect(prompt()).not.toBeInTheDocument();
    expect(useSession.getState().is_logged_in).toBe(false);
  });

  test("a session the server has already ended still ends on /login with the inactivity message", async () => {
    server.use(http.get(url("/api/logout"), () => HttpResponse.json({ message: "Unauthorized" }, { status: 401 })));
    const { router } = await openApplication();
    await elapse(900_000);
    const toast = await screen.findByRole("alertdialog", { name: "Login Card Error" });
    expect(within(toast).getByText(AUTO_LOGOUT)).toBeInTheDocument();
    expect(screen.queryByText("Your session is invalid. Please clear your cookies and login again.")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  test("a page that slept through its timers logs out when it is shown again", async () => {
    const { router } = await openApplication();
    // The clock jumps without the timers running, as on a phone woken after 20 minutes.
    vi.setSystemTime(Date.now() + 20 * MINUTE);
    await elapse(1000);
    expect(router.state.location.pathname).toBe("/about");
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    await screen.findByRole("heading", { level: 1, name: "Log In" });
    expect(router.state.location.pathname).toBe("/login");
    expect(await screen.findByText(AUTO_LOGOUT)).toBeInTheDocument();
  });

  test("Yes pressed after the timeout has passed logs out instead", async () => {
    const { user, router } = await openApplication();
    await elapse(PROMPT_AT);
    const dialog = await screen.findByRole("alertdialog", { name: "Still working?" });
    // The phone slept with the dialog open: the clock moved on, the timers did not.
    vi.setSystemTime(Date.now() + 2 * MINUTE);
    await user.click(within(dialog).getByRole("button", { name: YES }));
    await screen.findByRole("heading", { level: 1, name: "Log In" });
    expect(router.state.location.pathname).toBe("/login");
    expect(await screen.findByText(AUTO_LOGOUT)).toBeInTheDocument();
    expect(sentTo("GET", "/api/session")).toEqual([]);
  });
});

describe("activity", () => {
  test("a key pressed before 14 minutes postpones the dialog, and renews the session", async () => {
    const { user } = await openApplication();
    await elapse(10 * MINUTE);
    await user.keyboard("a");
    await waitFor(() => expect(sentTo("GET", "/api/session")).toHaveLength(1));

    await elapse(PROMPT_AT - 10 * MINUTE + 2000);
    expect(prompt()).not.toBeInTheDocument();
    await elapse(10 * MINUTE - 4000);
    expect(prompt()).not.toBeInTheDocument();
    await elapse(4000);
    expect(await screen.findByRole("alertdialog", { name: "Still working?" })).toBeInTheDocument();
    expect(sentTo("GET", "/api/logout")).toEqual([]);
  });

  test("activity in another tab (its stored time) postpones the dialog too", async () => {
    await openApplication();
    await elapse(10 * MINUTE);
    act(() => void window.dispatchEvent(new StorageEvent("storage", { key: "apply.lastActivity", newValue: String(Date.now()) })));
    await elapse(PROMPT_AT - 10 * MINUTE + 2000);
    expect(prompt()).not.toBeInTheDocument();
    await elapse(10 * MINUTE);
    expect(await screen.findByRole("alertdialog", { name: "Still working?" })).toBeInTheDocument();
  });

  test("activity is shared with other tabs through storage", async () => {
    const { user } = await openApplication();
    await elapse(2 * MINUTE);
    await user.keyboard("a");
    expect(Number(localStorage.getItem("apply.lastActivity"))).toBeGreaterThanOrEqual(Date.now() - 1000);
    // The last call was 2 minutes ago: the session needs no renewal yet.
    expect(sentTo("GET", "/api/session")).toEqual([]);
  });

  // The spec: "Activity dismisses the prompt; if the time since last
  // activity is already at least the timeout, the user is logged out instead."
  test("a key pressed while the dialog shows dismisses it, as Yes does", async () => {
    const { user, router } = await openApplication();
    await elapse(PROMPT_AT);
    await screen.findByRole("alertdialog", { name: "Still working?" });
    await user.keyboard("a");

    await expectKeptOn("/about", router);
  });

  test.each([
    ["moving the pointer", (user: ReturnType<typeof userEvent.setup>) => user.pointer({ coords: { x: 10, y: 10 } })],
    ["scrolling", () => act(() => void window.dispatchEvent(new Event("scroll")))],
  ])("%s while the dialog shows dismisses it", async (_, act) => {
    const { user } = await openApplication();
    await elapse(PROMPT_AT);
    await screen.findByRole("alertdialog", { name: "Still working?" });
    await act(user);
    await waitFor(() => expect(prompt()).not.toBeInTheDocument());
    await elapse(MINUTE + 2000);
    expect(sentTo("GET", "/api/logout")).toEqual([]);
    expect(useSession.getState().is_logged_in).toBe(true);
  });

  test("a mousemove where the pointer already was (the dialog opening under it) does not dismiss it; a moved pointer does", async () => {
    await openApplication();
    const moveTo = (x: number) => act(() => void window.dispatchEvent(new MouseEvent("mousemove", { clientX: x, clientY: 10 })));
    await elapse(PROMPT_AT - 2000);
    moveTo(10);
    await elapse(PROMPT_AT);
    await screen.findByRole("alertdialog", { name: "Still working?" });
    moveTo(10);
    await elapse(2000);
    expect(prompt()).toBeInTheDocument();
    moveTo(12);
    await waitFor(() => expect(prompt()).not.toBeInTheDocument());
  });

  test("activity while the dialog shows, once the timeout has already passed, logs out instead", async () => {
    const { user, router } = await openApplication();
    await elapse(PROMPT_AT);
    await screen.findByRole("alertdialog", { name: "Still working?" });
    // The phone slept with the dialog open: the clock moved on, the timers did not.
    vi.setSystemTime(Date.now() + 2 * MINUTE);
    await user.keyboard("a");
    await screen.findByRole("heading", { level: 1, name: "Log In" });
    expect(router.state.location.pathname).toBe("/login");
    expect(await screen.findByText(AUTO_LOGOUT)).toBeInTheDocument();
    expect(sentTo("GET", "/api/session")).toEqual([]);
  });

  test("the keyboard alone answers the dialog: Tab moves to No without dismissing it, Enter logs out", async () => {
    const { user, router } = await openApplication();
    await elapse(PROMPT_AT);
    const dialog = await screen.findByRole("alertdialog", { name: "Still working?" });
    const no = within(dialog).getByRole("button", { name: NO });
    while (document.activeElement !== no) await user.tab();
    expect(prompt()).toBeInTheDocument();
    await user.keyboard("{Enter}");

    await screen.findByRole("heading", { level: 1, name: "Log In" });
    expect(router.state.location.pathname).toBe("/login");
    expect(sentTo("GET", "/api/logout")).toHaveLength(1);
    expect(within(await screen.findByRole("alertdialog", { name: "Login Card Error" })).getByText("You have been logged out.")).toBeInTheDocument();
    expect(sentTo("GET", "/api/session")).toEqual([]);
  });

  test("a visitor is never asked", async () => {
    const { router } = renderApp("/about");
    await screen.findByRole("heading", { level: 1, name: "About You" });
    await elapse(20 * MINUTE);
    expect(prompt()).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/about");
  });
});
