// The admins' pages: the audit log (filter in the address, "Older entries" by cursor) and the
// team (role, disable after confirming, enable, invite); others see neither in the navigation.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { sent, sentTo, server, url, withTestServer } from "../testing";
import type { AuditEntry, StaffMember } from "./api";
import { lastQuery, logInAs, renderStaff, serveDashboard } from "./testing";

withTestServer();

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id, at: "2026-01-07T15:00:00Z", actor: "rev@westbrook.example.edu", action: "view application", application_id: 5, reference: "WU-FA26-000005",
  detail: {}, address: "203.0.113.9", ...overrides,
});

const member = (id: number, overrides: Partial<StaffMember> = {}): StaffMember => ({
  id, email: `staff${id}@westbrook.example.edu`, role: "reader", state: "active", created_at: "2026-01-01T15:00:00Z", last_login_at: null, ...overrides,
});

describe("the navigation", () => {
  test.each(["reader", "reviewer"] as const)("a %s sees the dashboard and the applications only, and the audit log's address tells them it is not for them", async (role) => {
    logInAs(role);
    serveDashboard();
    server.use(http.get(url("/staff/api/applications"), () => HttpResponse.json({ rows: [], next: null, total: 0 })));
    const { router } = renderStaff("/staff");
    const nav = await screen.findByRole("navigation", { name: "Office" });
    expect(within(nav).getAllByRole("link").map((link) => link.textContent)).toEqual(["Dashboard", "Applications"]);
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Applications" })).not.toHaveAttribute("aria-current");
    await router.navigate("/staff/applications?status=submitted");
    await waitFor(() => expect(within(nav).getByRole("link", { name: "Applications" })).toHaveAttribute("aria-current", "page"));
    expect(within(nav).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
    expect(screen.getByText(`${role}@westbrook.example.edu`)).toBeInTheDocument();

    await router.navigate("/staff/audit");
    expect(await screen.findByRole("heading", { level: 1, name: "Not available" })).toBeInTheDocument();
    expect(sentTo("GET", "/staff/api/audit")).toEqual([]);

    await router.navigate("/staff/preview");
    await waitFor(() => expect(router.location.pathname).toBe("/staff/preview"));
    expect(await screen.findByRole("heading", { level: 1, name: "Not available" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Preview of the application" })).toBeNull();
  });

  test("an admin sees the exports, the audit log, the team and the preview", async () => {
    logInAs("admin");
    serveDashboard();
    renderStaff("/staff");
    const nav = await screen.findByRole("navigation", { name: "Office" });
    expect(within(nav).getAllByRole("link").map((link) => link.textContent)).toEqual(["Dashboard", "Applications", "Exports", "Audit log", "Team", "API keys", "Preview", "Versions"]);
  });
});

describe("the audit log", () => {
  test("the filter goes into the address and the request; Older entries asks with before", async () => {
    logInAs("admin");
    server.use(
      http.get(url("/staff/api/audit"), ({ request }) => {
        const before = new URL(request.url).searchParams.get("before");
        return before === "40"
          ? HttpResponse.json({ rows: [entry(39, { action: "login", application_id: null, reference: null, actor: "old@westbrook.example.edu" })], next: null })
          : HttpResponse.json({ rows: [entry(41, { action: "change staff", detail: { role: "<i>admin</i>", staff: 3 }, application_id: null, reference: null }), entry(40)], next: 40 });
      }),
    );
    const { router } = renderStaff("/staff/audit");
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Audit log" })).toBeInTheDocument();
    const rows = await screen.findAllByRole("row");
    expect(within(rows[1]!).getByText("role: <i>admin</i>; staff: 3")).toBeInTheDocument();
    expect(rows[1]!.querySelector("i")).toBeNull();
    expect(within(rows[2]!).getByRole("link", { name: "WU-FA26-000005" })).toHaveAttribute("href", "/staff/applications/5");

    await user.click(screen.getByRole("button", { name: "Older entries" }));
    expect(await screen.findByText("old@westbrook.example.edu")).toBeInTheDocument();
    expect(lastQuery(sent, "/staff/api/audit").get("before")).toBe("40");
    await user.click(screen.getByRole("button", { name: "Newer entries" }));
    expect(await screen.findByText("role: <i>admin</i>; staff: 3")).toBeInTheDocument();

    await user.type(screen.getByLabelText("E-mail (staff or applicant)"), "rev@westbrook.example.edu");
    expect(within(screen.getByLabelText("Action")).getByRole("option", { name: "API call" })).toHaveValue("api call");
    await user.selectOptions(screen.getByLabelText("Action"), "Review status");
    await user.type(screen.getByLabelText("Application number"), "5");
    await user.type(screen.getByLabelText("From"), "2026-01-01");
    await user.click(screen.getByRole("button", { name: "Apply filter" }));
    await waitFor(() => expect(router.location.search).toBe("?actor=rev%40westbrook.example.edu&action=review+status&application=5&from=2026-01-01"));
    await waitFor(() => expect(Object.fromEntries(lastQuery(sent, "/staff/api/audit"))).toEqual({ actor: "rev@westbrook.example.edu", action: "review status", application: "5", from: "2026-01-01" }));
  });
});

describe("the team", () => {
  function teamServer() {
    logInAs("admin");
    let staff = [
      member(1, { email: "ada@westbrook.example.edu", role: "admin", last_login_at: "2026-01-07T15:00:00Z" }), member(2, { email: "bob@westbrook.example.edu" }),
      member(3, { email: "cy@westbrook.example.edu", state: "disabled" }), member(7, { email: "admin@westbrook.example.edu", role: "admin" }),
    ];
    server.use(
      http.get(url("/staff/api/staff"), () => HttpResponse.json({ staff })),
      http.patch(url("/staff/api/staff/:id"), async ({ params, request }) => {
        const body = (await request.json()) as { role?: StaffMember["role"]; disabled?: boolean };
        staff = staff.map((m) => (m.id === Number(params.id) ? { ...m, ...(body.role && { role: body.role }), ...(body.disabled !== undefined && { state: body.disabled ? "disabled" : "active" }) } : m));
        return HttpResponse.json({ message: "Saved." });
      }),
      http.post(url("/staff/api/staff"), () => HttpResponse.json({ message: "We sent an invitation to dee@westbrook.example.edu." })),
    );
  }

  test("the admin's own row has neither a role to change nor Disable", async () => {
    teamServer();
    renderStaff("/staff/team");
    const own = (await screen.findByRole("rowheader", { name: "admin@westbrook.example.edu" })).closest("tr")!;
    expect(within(own).queryByRole("combobox")).not.toBeInTheDocument();
    expect(within(own).queryByRole("button")).not.toBeInTheDocument();
    expect(own).toHaveTextContent("Admin (you)");
    expect(screen.getByRole("combobox", { name: "Role of ada@westbrook.example.edu" })).toBeInTheDocument();
  });

  test("a role changes in place with PATCH", async () => {
    teamServer();
    renderStaff("/staff/team");
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Role of bob@westbrook.example.edu" }), "Reviewer");
    await waitFor(() => expect(sentTo("PATCH", "/staff/api/staff/2").map((r) => r.body)).toEqual([{ role: "reviewer" }]));
    expect(await screen.findByText("Saved.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Role of bob@westbrook.example.edu" })).toHaveValue("reviewer"));
  });

  test("Disable asks first; Cancel sends nothing, confirming sends disabled; Enable sends it back", async () => {
    teamServer();
    renderStaff("/staff/team");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Disable bob@westbrook.example.edu" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Disable this account?" });
    expect(dialog).toHaveTextContent("bob@westbrook.example.edu will be logged out at once and cannot log in until an administrator enables the account again.");
    await waitFor(() => expect(dialog).toHaveFocus());
    expect(within(dialog).getByRole("button", { name: "Disable" })).toHaveClass("button-danger");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(sentTo("PATCH", "/staff/api/staff/2")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Disable bob@westbrook.example.edu" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(sentTo("PATCH", "/staff/api/staff/2").map((r) => r.body)).toEqual([{ disabled: true }]));
    expect(await screen.findByRole("button", { name: "Enable bob@westbrook.example.edu" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Enable cy@westbrook.example.edu" }));
    await waitFor(() => expect(sentTo("PATCH", "/staff/api/staff/3").map((r) => r.body)).toEqual([{ disabled: false }]));
  });

  test("an admin disabled or demoted hands the integration keys they hold to the admin doing it, and the dialog says so", async () => {
    teamServer();
    renderStaff("/staff/team");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Disable ada@westbrook.example.edu" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Disable this account?" });
    expect(dialog).toHaveTextContent("Integration API keys they hold are handed to you, and keep working.");
    await user.click(within(dialog).getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(sentTo("PATCH", "/staff/api/staff/1").map((r) => r.body)).toEqual([{ disabled: true, keys_to: 7 }]));
    await user.selectOptions(screen.getByRole("combobox", { name: "Role of ada@westbrook.example.edu" }), "Reviewer");
    await waitFor(() => expect(sentTo("PATCH", "/staff/api/staff/1").map((r) => r.body)).toEqual([{ disabled: true, keys_to: 7 }, { role: "reviewer", keys_to: 7 }]));
    // A reviewer holds no keys: nothing said of them.
    await user.click(screen.getByRole("button", { name: "Disable bob@westbrook.example.edu" }));
    expect(await screen.findByRole("alertdialog")).not.toHaveTextContent("Integration API keys");
  });

  test("Invite staff member sends the address and role and shows the server's message", async () => {
    teamServer();
    renderStaff("/staff/team");
    const user = userEvent.setup();
    const invite = await screen.findByRole("region", { name: "Invite staff member" });
    await user.type(within(invite).getByLabelText("E-mail"), "dee@westbrook.example.edu");
    await user.selectOptions(within(invite).getByLabelText("Role"), "Reviewer");
    await user.click(within(invite).getByRole("button", { name: "Send invitation" }));
    expect(await within(invite).findByText("We sent an invitation to dee@westbrook.example.edu.")).toBeInTheDocument();
    expect(sentTo("POST", "/staff/api/staff").map((r) => r.body)).toEqual([{ email: "dee@westbrook.example.edu", role: "reviewer" }]);
  });

  test("a refusal (403) shows the server's message", async () => {
    teamServer();
    server.use(http.patch(url("/staff/api/staff/1"), () => HttpResponse.json({ message: "You cannot change your own role." }, { status: 403 })));
    renderStaff("/staff/team");
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Role of ada@westbrook.example.edu" }), "Reader");
    expect(await screen.findByText("You cannot change your own role.")).toBeInTheDocument();
  });
});
