// The integration API's keys page (admins): the list with who made each key and its last use, a
// new key shown once in a field to copy, revoking after a confirmation; others never see it.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { sentTo, server, url, withTestServer } from "../testing";
import type { ApiKey } from "./api";
import { logInAs, renderStaff } from "./testing";
import { formatTime } from "./words";

withTestServer();

const NEW_KEY = `wuk_${"A".repeat(43)}`;

const key = (id: number, overrides: Partial<ApiKey> = {}): ApiKey => ({
  id, name: `system-${id}`, created_by: "ada@westbrook.example.edu", held_by: "ada@westbrook.example.edu", created_at: "2026-01-07T15:00:00Z", last_used_at: null, revoked_at: null, ...overrides,
});

function keysServer() {
  logInAs("admin");
  server.use(http.get(url("/staff/api/staff"), () => HttpResponse.json({ staff: [] })));
  let keys = [
    key(1, { name: "sis", created_by: "operator", held_by: "bea@westbrook.example.edu", last_used_at: "2026-01-09T10:30:00Z" }),
    key(2, { name: "old-slate", revoked_at: "2026-01-08T09:00:00Z" }),
  ];
  server.use(
    http.get(url("/staff/api/api-keys"), () => HttpResponse.json({ keys })),
    http.post(url("/staff/api/api-keys"), async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      if (name === "sis") return HttpResponse.json({ message: 'A key named "sis" is in use. Revoke it first, or choose another name.' }, { status: 409 });
      const made = key(3, { name, created_at: "2026-01-10T12:00:00Z" });
      keys = [made, ...keys];
      return HttpResponse.json({ ...made, key: NEW_KEY }, { status: 201 });
    }),
    http.post(url("/staff/api/api-keys/:id/revoke"), ({ params }) => {
      keys = keys.map((k) => (k.id === Number(params.id) ? { ...k, revoked_at: "2026-01-10T12:05:00Z" } : k));
      return HttpResponse.json(keys.find((k) => k.id === Number(params.id)));
    }),
  );
}

