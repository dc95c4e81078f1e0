// The list's Export control (admins only) and the Exports page: a small export is a link to the
// direct download with the list's filter, a large one or a zip starts a job, which the page shows
// with its progress and then its download until it expires.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { sentTo, server, url, withTestServer } from "../testing";
import type { ExportJob } from "./api";
import { logInAs, renderStaff } from "./testing";

withTestServer();

const row = { id: 1, reference: "WU-FA26-000001", name: "Ada Lovelace", email: "ada@example.com", status: "submitted", entry_term: "FA26",
  submitted_at: "2026-01-05T15:00:00Z", last_activity: "2026-01-06T15:00:00Z", review_status: null };

function listOf(total: number) {
  server.use(http.get(url("/staff/api/applications"), () => HttpResponse.json({ rows: [row], next: null, total })));
}

const job = (overrides: Partial<ExportJob> = {}): ExportJob => ({
  id: "5d0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b", format: "zip", filter: { status: "submitted" }, by: "admin@westbrook.example.edu", status: "running",
  rows_done: 12000, rows_total: 100000, created_at: "2026-11-26T19:00:00Z", finished_at: null, expires_at: null, message: null, ...overrides,
});

async function openList(total: number, path = "/staff/applications?status=submitted") {
  logInAs("admin");
  listOf(total);
  const app = renderStaff(path);
  await screen.findByRole("link", { name: "Ada Lovelace" });
  return { ...app, user: userEvent.setup() };
}

describe("the Export control", () => {
  test("offers a small export of the list's filter as a download at once, in each format", async () => {
    const { user } = await openList(1234);
    const control = screen.getByRole("group", { name: "Export" });
    expect(within(control).getByRole("link", { name: "Export 1,234 applications" })).toHaveAttribute("href", "/staff/api/exports/csv?status=submitted");
    expect(within(control).getByRole("link", { name: "Export 1,234 applications" })).toHaveAccessibleDescription("Downloads at once.");
    const format = within(control).getByLabelText("Export as");
    expect(within(format).getAllByRole("option").map((option) => option.textContent)).toEqual(["CSV", "Labels (CSV)", "JSON Lines", "Zip of PDFs and documents"]);
    await user.selectOptions(format, "JSON Lines");
    expect(within(control).getByRole("link", { name: "Export 1,234 applications" })).toHaveAttribute("href", "/staff/api/exports/jsonl?status=submitted");
    await user.selectOptions(format, "Labels (CSV)");
    expect(within(control).getByRole("link", { name: "Export the labels of the columns" })).toHaveAttribute("href", "/staff/api/exports/labels?status=submitted");
  });

  test("is not there for a reviewer", async () => {
    logInAs("reviewer");
    listOf(1234);
    renderStaff("/staff/applications");
    await screen.findByRole("link", { name: "Ada Lovelace" });
    expect(screen.queryByRole("group", { name: "Export" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Exports" })).toBeNull();
  });

  test("starts a job for a large export, and the Exports page shows its progress, then its download until it expires", async () => {
    const { user, router } = await openList(100000);
    const control = screen.getByRole("group", { name: "Export" });
    const button = within(control).getByRole("button", { name: "Export 100,000 applications" });
    expect(button).toHaveAccessibleDescription("Made in the background: it appears on the Exports page, ready to download within minutes.");
    let polls = 0;
    server.use(
      http.post(url("/staff/api/export-jobs"), () => HttpResponse.json(job({ format: "csv", status: "queued", rows_done: 0, rows_total: null }), { status: 202 })),
      http.get(url("/staff/api/export-jobs"), () => HttpResponse.json({
        jobs: [polls++ === 0 ? job({ format: "csv" }) : job({ format: "csv", status: "done", rows_done: 100000, finished_at: "2026-11-26T19:05:00Z", expires_at: "2026-11-27T19:05:00Z" })],
      })),
    );
    button.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(router.location.pathname).toBe("/staff/exports"));
    expect(sentTo("POST", "/staff/api/export-jobs").at(-1)!.body).toEqual({ format: "csv", filter: { status: "submitted" } });
    expect(await screen.findByRole("heading", { level: 1, name: "Exports" })).toBeInTheDocument();
    expect(screen.getByText("Your export has started. It is listed below; you may leave this page meanwhile.")).toHaveAttribute("role", "status");
    const progress = await screen.findByRole("progressbar", { name: "12,000 of 100,000" });
    expect(progress).toHaveAttribute("value", "12000");
    expect(progress).toHaveAttribute("max", "100000");
    expect(screen.getByRole("heading", { level: 2, name: "CSV: status submitted" })).toBeInTheDocument();
    // Polled each second while it runs.
    const download = await screen.findByRole("link", { name: /^Download/ }, { timeout: 3000 });
    expect(download).toHaveAttribute("href", "/staff/api/export-jobs/5d0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b/download");
    expect(screen.getByText("100,000 applications. Ready until 27 Nov, 14:05.")).toHaveAttribute("role", "status");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  test("always makes a zip as a job, and says why a job failed", async () => {
    const { user } = await openList(12);
    await user.selectOptions(screen.getByLabelText("Export as"), "Zip of PDFs and documents");
    server.use(
      http.post(url("/staff/api/export-jobs"), () => HttpResponse.json(job({ status: "queued" }), { status: 202 })),
      http.get(url("/staff/api/export-jobs"), () => HttpResponse.json({ jobs: [job({ status: "failed", message: "The export failed." })] })),
    );
    await user.click(screen.getByRole("button", { name: "Export 12 applications" }));
    expect(await screen.findByText("The export failed.")).toBeInTheDocument();
    expect(sentTo("POST", "/staff/api/export-jobs").at(-1)!.body).toEqual({ format: "zip", filter: { status: "submitted" } });
  });
});
