// The list's "Release decisions" (admins only): the recorded decisions of the applications the
// list's filter finds, of every kind or of one, now or at a time typed in the office's time zone,
// asked first, then said.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { messages } from "../../api-contract/messages";
import type { StaffRole } from "../../api-contract/staff";
import { institution } from "../institution";
import { sentTo, server, url, withTestServer } from "../testing";
import type { DecisionChoice } from "./api";
import { logInAs, renderStaff } from "./testing";
import { formatTime } from "./words";

withTestServer();

const row = { id: 1, reference: "WU-FA26-000001", name: "Ada Lovelace", email: "ada@example.com", status: "submitted", entry_term: "FA26",
  submitted_at: "2026-01-05T15:00:00Z", last_activity: "2026-01-06T15:00:00Z", review_status: null };

/** The decisions the office may record, as GET /staff/api/decisions answers (form-definitions/decisions.json). */
const choices: DecisionChoice[] = [
  { code: "admit", label: "Admit", respond_by: "2027-05-01" },
  { code: "waitlist", label: "Waitlist", respond_by: "2027-05-01" },
  { code: "deny", label: "Deny", respond_by: null },
];

async function openList(role: StaffRole, total: number, path: string) {
  logInAs(role);
  server.use(
    http.get(url("/staff/api/applications"), () => HttpResponse.json({ rows: [row], next: null, total })),
    http.get(url("/staff/api/decisions"), () => HttpResponse.json({ decisions: choices })),
  );
  const app = renderStaff(path);
  await screen.findByRole("link", { name: "Ada Lovelace" });
  return { ...app, user: userEvent.setup() };
}

/** Opens the release form; its decisions are loaded. */
async function openForm(user: ReturnType<typeof userEvent.setup>) {
  const disclosure = screen.getByRole("button", { name: "Release decisions" });
  expect(disclosure).toHaveAttribute("aria-expanded", "false");
  await user.click(disclosure);
  expect(disclosure).toHaveAttribute("aria-expanded", "true");
  const form = screen.getByRole("form", { name: "Release decisions" });
  expect(disclosure).toHaveAttribute("aria-controls", form.id);
  await waitFor(() => expect(within(form).getAllByRole("option")).toHaveLength(4));
  return form;
}

