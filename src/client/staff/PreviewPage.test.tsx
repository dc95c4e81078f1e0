// The office's preview (admins): the applicants' pages from the definitions this office runs,
// with the preview's bar; whatever is typed or chosen stays in the page and is never sent.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { sent, withTestServer } from "../testing";
import { logInAs, renderStaff } from "./testing";

withTestServer();

describe("the office's preview", () => {
  test("an admin sees the pages, hidden items with their condition, and nothing typed is sent", async () => {
    logInAs("admin");
    const { router } = renderStaff("/staff/preview");
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Preview of the application" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Lint findings: 0 errors, 0 warnings" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "About You" })).toBeInTheDocument();

    const firstName = screen.getAllByLabelText("First Name")[0]!;
    await user.type(firstName, "Maya");
    expect(firstName).toHaveValue("Maya");

    await user.selectOptions(screen.getByRole("combobox", { name: "Page" }), "education");
    expect(await screen.findByRole("heading", { level: 2, name: "Academics" })).toBeInTheDocument();
    await waitFor(() => expect(router.location.search).toBe("?page=education"));
    expect(screen.queryByText("Application Plan")).toBeNull();

    await user.click(screen.getByRole("checkbox", { name: "Show hidden items" }));
    expect(await screen.findByText("Hidden now. Shown when Entry Term is Fall 2026.")).toBeInTheDocument();

    const settings = screen.getByRole("region", { name: "Preview settings" });
    await user.selectOptions(within(settings).getByRole("combobox", { name: "Entry Term" }), "FA26");
    expect(screen.queryByText("Hidden now. Shown when Entry Term is Fall 2026.")).toBeNull();
    expect(screen.getByRole("radio", { name: "Early Decision I" })).toBeEnabled();
    await waitFor(() => expect(router.location.search).toBe("?page=education&term=FA26&hidden=1"));

    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(sent.filter((request) => !request.path.startsWith("/staff/api/me"))).toEqual([]);
  });
});
