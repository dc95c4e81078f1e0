// The application list: the filter and sort in the address and in the request, sortable headers
// with aria-sort, 50 a page by cursor there and back, and each name linking with the filter; the
// decision as the server gives it, and the decision and checklist filters.
import { http, HttpResponse } from "msw";
import { useState } from "react";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { optionsOf, sent, sentTo, server, url, withTestServer } from "../testing";
import type { ResolvedOption } from "../../engine/runtime";
import { form } from "../form/model";
import type { ApplicationFilter, ApplicationRow, DecisionChoice } from "./api";
import { ListFilters } from "./ListFilters";
import { lastQuery, logInAs, renderStaff } from "./testing";

withTestServer();

/** The cycle's term and the next, as the form offers them (form-definitions/institution.json `cycle`). */
const [term, laterTerm] = optionsOf("entry_term") as [ResolvedOption, ResolvedOption];
const plan = optionsOf("decision_type")[0]!;
const notCitizen = optionsOf("citizenship_us").find((option) => option.value === "N")!;
/** The checklist's first two items, as institution.json lists them. */
const [firstItem, secondItem] = form.checklist as [(typeof form.checklist)[number], (typeof form.checklist)[number]];
/** The decisions the office may record, as GET /staff/api/decisions answers (form-definitions/decisions.json, not in the browser's bundle). */
const decisions: DecisionChoice[] = [{ code: "admit", label: "Admit", respond_by: "2027-05-01" }, { code: "deny", label: "Deny", respond_by: null }];

const row = (id: number, overrides: Partial<ApplicationRow> = {}): ApplicationRow => ({
  id,
  reference: `WU-${term.value}-${String(id).padStart(6, "0")}`,
  name: `Applicant ${id}`,
  email: `applicant${id}@example.com`,
  status: "submitted",
  entry_term: term.value,
  submitted_at: "2026-01-05T15:00:00Z",
  last_activity: "2026-01-06T15:00:00Z",
  review_status: null,
  decision: null,
  ...overrides,
});

/** The list answers page 1 without `after`, page 2 with after=cursor-2. */
function listServer() {
  server.use(
    http.get(url("/staff/api/applications"), ({ request }) => {
      const after = new URL(request.url).searchParams.get("after");
      return after === "cursor-2"
        ? HttpResponse.json({ rows: [row(51, { name: "Grace Hopper" })], next: null, total: 51 })
        : HttpResponse.json({ rows: [row(1, { name: "Ada Lovelace", review_status: "in review" }), row(2, { status: "started", reference: null, submitted_at: null })], next: "cursor-2", total: 51 });
    }),
    http.get(url("/staff/api/decisions"), () => HttpResponse.json({ decisions })),
  );
}

async function openList(path = "/staff/applications") {
  logInAs("reader");
  listServer();
  const app = renderStaff(path);
  await screen.findByRole("link", { name: /Ada Lovelace|Applicant 1/ });
  return { ...app, user: userEvent.setup() };
}