describe("releasing decisions", () => {
  test("now: every recorded decision of the list's filter, after confirming, then how many were released", async () => {
    const { user } = await openList("admin", 1234, "/staff/applications?status=submitted&term=FA26&sort=name");
    const form = await openForm(user);
    const decision = within(form).getByRole("combobox", { name: "Decision" });
    expect(within(decision).getAllByRole("option").map((option) => option.textContent)).toEqual(["All recorded decisions", "Admit", "Waitlist", "Deny"]);
    expect(decision).toHaveValue("");
    const when = within(form).getByRole("radiogroup", { name: "When" });
    expect(within(when).getByRole("radio", { name: "Now" })).toBeChecked();
    expect(within(when).getByRole("radio", { name: "At a set time" })).not.toBeChecked();
    expect(within(form).queryByLabelText("Release at")).not.toBeInTheDocument();
    server.use(http.post(url("/staff/api/decisions/release"), () => HttpResponse.json({ released: 12, release_at: "2026-04-01T16:00:00.000Z" })));

    await user.click(within(form).getByRole("button", { name: "Release" }));
    const asked = await screen.findByRole("dialog", { name: "Release decisions?" });
    expect(asked).toHaveTextContent("Release the decisions of the 1,234 applications in this list? Their applicants can read them at once.", { normalizeWhitespace: false });
    await user.click(within(asked).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sentTo("POST", "/staff/api/decisions/release")).toEqual([]);

    await user.click(within(form).getByRole("button", { name: "Release" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Release decisions?" })).getByRole("button", { name: "Release" }));
    expect(await within(form).findByRole("status")).toHaveTextContent("Released 12 decisions.");
    expect(sentTo("POST", "/staff/api/decisions/release").map((r) => r.body)).toEqual([{ filter: { status: "submitted", term: "FA26" }, at: null }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(form).getByRole("alert")).toBeEmptyDOMElement();
  });

  test("at a set time, typed in the office's time zone, of one decision", async () => {
    expect(institution.timeZone).toBe("America/New_York");
    const { user } = await openList("admin", 51, "/staff/applications?status=submitted");
    const form = await openForm(user);
    await user.selectOptions(within(form).getByRole("combobox", { name: "Decision" }), "Admit");
    await user.click(within(form).getByRole("radio", { name: "At a set time" }));
    const at = within(form).getByLabelText("Release at");
    expect(at).toHaveAttribute("type", "datetime-local");
    expect(at).toHaveAccessibleDescription("In the office's time zone, America/New_York.");
    expect(within(form).getByRole("button", { name: "Release" })).toBeDisabled();
    server.use(http.post(url("/staff/api/decisions/release"), () => HttpResponse.json({ released: 9, release_at: "2027-03-15T16:00:00.000Z" })));

    await user.type(at, "2027-03-15T12:00");
    expect(at).toHaveValue("2027-03-15T12:00");
    await user.click(within(form).getByRole("button", { name: "Release" }));
    const asked = await screen.findByRole("dialog", { name: "Release decisions?" });
    expect(asked).toHaveTextContent(
      `Release the decisions of the 51 applications in this list? Only those recorded as Admit are released. Their applicants can read them from ${formatTime("2027-03-15T16:00:00.000Z")}.`,
      { normalizeWhitespace: false },
    );
    await user.click(within(asked).getByRole("button", { name: "Release" }));
    expect(await within(form).findByRole("status")).toHaveTextContent(`9 decisions will be released on ${formatTime("2027-03-15T16:00:00.000Z")}.`);
    // Twelve noon in New York on March 15, 2027 is summer time: four hours behind UTC.
    expect(sentTo("POST", "/staff/api/decisions/release").map((r) => r.body)).toEqual([
      { filter: { status: "submitted" }, code: "admit", at: "2027-03-15T16:00:00.000Z" },
    ]);
  });

  test("the server's refusal shows as it says it; a release after it says so in the singular", async () => {
    const { user } = await openList("admin", 1, "/staff/applications");
    const form = await openForm(user);
    await user.click(within(form).getByRole("radio", { name: "At a set time" }));
    await user.type(within(form).getByLabelText("Release at"), "2026-01-01T09:00");
    server.use(http.post(url("/staff/api/decisions/release"), () => HttpResponse.json({ message: messages.releaseInPast }, { status: 400 }), { once: true }));
    await user.click(within(form).getByRole("button", { name: "Release" }));
    const asked = await screen.findByRole("dialog", { name: "Release decisions?" });
    expect(asked).toHaveTextContent(/^Release decisions\?Release the decisions of the 1 application in this list\?/);
    await user.click(within(asked).getByRole("button", { name: "Release" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("The release time has passed. Choose a later time, or release now.");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    server.use(http.post(url("/staff/api/decisions/release"), () => HttpResponse.json({ released: 1, release_at: "2026-04-01T16:00:00.000Z" })));
    await user.click(within(form).getByRole("radio", { name: "Now" }));
    await user.click(within(form).getByRole("button", { name: "Release" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Release decisions?" })).getByRole("button", { name: "Release" }));
    expect(await within(form).findByRole("status")).toHaveTextContent("Released 1 decision.");
    expect(within(form).getByRole("alert")).toBeEmptyDOMElement();
    expect(sentTo("POST", "/staff/api/decisions/release").map((r) => r.body)).toEqual([
      { filter: {}, at: "2026-01-01T14:00:00.000Z" },
      { filter: {}, at: null },
    ]);
  });

  test("none to release: says so", async () => {
    const { user } = await openList("admin", 3, "/staff/applications?status=submitted");
    const form = await openForm(user);
    server.use(http.post(url("/staff/api/decisions/release"), () => HttpResponse.json({ released: 0, release_at: "2026-04-01T16:00:00.000Z" })));
    await user.click(within(form).getByRole("button", { name: "Release" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Release decisions?" })).getByRole("button", { name: "Release" }));
    expect(await within(form).findByRole("status")).toHaveTextContent("There was nothing to release: none of these applications has a recorded decision not released yet.");
  });

  test("is not there for a reviewer", async () => {
    await openList("reviewer", 1234, "/staff/applications");
    expect(screen.queryByRole("button", { name: "Release decisions" })).not.toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Release decisions" })).not.toBeInTheDocument();
  });
});
