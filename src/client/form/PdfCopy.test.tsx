// The PDF copy on the status page: asked
// for every second while it is being made, then every ten minutes; a link once it is ready; the
// spec's label when it failed.
import { render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { logIn, profileOf, renderApp, sentTo, server, url, withTestServer } from "../testing";
import { PDF_COPY_PAUSES, PdfCopy, pdfCopyTiming } from "./PdfCopy";

withTestServer();

const DOWNLOAD = "Download a PDF copy of your application";
const READY = "https://files.example/copies/ada.pdf?signature=abc";

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  pdfCopyTiming.pendingMs = 30;
  pdfCopyTiming.settledMs = 60_000;
});
afterEach(() => {
  consoleError.mockRestore();
  Object.assign(pdfCopyTiming, PDF_COPY_PAUSES);
});

const realSetTimeout = globalThis.setTimeout;
/** Waits, in real time and leaving fake clocks alone, until `check` passes (vi.waitFor would move a fake clock on). */
async function eventually(check: () => void): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      return check();
    } catch (error) {
      if (tries > 200) throw error;
      await new Promise((resolve) => realSetTimeout(resolve, 10));
    }
  }
}

/** GET /api/pdf answering `replies` in turn, the last one repeating. */
function servePdfCopy(...replies: (() => Response)[]) {
  let asked = 0;
  server.use(http.get(url("/api/pdf"), () => replies[Math.min(asked++, replies.length - 1)]!()));
}
const status = (status: string, extra: { url?: string; message?: string } = {}) => () =>
  HttpResponse.json({ status, url: extra.url ?? null, message: extra.message ?? null });

describe("the PDF copy", () => {
  test("the spec's pauses: 1000 ms while pending, then 600000 ms", () => {
    expect(PDF_COPY_PAUSES).toEqual({ pendingMs: 1000, settledMs: 600_000 });
  });

  test("asked every 1000 ms until the first answer that is not pending, then every 600000 ms, also when a later answer is pending again", async () => {
    Object.assign(pdfCopyTiming, PDF_COPY_PAUSES);
    // React Query asks again from a setInterval; React itself keeps its real timers.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      // The server tries a failed copy again: the ask after FAILED finds a new one being made.
      servePdfCopy(status("UNPROCESSED"), status("IN_PROGRESS"), status("FAILED", { message: "The copy could not be made." }), status("UNPROCESSED"), status("COMPLETED", { url: READY }));
      const asked = () => sentTo("GET", "/api/pdf").length;
      render(<PdfCopy />);
      await eventually(() => expect(asked()).toBe(1));
      await vi.advanceTimersByTimeAsync(999);
      expect(asked()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await eventually(() => expect(asked()).toBe(2));
      await vi.advanceTimersByTimeAsync(1000);
      await eventually(() => expect(asked()).toBe(3));
      await eventually(() => expect(screen.getByRole("alert")).toHaveTextContent("The copy could not be made."));

      await vi.advanceTimersByTimeAsync(599_999);
      expect(asked()).toBe(3);
      await vi.advanceTimersByTimeAsync(1);
      await eventually(() => expect(asked()).toBe(4));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(asked(), "pending again, still every 600000 ms").toBe(4);
      await vi.advanceTimersByTimeAsync(590_000);
      await eventually(() => expect(asked()).toBe(5));
      await eventually(() => expect(screen.getByRole("link", { name: DOWNLOAD })).toHaveAttribute("href", READY));
      await vi.advanceTimersByTimeAsync(599_999);
      expect(asked()).toBe(5);
      await vi.advanceTimersByTimeAsync(1);
      await eventually(() => expect(asked()).toBe(6));
    } finally {
      vi.useRealTimers();
    }
  });

  test("while it is being made: a polite note, asked for again; once COMPLETED: a download link, and asked for no more", async () => {
    servePdfCopy(status("UNPROCESSED"), status("IN_PROGRESS"), status("COMPLETED", { url: READY }));
    render(<PdfCopy />);
    expect(screen.getByRole("heading", { level: 2, name: "A copy for your records" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Preparing a PDF copy of your application…");
    expect(screen.queryByRole("link")).not.toBeInTheDocument();

    const link = await screen.findByRole("link", { name: DOWNLOAD });
    expect(link).toHaveAttribute("href", READY);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(sentTo("GET", "/api/pdf")).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sentTo("GET", "/api/pdf")).toHaveLength(3);
  });

  test("FAILED: 'Error downloading PDF copy of your application.' with the server's message", async () => {
    servePdfCopy(status("IN_PROGRESS"), status("FAILED", { message: "The copy could not be made." }));
    render(<PdfCopy />);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Error downloading PDF copy of your application.")).toBeInTheDocument();
    expect(within(alert).getByText("The copy could not be made.")).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sentTo("GET", "/api/pdf")).toHaveLength(2);
  });

  test("FAILED without a message: the label alone", async () => {
    servePdfCopy(status("FAILED"));
    render(<PdfCopy />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(/^Error downloading PDF copy of your application\.$/);
  });

  test("a failed request: the label and the server's message", async () => {
    servePdfCopy(() => HttpResponse.json({ message: "Database unavailable." }, { status: 500 }));
    render(<PdfCopy />);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Error downloading PDF copy of your application.")).toBeInTheDocument();
    expect(within(alert).getByText("Database unavailable.")).toBeInTheDocument();
  });

  test("is on the status page of a submitted application", async () => {
    logIn();
    server.use(
      http.get(url("/api/profile"), () => HttpResponse.json(profileOf({}, ["started", "validating", "submitted"]))),
      http.put(url("/api/last-page"), () => HttpResponse.json({ message: "Saved." })),
    );
    servePdfCopy(status("COMPLETED", { url: READY }));
    renderApp("/status");
    await screen.findByRole("heading", { level: 1, name: "Your application is submitted" });
    await waitFor(() => expect(screen.getByRole("link", { name: DOWNLOAD })).toHaveAttribute("href", READY));
  });
});
