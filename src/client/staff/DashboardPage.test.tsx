// The dashboard: each table shows the server's figures with the labels the definitions give, and
// every figure links to the list filtered to the applications it counts; the charts draw beside
// the tables; a figure's link opens the list with its filter in the request.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { optionsOf, sent, server, url, withTestServer } from "../testing";
import { lastQuery, logInAs, renderStaff, serveDashboard } from "./testing";

withTestServer();

const label = (key: string, value: string | null) => optionsOf(key).find((option) => option.value === value)!.label;

async function openDashboard() {
  logInAs("reader");
  const dashboard = serveDashboard();
  const view = renderStaff("/staff");
  await screen.findByRole("table", { name: /started and submitted/ });
  return { ...view, dashboard, user: userEvent.setup() };
}

/** The rows of a table as its cells' text, the row header first. */
const rowsOf = (table: HTMLElement) => within(table).getAllByRole("row").slice(1).map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
const hrefIn = (table: HTMLElement, row: string, column: number) =>
  within(within(table).getByRole("row", { name: new RegExp(`^${row}`) })).getAllByRole("link")[column]!.getAttribute("href");

describe("the dashboard", () => {
  test("is the office's first page, titled, with started and submitted today, this week and this cycle, each a link to its list", async () => {
    await openDashboard();
    expect(screen.getByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(document.title).toBe("Dashboard | Westbrook University admissions office");
    const table = screen.getByRole("table", { name: "Applications started and submitted, today, this week and this cycle" });
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Today (Nov 22, 2026)", "This week (from Nov 16, 2026)", "This cycle (from Nov 20, 2026)"]);
    expect(rowsOf(table)).toEqual([["Started", "3", "12", "40"], ["Submitted", "1", "7", "25"]]);
    expect(hrefIn(table, "Started", 0)).toBe("/staff/applications?started_from=2026-11-22&started_to=2026-11-22");
    expect(hrefIn(table, "Started", 1)).toBe("/staff/applications?started_from=2026-11-16&started_to=2026-11-22");
    expect(hrefIn(table, "Submitted", 2)).toBe("/staff/applications?submitted_from=2026-11-20&submitted_to=2026-11-22");
  });

  test("lists submissions per day beside the same day last cycle, newest first, each a link to that day's submits", async () => {
    await openDashboard();
    const table = screen.getByRole("table", { name: "Submissions per day, newest first" });
    expect(rowsOf(table)).toEqual([["Nov 22, 2026", "1", "6"], ["Nov 21, 2026", "5", "3"], ["Nov 20, 2026", "4", "2"]]);
    expect(hrefIn(table, "Nov 21, 2026", 0)).toBe("/staff/applications?submitted_from=2026-11-21&submitted_to=2026-11-21");
    expect(within(table).getByRole("link", { name: "3 on Nov 21, 2025" })).toHaveAttribute("href", "/staff/applications?submitted_from=2025-11-21&submitted_to=2025-11-21");
    // The line chart beside it: this cycle and last, drawn by visx once its chunk has loaded.
    const chart = await screen.findByRole("img", { name: /^Line chart of submissions per day from Nov 20, 2026/ });
    expect(chart.querySelectorAll("path[stroke-dasharray]")).toHaveLength(1);
  });

  test("splits this cycle by plan, term, review status and citizenship with the definitions' labels, in the form's order", async () => {
    const { dashboard } = await openDashboard();
    const [term, laterTerm] = optionsOf("entry_term");
    const plan = optionsOf("decision_type")[0]!;
    const table = (name: string) => screen.getByRole("table", { name: `This cycle's applications ${name}` });
    expect(rowsOf(table("by application plan"))).toEqual([[plan.label, "6", "23"], ["Not answered", "9", "2"]]);
    expect(rowsOf(table("by entry term"))).toEqual([[term!.label, "10", "21"], [laterTerm!.label, "5", "4"]]);
    expect(rowsOf(table("by review status"))).toEqual([["Received", "0", "14"], ["Complete", "0", "11"], ["Not reviewed", "15", "0"]]);
    expect(rowsOf(table("by U.S. citizenship"))).toEqual([[label("citizenship_us", "Y"), "11", "20"], [label("citizenship_us", "N"), "4", "5"]]);
    const cycle = `started_from=${dashboard.cycle_from}&started_to=${dashboard.today}`;
    expect(hrefIn(table("by application plan"), "Not answered", 0)).toBe(`/staff/applications?status=started&plan=none&${cycle}`);
    expect(hrefIn(table("by entry term"), laterTerm!.label, 1)).toBe(`/staff/applications?status=submitted&term=${laterTerm!.value}&${cycle}`);
    expect(hrefIn(table("by review status"), "Not reviewed", 0)).toBe(`/staff/applications?status=started&review=none&${cycle}`);
    expect(hrefIn(table("by U.S. citizenship"), label("citizenship_us", "N"), 1)).toBe(`/staff/applications?status=submitted&citizenship=N&${cycle}`);
    expect(await screen.findAllByRole("img", { name: /^Bar chart of this cycle's applications by/ })).toHaveLength(4);
  });

  test("a figure's link opens the list with its filter in the fields and the request", async () => {
    const { user, router } = await openDashboard();
    server.use(http.get(url("/staff/api/applications"), () => HttpResponse.json({ rows: [], next: null, total: 0 })));
    const table = screen.getByRole("table", { name: "This cycle's applications by application plan" });
    await user.click(within(within(table).getByRole("row", { name: /^Not answered/ })).getAllByRole("link")[1]!);
    await waitFor(() => expect(router.location.pathname).toBe("/staff/applications"));
    expect(await screen.findByRole("heading", { level: 1, name: "Applications" })).toBeInTheDocument();
    expect(screen.getByLabelText("Application plan")).toHaveValue("none");
    expect(screen.getByLabelText("Status")).toHaveValue("submitted");
    await waitFor(() => expect(Object.fromEntries(lastQuery(sent, "/staff/api/applications"))).toEqual({
      status: "submitted", plan: "none", started_from: "2026-11-20", started_to: "2026-11-22", sort: "-last_activity",
    }));
  });

  test("the server's refusal shows instead of the figures", async () => {
    logInAs("reader");
    server.use(http.get(url("/staff/api/dashboard"), () => HttpResponse.json({ message: "No cycle." }, { status: 409 })));
    renderStaff("/staff");
    expect(await screen.findByRole("alert")).toHaveTextContent("No cycle.");
  });
});
