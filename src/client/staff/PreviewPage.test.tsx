// The office's preview (admins): the applicants' pages from the definitions this office runs,
// with the preview's bar; whatever is typed or chosen stays in the page and is never sent.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { longDate } from "../../engine/cycle";
import { form } from "../form/model";
import { labelOf, sent, withTestServer } from "../testing";
import { logInAs, renderStaff } from "./testing";

withTestServer();

// From the definitions, so a staff edit of a label, a term or a deadline does not break the test.
const cycle = form.institution.cycle!;
const entryTerm = form.owners.get("entry_term")!.item.item as { label: string };
const plans = form.owners.get("decision_type")!.item.options!;
const earlyPlan = (plans.kind === "list" ? plans.options : []).find((option) => option.closesAfter)!;
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe("the office's preview", () => {
  test("an admin sees the pages on the day the address sets, hidden items with their condition, and nothing typed is sent", async () => {
    logInAs("admin");
    const { router } = renderStaff(`/staff/preview?today=${dayBefore(earlyPlan.closesAfter!)}`);
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Preview of the application" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Lint findings: 0 errors, 0 warnings" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "About You" })).toBeInTheDocument();

    const firstName = screen.getAllByLabelText(labelOf("first_name"))[0]!;
    await user.type(firstName, "Maya");
    expect(firstName).toHaveValue("Maya");

    await user.selectOptions(screen.getByRole("combobox", { name: "Page" }), "education");
    expect(await screen.findByRole("heading", { level: 2, name: "Academics" })).toBeInTheDocument();
    const today = dayBefore(earlyPlan.closesAfter!);
    await waitFor(() => expect(router.location.search).toBe(`?page=education&today=${today}`));
    const plan = `${earlyPlan.label} (deadline ${longDate(earlyPlan.closesAfter!)})`;
    expect(screen.queryByRole("radio", { name: plan })).toBeNull();

    await user.click(screen.getByRole("checkbox", { name: "Show hidden items" }));
    const why = `Hidden now. Shown when ${entryTerm.label} is ${cycle.termLabel}.`;
    expect(await screen.findByText(why)).toBeInTheDocument();

    const settings = screen.getByRole("region", { name: "Preview settings" });
    await user.selectOptions(within(settings).getByRole("combobox", { name: entryTerm.label }), cycle.term);
    expect(screen.queryByText(why)).toBeNull();
    // The day before the plan closes, set in the address: still open.
    expect(screen.getByRole("radio", { name: plan })).toBeEnabled();
    await waitFor(() => expect(router.location.search).toBe(`?page=education&today=${today}&term=${cycle.term}&hidden=1`));

    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(sent.filter((request) => !request.path.startsWith("/staff/api/me"))).toEqual([]);
  });
});