describe("the API keys page", () => {
  test("lists each key with who made it, who holds it, when, its last use and whether it is revoked; only live keys can be revoked", async () => {
    keysServer();
    renderStaff("/staff/api-keys");
    expect(await screen.findByRole("heading", { level: 1, name: "API keys" })).toBeInTheDocument();
    const sis = (await screen.findByRole("rowheader", { name: "sis" })).closest("tr")!;
    expect([...sis.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual([
      "bea@westbrook.example.edu, made by Operator (command line)", formatTime("2026-01-07T15:00:00Z"), formatTime("2026-01-09T10:30:00Z"), "In use", "Revoke sis",
    ]);
    const old = screen.getByRole("rowheader", { name: "old-slate" }).closest("tr")!;
    expect([...old.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual([
      "ada@westbrook.example.edu", formatTime("2026-01-07T15:00:00Z"), "Never", formatTime("2026-01-08T09:00:00Z"), "",
    ]);
    expect(within(old).queryByRole("button")).not.toBeInTheDocument();
  });

  test("a new key is shown once, focused in a field to copy, with the warning; it is gone after leaving the page", async () => {
    keysServer();
    const { router } = renderStaff("/staff/api-keys");
    const user = userEvent.setup();
    const form = await screen.findByRole("region", { name: "New key" });
    await user.click(within(form).getByRole("button", { name: "Create key" }));
    expect(await within(form).findByText("Enter a name of lower-case letters, digits, - and _, such as sis.")).toBeInTheDocument();
    expect(sentTo("POST", "/staff/api/api-keys")).toEqual([]);

    await user.type(within(form).getByLabelText("Name", { exact: false }), "slate");
    await user.click(within(form).getByRole("button", { name: "Create key" }));
    const field = await within(form).findByRole("textbox", { name: 'The key "slate"' });
    expect(field).toHaveValue(NEW_KEY);
    expect(field).toHaveAttribute("readonly");
    expect(field).toHaveAccessibleDescription(expect.stringContaining("Copy it now: you will not see it again."));
    await waitFor(() => expect(field).toHaveFocus());
    expect(sentTo("POST", "/staff/api/api-keys").map((r) => r.body)).toEqual([{ name: "slate" }]);
    expect(await screen.findByRole("rowheader", { name: "slate" })).toBeInTheDocument();

    await user.click(within(form).getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);
    expect(await within(form).findByText("Copied.")).toBeInTheDocument();

    await router.navigate("/staff/team");
    expect(await screen.findByRole("heading", { level: 1, name: "Team" })).toBeInTheDocument();
    await router.navigate("/staff/api-keys");
    expect(await screen.findByRole("rowheader", { name: "slate" })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(NEW_KEY)).not.toBeInTheDocument();
  });

  test("by keyboard alone: Enter in the name makes the key, the focus is on it, Tab and Enter copy it", async () => {
    keysServer();
    renderStaff("/staff/api-keys");
    const user = userEvent.setup();
    const form = await screen.findByRole("region", { name: "New key" });
    within(form).getByLabelText("Name", { exact: false }).focus();
    await user.keyboard("slate{Enter}");
    const field = await within(form).findByRole("textbox", { name: 'The key "slate"' });
    await waitFor(() => expect(field).toHaveFocus());
    await user.tab();
    expect(within(form).getByRole("button", { name: "Copy" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(await within(form).findByText("Copied.")).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);
  });

  test("a name in use shows the server's message", async () => {
    keysServer();
    renderStaff("/staff/api-keys");
    const user = userEvent.setup();
    const form = await screen.findByRole("region", { name: "New key" });
    await user.type(within(form).getByLabelText("Name", { exact: false }), "sis");
    await user.click(within(form).getByRole("button", { name: "Create key" }));
    expect(await within(form).findByText('A key named "sis" is in use. Revoke it first, or choose another name.')).toBeInTheDocument();
    expect(within(form).queryByRole("textbox", { name: /The key/ })).not.toBeInTheDocument();
  });

  test("Revoke asks first; Cancel sends nothing, confirming revokes", async () => {
    keysServer();
    renderStaff("/staff/api-keys");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Revoke sis" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Revoke this key?" });
    expect(dialog).toHaveTextContent('The system using "sis" is refused from its next call. A revoked key cannot be used again: make a new key instead.');
    await waitFor(() => expect(dialog, "the question is read out first; no button is chosen for the admin").toHaveFocus());
    expect(within(dialog).getByRole("button", { name: "Revoke" })).toHaveClass("button-danger");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(sentTo("POST", "/staff/api/api-keys/1/revoke")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Revoke sis" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(sentTo("POST", "/staff/api/api-keys/1/revoke")).toHaveLength(1));
    expect(await screen.findByText('The key "sis" is revoked.')).toBeInTheDocument();
    const sis = screen.getByRole("rowheader", { name: "sis" }).closest("tr")!;
    await waitFor(() => expect(within(sis).queryByRole("button")).not.toBeInTheDocument());
    expect(sis).toHaveTextContent(formatTime("2026-01-10T12:05:00Z"));
  });

  test("a refused revoke closes the question and shows the server's message on the page; the key stays in use", async () => {
    keysServer();
    server.use(http.post(url("/staff/api/api-keys/:id/revoke"), () => HttpResponse.json({ message: "There is no key \"1\" in use." }, { status: 404 })));
    renderStaff("/staff/api-keys");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Revoke sis" }));
    await user.click(within(await screen.findByRole("alertdialog", { name: "Revoke this key?" })).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(await screen.findByText('There is no key "1" in use.')).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Revoke sis" })).toBeEnabled();
  });

  test("a reviewer is told the page is not for them, and no key is asked for", async () => {
    logInAs("reviewer");
    renderStaff("/staff/api-keys");
    expect(await screen.findByRole("heading", { level: 1, name: "Not available" })).toBeInTheDocument();
    expect(sentTo("GET", "/staff/api/api-keys")).toEqual([]);
  });
});
