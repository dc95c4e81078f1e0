// The completion page (issue 20): the reference the submit gave, to quote to the office, when the
// application was submitted (in the office's time zone, as the confirmation e-mail writes it), and
// where that e-mail went.
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, test } from "vitest";
import { logIn, profileOf, renderApp, server, url, withTestServer } from "../testing";

withTestServer();

const SUBMITTED = ["started", "validating", "submitted"];

function openCompletion(overrides: Parameters<typeof profileOf>[0]) {
  logIn();
  server.use(http.get(url("/api/profile"), () => HttpResponse.json(profileOf(overrides, SUBMITTED))));
  renderApp("/completion");
}

describe("the completion page", () => {
  test("shows the reference as text to copy, when the application was submitted, and that a confirmation e-mail went out", async () => {
    openCompletion({ reference: "WU-FA26-004821", submitted_at: "2026-11-22T12:00:00.000Z" });
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
    openCompletion({ reference: null, submitted_at: "2026-10-01T12:00:00.000Z" });
    await screen.findByRole("heading", { level: 1, name: "Your application is submitted" });
    expect(screen.getByText("Thank you. We have everything we need from this online application.")).toBeInTheDocument();
    expect(screen.queryByText(/reference number/)).not.toBeInTheDocument();
    expect(screen.queryByText(/confirmation e-mail/)).not.toBeInTheDocument();
  });
});
