// The status page, where a submitted applicant lands: the reference the submit gave, to quote to
// the office, when the application was submitted (in the office's time zone, as the confirmation
// e-mail writes it), and where that e-mail went (issue 20); where the application stands and the
// checklist of what the office still needs (issue 40).
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, test } from "vitest";
import type { ApplicationStatus } from "../api/calls";
import { useSession } from "../state/session";
import { logIn, profileOf, renderApp, sentTo, server, url, withTestServer } from "../testing";

withTestServer();

const SUBMITTED = ["started", "validating", "submitted"];

const STATUS: ApplicationStatus = { state: "submitted", reference: "WU-FA26-004821", submitted_at: "2026-11-22T12:00:00.000Z", checklist: [] };
const line = (id: string, label: string, state: ApplicationStatus["checklist"][number]["state"], help: string | null = null) =>
  ({ id, label, help, state, document: null, marked_at: null });

function openStatus(overrides: Parameters<typeof profileOf>[0], status: ApplicationStatus = STATUS) {
  logIn();
  server.use(http.get(url("/api/profile"), () => HttpResponse.json(profileOf(overrides, SUBMITTED))));
  server.use(http.get(url("/api/status"), () => HttpResponse.json(status)));
  return renderApp("/status");
}

describe("the status page", () => {
  test("shows the reference as text to copy, when the application was submitted, and that a confirmation e-mail went out", async () => {
    openStatus({ reference: "WU-FA26-004821", submitted_at: "2026-11-22T12:00:00.000Z" });
    await screen.findByRole("heading", { level: 1, name: "Your application is submitted" });
    expect(screen.getByText(/^Your reference number is/)).toHaveTextContent("Your reference number is WU-FA26-004821");
    // Text, not an image or an input: it selects and copies like any other.
    expect(screen.getByText("WU-FA26-004821").tagName).toBe("STRONG");
    expect(screen.getByText(/we received it on/)).toHaveTextContent("we received it on November 22, 2026 at 7:00 AM EST.");
    expect(screen.getByText(/quote it/)).toHaveTextContent("Please quote it whenever you contact the Office of Undergraduate Admission about your application.");
    expect(screen.getByText(/confirmation e-mail/)).toHaveTextContent("A confirmation e-mail has been sent to ada@example.com.");
    expect(screen.queryByText(/Watch your email/)).not.toBeInTheDocument();
  });

  test("an application submitted before references were given: no reference, and no word of an e-mail that was never sent", async () => {
    openStatus({ reference: null, submitted_at: "2026-10-01T12:00:00.000Z" });
    await screen.findByRole("heading", { level: 1, name: "Your application is submitted" });
    expect(screen.getByText("Thank you. We have everything we need from this online application.")).toBeInTheDocument();
    expect(screen.queryByText(/reference number/)).not.toBeInTheDocument();
    expect(screen.queryByText(/confirmation e-mail/)).not.toBeInTheDocument();
  });
});

describe("where the application stands", () => {
  test("says it is submitted, in words", async () => {
    openStatus({ reference: "WU-FA26-004821" });
    expect(await screen.findByText(/^Submitted:/)).toHaveTextContent("Submitted: we have your application and will start reviewing it soon.");
  });

  test("under review", async () => {
    openStatus({ reference: "WU-FA26-004821" }, { ...STATUS, state: "under_review" });
    expect(await screen.findByText(/^Under review:/)).toHaveTextContent("Under review: the admissions office is reviewing your application.");
  });

  test("lists the checklist with each item's state in words, and how to send what is still needed", async () => {
    openStatus({ reference: "WU-FA26-004821" }, {
      ...STATUS,
      checklist: [
        line("transcript", "Official high school transcript", "needed", "Ask your school counselor to send it."),
        line("resume", "Resume", "processing"),
        line("counselor", "Counselor recommendation", "received", "Not shown once received."),
      ],
    });
    const checklist = await screen.findByRole("region", { name: "Your checklist" });
    expect(within(checklist).getByText("We still need 2 items to complete your file.")).toBeInTheDocument();
    const items = within(checklist).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Official high school transcriptStill neededAsk your school counselor to send it.",
      "ResumeBeing processed",
      "Counselor recommendationReceived",
    ]);
  });

  test("says when everything has arrived, and shows no checklist when the office lists none", async () => {
    openStatus({ reference: "WU-FA26-004821" }, { ...STATUS, checklist: [line("transcript", "Official high school transcript", "received")] });
    expect(await screen.findByText("We have received everything on your checklist.")).toBeInTheDocument();
  });

  test("no checklist section when the office lists nothing", async () => {
    openStatus({ reference: "WU-FA26-004821" });
    await screen.findByText(/^Submitted:/);
    expect(screen.queryByRole("region", { name: "Your checklist" })).not.toBeInTheDocument();
  });
});

describe("logging out from the status page", () => {
  test("goes to /login with the logout message on the login card, not to the default form route", async () => {
    const { router, visited } = openStatus({ reference: "WU-FA26-004821", submitted_at: "2026-11-22T12:00:00.000Z" });
    server.use(http.get(url("/api/logout"), () => HttpResponse.json({ message: "You have been logged out." })));
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 1, name: "Your application is submitted" });
    await user.click(screen.getByRole("button", { name: "Account" }));
    await user.click(await screen.findByRole("button", { name: "Log Out" }));

    const toast = await screen.findByRole("alertdialog", { name: "Login Card Error" });
    expect(within(toast).getByText("You have been logged out.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Log In" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    // Straight there: not by way of the form, which a logged-out visitor's status would open.
    expect(new Set(visited.map((location) => location.pathname))).toEqual(new Set(["/status", "/login"]));
    expect(sentTo("GET", "/api/logout")).toHaveLength(1);
    expect(useSession.getState()).toMatchObject({ is_logged_in: false, web_status: null });
  });
});