describe("the list", () => {
  test("shows the rows, the count, and the title", async () => {
    await openList();
    expect(screen.getByRole("heading", { level: 1, name: "Applications" })).toBeInTheDocument();
    expect(document.title).toBe("Applications | Westbrook University admissions office");
    expect(screen.getByText("Showing 2 of 51")).toBeInTheDocument();
    const first = screen.getAllByRole("row")[1]!;
    expect(within(first).getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      `WU-${term.value}-000001`, "Ada Lovelace", "applicant1@example.com", "Submitted", term.label, "Jan 5, 2026", expect.stringMatching(/^Jan 6, 2026/), "In review", "—",
    ]);
    // The request names the sort, so the list and an application's neighbours agree.
    expect(lastQuery(sent, "/staff/api/applications").toString()).toBe("sort=-last_activity");
  });

  test("a filter changes the address and the request's query", async () => {
    const { user, router } = await openList();
    await user.selectOptions(screen.getByLabelText("Status"), "submitted");
    await waitFor(() => expect(router.location.search).toBe("?status=submitted"));
    await user.selectOptions(screen.getByLabelText("Review status"), "Not reviewed");
    await user.selectOptions(screen.getByLabelText("Entry term"), laterTerm.label);
    await user.selectOptions(screen.getByLabelText("Application plan"), plan.label);
    await user.selectOptions(screen.getByLabelText("U.S. citizen"), notCitizen.label);
    await user.type(screen.getByLabelText("Started from"), "2025-12-01");
    await user.type(screen.getByLabelText("Submitted from"), "2026-01-01");
    await waitFor(() => expect(router.location.search).toBe(
      `?status=submitted&term=${laterTerm.value}&plan=${plan.value}&review=none&citizenship=N&started_from=2025-12-01&submitted_from=2026-01-01`));
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(sent, "/staff/api/applications"))).toEqual({
        status: "submitted", term: laterTerm.value, plan: String(plan.value), review: "none", citizenship: "N", started_from: "2025-12-01", submitted_from: "2026-01-01",
        sort: "-last_activity",
      }),
    );
    await user.selectOptions(screen.getByLabelText("Application plan"), "Not answered");
    await waitFor(() => expect(router.location.search).toContain("&plan=none&"));
  });

  test("the requests filter: waiting for a reply or replied, in the address and the request's query", async () => {
    const { user, router } = await openList();
    const requests = screen.getByLabelText("Requests");
    expect(within(requests).getAllByRole("option").map((option) => option.textContent)).toEqual(["Any", "Waiting for a reply", "Replied"]);
    await user.selectOptions(requests, "Waiting for a reply");
    await waitFor(() => expect(router.location.search).toBe("?request=open"));
    await waitFor(() => expect(Object.fromEntries(lastQuery(sent, "/staff/api/applications"))).toEqual({ request: "open", sort: "-last_activity" }));
    await user.selectOptions(requests, "Replied");
    await waitFor(() => expect(router.location.search).toBe("?request=replied"));
    await waitFor(() => expect(lastQuery(sent, "/staff/api/applications").get("request")).toBe("replied"));
    await user.selectOptions(requests, "Any");
    await waitFor(() => expect(router.location.search).toBe(""));
  });

  test("the decision filters: the decisions of decisions.json or none, released or not, the applicant's answer, in the address and the request's query", async () => {
    const { user, router } = await openList();
    const decision = screen.getByRole("combobox", { name: "Decision" });
    await waitFor(() => expect(within(decision).getAllByRole("option").map((option) => option.textContent)).toEqual(["Any", "Admit", "Deny", "No decision"]));
    await user.selectOptions(decision, "Admit");
    await waitFor(() => expect(router.location.search).toBe("?decision=admit"));
    const released = screen.getByRole("combobox", { name: "Decision released" });
    expect(within(released).getAllByRole("option").map((option) => option.textContent)).toEqual(["Any", "Released", "Not released"]);
    await user.selectOptions(released, "Not released");
    const answer = screen.getByRole("combobox", { name: "Applicant's answer" });
    expect(within(answer).getAllByRole("option").map((option) => option.textContent)).toEqual(["Any", "Accepted", "Declined", "No answer"]);
    await user.selectOptions(answer, "No answer");
    await waitFor(() => expect(router.location.search).toBe("?decision=admit&released=false&response=none"));
    await waitFor(() => expect(Object.fromEntries(lastQuery(sent, "/staff/api/applications"))).toEqual({
      decision: "admit", released: "false", response: "none", sort: "-last_activity",
    }));
    await user.selectOptions(decision, "No decision");
    await user.selectOptions(released, "Any");
    await waitFor(() => expect(router.location.search).toBe("?decision=none&response=none"));
  });

  test("the checklist filters: an item, then its state; or whether anything is outstanding, in the address and the request's query", async () => {
    const { user, router } = await openList();
    const item = screen.getByRole("combobox", { name: "Checklist item" });
    expect(within(item).getAllByRole("option").map((option) => option.textContent)).toEqual(["Any", ...form.checklist.map((listed) => listed.label)]);
    // A state is an item's: there is none to choose before the item.
    expect(screen.queryByRole("combobox", { name: "Item state" })).not.toBeInTheDocument();
    await user.selectOptions(item, firstItem.label);
    const state = await screen.findByRole("combobox", { name: "Item state" });
    expect(within(state).getAllByRole("option").map((option) => option.textContent)).toEqual(["Any", "Needed", "File being processed", "Received"]);
    await user.selectOptions(state, "Needed");
    await waitFor(() => expect(router.location.search).toBe(`?checklist=${firstItem.id}&checklist_state=needed`));
    await waitFor(() => expect(Object.fromEntries(lastQuery(sent, "/staff/api/applications"))).toEqual({
      checklist: firstItem.id, checklist_state: "needed", sort: "-last_activity",
    }));
    await user.selectOptions(item, secondItem.label);
    await waitFor(() => expect(router.location.search).toBe(`?checklist=${secondItem.id}&checklist_state=needed`));
    await user.selectOptions(item, "Any");
    await waitFor(() => expect(router.location.search).toBe(""));
    expect(screen.queryByRole("combobox", { name: "Item state" })).not.toBeInTheDocument();

    const outstanding = screen.getByRole("combobox", { name: "Checklist" });
    expect(within(outstanding).getAllByRole("option").map((option) => option.textContent)).toEqual(["Any", "Something outstanding", "Nothing outstanding"]);
    await user.selectOptions(outstanding, "Nothing outstanding");
    await waitFor(() => expect(router.location.search).toBe("?outstanding=false"));
    await waitFor(() => expect(lastQuery(sent, "/staff/api/applications").get("outstanding")).toBe("false"));
  });

  test("the decision and checklist filters are fields of the filter form, reached from the keyboard in its order", async () => {
    const { user } = await openList();
    screen.getByLabelText("Requests").focus();
    for (const name of ["Decision", "Decision released", "Applicant's answer", "Checklist", "Checklist item"]) {
      await user.tab();
      expect(screen.getByRole("combobox", { name }), name).toHaveFocus();
    }
    // Choosing an item brings its state in, next in the order.
    const item = screen.getByRole("combobox", { name: "Checklist item" });
    await user.selectOptions(item, secondItem.label);
    await user.tab();
    expect(await screen.findByRole("combobox", { name: "Item state" })).toHaveFocus();
  });

  test("the decision and checklist filters in the address survive a reload; a state without its item is dropped", async () => {
    await openList(`/staff/applications?decision=admit&released=true&response=accepted&checklist=${firstItem.id}&checklist_state=received&outstanding=true`);
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Decision" })).toHaveValue("admit"));
    expect(screen.getByRole("combobox", { name: "Decision released" })).toHaveValue("true");
    expect(screen.getByRole("combobox", { name: "Applicant's answer" })).toHaveValue("accepted");
    expect(screen.getByRole("combobox", { name: "Checklist item" })).toHaveValue(firstItem.id);
    expect(screen.getByRole("combobox", { name: "Item state" })).toHaveValue("received");
    expect(screen.getByRole("combobox", { name: "Checklist" })).toHaveValue("true");
    expect(Object.fromEntries(lastQuery(sent, "/staff/api/applications"))).toEqual({
      decision: "admit", released: "true", response: "accepted", checklist: firstItem.id, checklist_state: "received", outstanding: "true", sort: "-last_activity",
    });
    cleanup();
    await openList("/staff/applications?checklist_state=needed&released=maybe&decision=Admit!");
    expect(Object.fromEntries(lastQuery(sent, "/staff/api/applications"))).toEqual({ sort: "-last_activity" });
  });

  test("the decision column says which, whether released, and the applicant's answer", async () => {
    logInAs("reviewer");
    server.use(http.get(url("/staff/api/applications"), () => HttpResponse.json({
      rows: [
        row(1, { name: "Ada Lovelace", decision: { code: "admit", label: "Admit", released: false, response: null } }),
        row(2, { name: "Grace Hopper", decision: { code: "admit", label: "Admit", released: true, response: "accepted" } }),
        row(3, { name: "Mary Somerville", decision: { code: "deny", label: "Deny", released: true, response: null } }),
        row(4, { name: "Emmy Noether" }),
      ],
      next: null, total: 4,
    })));
    renderStaff("/staff/applications");
    await screen.findByRole("link", { name: "Ada Lovelace" });
    const column = screen.getAllByRole("columnheader").findIndex((header) => header.textContent === "Decision");
    expect(screen.getAllByRole("row").slice(1).map((tableRow) => within(tableRow).getAllByRole("cell")[column]!.textContent)).toEqual([
      "Admit (not released)", "Admit: accepted", "Deny", "—",
    ]);
  });

  test("the search box waits for a pause in typing, then goes into the address and the request", async () => {
    const { router } = await openList("/staff/applications?status=submitted");
    // Letters typed without a pause between them, however long each takes to draw: a busy machine
    // would otherwise make pauses of its own between letters, and the box rightly goes on each.
    await userEvent.setup({ delay: null }).type(screen.getByRole("searchbox", { name: "Search" }), "lovelace");
    await waitFor(() => expect(router.location.search).toBe("?q=lovelace&status=submitted"));
    await waitFor(() => expect(lastQuery(sent, "/staff/api/applications").get("q")).toBe("lovelace"));
    // One request for the word, not one a letter.
    expect(sentTo("GET", "/staff/api/applications").filter((r) => r.path.includes("q=")).length).toBe(1);
  });

  /** The filters, whose address follows each change `delayMs` later (a busy phone); the changes sent, and the search box. */
  function withSlowAddress(delayMs: number) {
    const changes: ApplicationFilter[] = [];
    function SlowAddress() {
      const [filter, setFilter] = useState<ApplicationFilter>({});
      return <ListFilters filter={filter} decisions={decisions} onChange={(next) => { changes.push(next); setTimeout(() => setFilter(next), delayMs); }} />;
    }
    render(<SlowAddress />);
    return { changes, user: userEvent.setup(), box: screen.getByRole("searchbox", { name: "Search" }) };
  }

  // The address catches up with a pause in typing a moment later: what was typed in between
  // stays, and is sent in turn.
  test("letters typed while the address catches up with a pause are kept", async () => {
    const { changes, user, box } = withSlowAddress(200);
    await user.type(box, "lovel");
    await waitFor(() => expect(changes).toEqual([{ q: "lovel" }]));
    await user.type(box, "ace");
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(box).toHaveValue("lovelace");
    await waitFor(() => expect(changes.at(-1)).toEqual({ q: "lovelace" }));
  });

  test("letters typed while the address is more than one pause behind are kept", async () => {
    // A busier device: each pause's text reaches the address after the next pause has been sent.
    const { changes, user, box } = withSlowAddress(900);
    await user.type(box, "lovel");
    await waitFor(() => expect(changes).toEqual([{ q: "lovel" }]));
    await user.type(box, "a");
    await waitFor(() => expect(changes.at(-1)).toEqual({ q: "lovela" }));
    await user.type(box, "c");
    await waitFor(() => expect(changes.at(-1)).toEqual({ q: "lovelac" }));
    await user.type(box, "e");
    // "lovel", then "lovela" and "lovelac" come back from the address while "lovelace" is in the box.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(box).toHaveValue("lovelace");
    await waitFor(() => expect(changes.at(-1)).toEqual({ q: "lovelace" }));
  });

  test("the filter in the address survives a reload: fields show it and the request carries it", async () => {
    await openList("/staff/applications?q=ada&review=complete&request=replied&sort=name&bogus=1&status=wrong");
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("ada");
    expect(screen.getByLabelText("Review status")).toHaveValue("complete");
    expect(screen.getByLabelText("Requests")).toHaveValue("replied");
    expect(screen.getByLabelText("Status")).toHaveValue("");
    expect(Object.fromEntries(lastQuery(sent, "/staff/api/applications"))).toEqual({ q: "ada", review: "complete", request: "replied", sort: "name" });
  });

  test("a column header sorts, and says so with aria-sort; pressed again it reverses", async () => {
    const { user, router } = await openList();
    const header = (name: string) => screen.getByRole("columnheader", { name: new RegExp(`^${name}`) });
    expect(header("Last activity")).toHaveAttribute("aria-sort", "descending");
    expect(header("Name")).not.toHaveAttribute("aria-sort");

    await user.click(within(header("Name")).getByRole("button"));
    await waitFor(() => expect(router.location.search).toBe("?sort=name"));
    expect(header("Name")).toHaveAttribute("aria-sort", "ascending");
    expect(header("Last activity")).not.toHaveAttribute("aria-sort");
    await waitFor(() => expect(lastQuery(sent, "/staff/api/applications").get("sort")).toBe("name"));

    await user.click(within(header("Name")).getByRole("button"));
    await waitFor(() => expect(header("Name")).toHaveAttribute("aria-sort", "descending"));
    expect(router.location.search).toBe("?sort=-name");

    await user.click(within(header("Submitted")).getByRole("button"));
    await waitFor(() => expect(header("Submitted")).toHaveAttribute("aria-sort", "descending"));
  });

  test("Next 50 asks with the cursor, Previous goes back to the first page", async () => {
    const { user } = await openList();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next 50" }));
    expect(await screen.findByRole("link", { name: "Grace Hopper" })).toBeInTheDocument();
    expect(lastQuery(sent, "/staff/api/applications").get("after")).toBe("cursor-2");
    expect(screen.getByRole("button", { name: "Next 50" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByRole("link", { name: "Ada Lovelace" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
  });

  test("each name links to its application with the filter along", async () => {
    const { user, router } = await openList("/staff/applications?status=submitted&sort=name");
    const link = screen.getByRole("link", { name: "Ada Lovelace" });
    expect(link).toHaveAttribute("href", "/staff/applications/1?status=submitted&sort=name");
    server.use(
      http.get(url("/staff/api/applications/1"), () => HttpResponse.json({ message: "Gone." }, { status: 404 })),
      http.get(url("/staff/api/applications/1/neighbours"), () => HttpResponse.json({ previous: null, next: 2 })),
    );
    await user.click(link);
    await waitFor(() => expect(router.location.pathname).toBe("/staff/applications/1"));
    expect(await screen.findByRole("link", { name: "Back to the list" })).toHaveAttribute("href", "/staff/applications?status=submitted&sort=name");
  });

  test("no rows: says so, and offers to clear the filter", async () => {
    logInAs("reader");
    server.use(http.get(url("/staff/api/applications"), () => HttpResponse.json({ rows: [], next: null, total: 0 })));
    renderStaff("/staff/applications?status=started");
    expect(await screen.findByText("No applications match this filter.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Clear the filter" })).toHaveAttribute("href", "/staff/applications");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
