// The account pages' guard: "If web_status is
// submitted and the user is not on /status, redirect to /status" holds on the account
// pages too; a visitor has no status and reaches every card, and a stale logged-in cookie does
// not keep anyone from a card.
import { http, HttpResponse } from "msw";
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { useSession } from "../state/session";
import { logIn, profileOf, renderApp, sent, sentTo, server, url, withTestServer } from "../testing";

withTestServer();

const SUBMITTED = ["started", "validating", "submitted"];
const CARDS = [
  ["/login", "Log In"],
  ["/signup", "Sign Up"],
  ["/confirm", "Confirm Your Account"],
  ["/forgot", "Forgot Password"],
  ["/reset?username=ada%40example.com&id=f3b9c2e1", "Reset Password"],
] as const;

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  server.use(http.post(url("/public/reset-password/check"), () => HttpResponse.json({ message: "This password reset link works." })));
});
afterEach(() => consoleError.mockRestore());

describe("a logged-in applicant", () => {
  test.each(CARDS)("submitted, on %s: to /status", async (path) => {
    logIn();
    server.use(http.get(url("/api/profile"), () => HttpResponse.json(profileOf({}, SUBMITTED))));
    const { router } = renderApp(path);
    await screen.findByRole("heading", { level: 1, name: "Your application is submitted" });
    expect(router.state.location.pathname).toBe("/status");
    expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
  });

  test.each(CARDS)("not submitted, on %s: the card", async (path, title) => {
    logIn();
    server.use(http.get(url("/api/profile"), () => HttpResponse.json(profileOf({}, ["started", "validating"]))));
    const { router } = renderApp(path);
    await screen.findByRole("heading", { level: 1, name: title });
    expect(router.state.location.pathname).toBe(path.split("?")[0]);
    expect(sentTo("GET", "/api/profile")).toHaveLength(1);
  });

  test("whose session has ended (the cookie outlived it): the reset card still shows, without the session message", async () => {
    logIn();
    server.use(http.get(url("/api/profile"), () => HttpResponse.json({ message: "Unauthorized" }, { status: 401 })));
    const { router } = renderApp(CARDS[4][0]);
    await screen.findByLabelText("New password");
    expect(router.state.location.pathname).toBe("/reset");
    expect(screen.queryByText("Your session is invalid. Please clear your cookies and login again.")).not.toBeInTheDocument();
    expect(useSession.getState().is_logged_in).toBe(false);
  });
});

test.each(CARDS)("a visitor on %s: the card, and no profile asked for", async (path, title) => {
  const { router } = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: title });
  expect(router.state.location.pathname).toBe(path.split("?")[0]);
  expect(sent.filter((r) => r.path.startsWith("/api/"))).toEqual([]);
});
