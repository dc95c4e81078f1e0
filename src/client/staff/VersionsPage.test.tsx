// The form's versions page (admins): every version with the applications on it, the current one
// marked, and what changed between two, in words, classed and counted.
import { http, HttpResponse } from "msw";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { sentTo, server, url, withTestServer } from "../testing";
import type { VersionChangeList, VersionList } from "./api";
import { logInAs, renderStaff } from "./testing";

withTestServer();

const [A, B, C] = ["a", "b", "c"].map((c) => c.repeat(64)) as [string, string, string];
const list: VersionList = {
  current: C,
  versions: [
    { hash: C, label: "2026-10-20 · ccccccc", published_at: "2026-10-20T09:00:00Z", in_progress: 40, submitted: 3 },
    { hash: B, label: "2026-10-02 · bbbbbbb", published_at: "2026-10-02T09:00:00Z", in_progress: 12, submitted: 88 },
    { hash: A, label: "2026-09-01 · aaaaaaa", published_at: "2026-09-01T09:00:00Z", in_progress: 0, submitted: 20 },
  ],
};
const changes = (from: string, to: string): VersionChangeList => ({
  from, to,
  changes: [
    { class: "needs applicants", text: 'Option "Off campus" (OFF) removed from "Housing" (housing)', in_progress: 312, submitted: 40 },
    { class: "safe", text: 'Help text of "Housing" (housing) changed', in_progress: null, submitted: null },
    { class: "breaking", text: "Answer key gpa now belongs to a select question, not a text one", in_progress: 1, submitted: 0 },
  ],
});

function versionsServer() {
  logInAs("admin");
  server.use(
    http.get(url("/staff/api/versions"), () => HttpResponse.json(list)),
    http.get(url("/staff/api/versions/:from/changes/:to"), ({ params }) => {
      const label = (hash: unknown) => list.versions.find((v) => v.hash === hash)!.label;
      return HttpResponse.json(changes(label(params.from), label(params.to)));
    }),
  );
}

describe("the form's versions", () => {
  test("lists each version with the applications on it, the current one marked", async () => {
    versionsServer();
    renderStaff("/staff/versions");
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1).map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows.map((row) => [row[0], row[2], row[3]])).toEqual([
      ["2026-10-20 · ccccccc (current)", "40", "3"],
      ["2026-10-02 · bbbbbbb", "12", "88"],
      ["2026-09-01 · aaaaaaa", "0", "20"],
    ]);
  });

  test("compares the two versions the address names (an application's page links so)", async () => {
    versionsServer();
    renderStaff(`/staff/versions?from=${A}&to=${C}`);
    await screen.findByRole("list", { name: "Changes from 2026-09-01 · aaaaaaa to 2026-10-20 · ccccccc" });
    expect(sentTo("GET", `/staff/api/versions/${A}/changes/${C}`)).toHaveLength(1);
  });

  test("falls back to the version before the current when the address names one not listed", async () => {
    versionsServer();
    renderStaff(`/staff/versions?from=${"d".repeat(64)}&to=${C}`);
    await screen.findByRole("list", { name: "Changes from 2026-10-02 · bbbbbbb to 2026-10-20 · ccccccc" });
  });

  test("compares the version before the current with it, then any two chosen, in words with their counts", async () => {
    versionsServer();
    renderStaff("/staff/versions");
    const changesList = await screen.findByRole("list", { name: "Changes from 2026-10-02 · bbbbbbb to 2026-10-20 · ccccccc" });
    expect(within(changesList).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      'Touches applications: Option "Off campus" (OFF) removed from "Housing" (housing) — 312 applications in progress, 40 applications submitted',
      'Safe: Help text of "Housing" (housing) changed',
      "Breaking: Answer key gpa now belongs to a select question, not a text one — 1 application in progress, 0 applications submitted",
    ]);
    await userEvent.setup().selectOptions(screen.getByRole("combobox", { name: "From version" }), "2026-09-01 · aaaaaaa");
    expect(await screen.findByRole("list", { name: "Changes from 2026-09-01 · aaaaaaa to 2026-10-20 · ccccccc" })).toBeInTheDocument();
    expect(sentTo("GET", `/staff/api/versions/${A}/changes/${C}`)).toHaveLength(1);
  });

  test("says why when the versions cannot be compared", async () => {
    versionsServer();
    const message = "This application was made on version 2026-10-02 · bbbbbbb of the form, which cannot be loaded just now.";
    server.use(http.get(url("/staff/api/versions/:from/changes/:to"), () => HttpResponse.json({ message, code: "versionUnavailable" }, { status: 500 })));
    renderStaff("/staff/versions");
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });
});
