// The office's 15-minute idle logout, as the applicants' (shell/useInactivity.ts) with its own
// session: "Still working?" a minute before, Stay logged in keeps the session, and no answer logs
// out to the login page with why. The clock is faked and also moves with real time (the waits of
// Testing Library and msw need it), so every check keeps a second or more from its boundary.
import { http, HttpResponse } from "msw";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { sentTo, server, url, withTestServer } from "../testing";
import { logInAs, renderStaff } from "./testing";

withTestServer();

const MINUTE = 60_000;
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const prompt = () => screen.queryByRole("alertdialog", { name: "Still working?" });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  logInAs("reader");
  server.use(
    http.get(url("/staff/api/applications"), () => HttpResponse.json({ rows: [], next: null, total: 0 })),
    http.post(url("/staff/api/logout"), () => HttpResponse.json({ message: "You have been logged out." })),
  );
});
afterEach(() => {
  vi.useRealTimers();
});

async function openOffice() {
  const view = renderStaff("/staff/applications");
  await screen.findByRole("heading", { level: 1, name: "Applications" });
  return { ...view, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

describe("15 minutes without activity in the office", () => {
  test("asks at 14 minutes, and Stay logged in keeps the session", async () => {
    const { user } = await openOffice();
    await elapse(14 * MINUTE - 2000);
    expect(prompt()).not.toBeInTheDocument();
    await elapse(3000);
    const dialog = await screen.findByRole("alertdialog", { name: "Still working?" });
    await user.click(within(dialog).getByRole("button", { name: "Stay logged in" }));
    await waitFor(() => expect(prompt()).not.toBeInTheDocument());
    await elapse(2 * MINUTE);
    expect(sentTo("POST", "/staff/api/logout")).toEqual([]);
  });

  test("logs out at 15 minutes, to the login page saying why", async () => {
    const { router } = await openOffice();
    await elapse(15 * MINUTE + 1000);
    await waitFor(() => expect(router.location.pathname).toBe("/staff/login"));
    expect(sentTo("POST", "/staff/api/logout")).toHaveLength(1);
    expect(await screen.findByText("You were logged out after 15 minutes without activity. Please log in again.")).toBeInTheDocument();
  });
});
