// The status page, where a submitted applicant lands: the reference the submit gave, to quote to
// the office, when the application was submitted (in the office's time zone, as the confirmation
// e-mail writes it), and where that e-mail went (issue 20); where the application stands and the
// checklist of what the office still needs, a file still needed sent from here, and the office's
// messages with the applicant's reply, and the decision's letter with its PDF (issue 40).
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, onTestFinished, test, vi } from "vitest";
import { messages } from "../../api-contract/messages";
import type { ApplicationStatus } from "../api/calls";
import { useSession } from "../state/session";
import { logIn, profileOf, renderApp, sentTo, server, url, withTestServer } from "../testing";

withTestServer();

const SUBMITTED = ["started", "validating", "submitted"];

const STATUS: ApplicationStatus = { state: "submitted", reference: "WU-FA26-004821", submitted_at: "2026-11-22T12:00:00.000Z", checklist: [], requests: [], decision: null };
const line = (id: string, label: string, state: ApplicationStatus["checklist"][number]["state"], help: string | null = null, document: string | null = null) =>
  ({ id, label, help, state, document, marked_at: null });
const TRANSCRIPT = line("transcript", "Official high school transcript", "needed", "Ask your school counselor to send it, or upload a copy.", "transcript");
const ASKED = "We could not read page 2 of your transcript.\nPlease send a clearer copy.";
const request = (state: ApplicationStatus["requests"][number]["state"], overrides: Partial<ApplicationStatus["requests"][number]> = {}) =>
  ({ id: 7, message: ASKED, item: "transcript", asked_at: "2026-11-25T15:00:00.000Z", state, reply: null, replied_at: null, ...overrides });

function openStatus(overrides: Parameters<typeof profileOf>[0], status: ApplicationStatus = STATUS) {
  logIn();
  server.use(http.get(url("/api/profile"), () => HttpResponse.json(profileOf(overrides, SUBMITTED))));
  server.use(http.get(url("/api/status"), () => HttpResponse.json(status)));
  return renderApp("/status");
}

describe("the status page", () => {
  test("shows the reference as text to copy, when the application was submitted, and that a confirmation e-mail went out", async () => {
    openStatus({ reference: "WU-FA26-004821", submitted_at: "2026-11-22T12:00:00.000Z" });
    await screen.findByRole("heading", { level: 1, name: "Your application is submitted" });
    expect(screen.getByText(/^Your reference number is/)).toHaveTextContent("Your reference number is WU-FA26-004821");
    // Text, not an image or an input: it selects and copies like any other.
    expect(screen.getByText("WU-FA26-004821").tagName).toBe("STRONG");
    expect(screen.getByText(/we received it on/)).toHaveTextContent("we received it on November 22, 2026 at 7:00 AM EST.");
    expect(screen.getByText(/quote it/)).toHaveTextContent("Please quote it whenever you contact the Office of Undergraduate Admission about your application.");
    expect(screen.getByText(/confirmation e-mail/)).toHaveTextContent("A confirmation e-mail has been sent to ada@example.com.");
    expect(screen.queryByText(/Watch your email/)).not.toBeInTheDocument();
  });

  test("an application submitted before references were given: no reference, and no word of an e-mail that was never sent", async () => {
    openStatus({ reference: null, submitted_at: "2026-10-01T12:00:00.000Z" });
    await screen.findByRole("heading", { level: 1, name: "Your application is submitted" });
    expect(screen.getByText("Thank you. We have everything we need from this online application.")).toBeInTheDocument();
    expect(screen.queryByText(/reference number/)).not.toBeInTheDocument();
    expect(screen.queryByText(/confirmation e-mail/)).not.toBeInTheDocument();
  });
});

describe("where the application stands", () => {
  test("says it is submitted, in words", async () => {
    openStatus({ reference: "WU-FA26-004821" });
    expect(await screen.findByText(/^Submitted:/)).toHaveTextContent("Submitted: we have your application and will start reviewing it soon.");
  });

  test("under review", async () => {
    openStatus({ reference: "WU-FA26-004821" }, { ...STATUS, state: "under_review" });
    expect(await screen.findByText(/^Under review:/)).toHaveTextContent("Under review: the admissions office is reviewing your application.");
  });

  test("lists the checklist with each item's state in words, and how to send what is still needed", async () => {
    openStatus({ reference: "WU-FA26-004821" }, {
      ...STATUS,
      checklist: [
        line("transcript", "Official high school transcript", "needed", "Ask your school counselor to send it."),
        line("resume", "Resume", "processing"),
        line("counselor", "Counselor recommendation", "received", "Not shown once received."),
      ],
    });
    const checklist = await screen.findByRole("region", { name: "Your checklist" });
    expect(within(checklist).getByText("We still need 2 items to complete your file.")).toBeInTheDocument();
    const items = within(checklist).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Official high school transcriptStill neededAsk your school counselor to send it.",
      "ResumeBeing processed",
      "Counselor recommendationReceived",
    ]);
  });

  test("says when everything has arrived, and shows no checklist when the office lists none", async () => {
    openStatus({ reference: "WU-FA26-004821" }, { ...STATUS, checklist: [line("transcript", "Official high school transcript", "received")] });
    expect(await screen.findByText("We have received everything on your checklist.")).toBeInTheDocument();
  });

  test("no checklist section when the office lists nothing", async () => {
    openStatus({ reference: "WU-FA26-004821" });
    await screen.findByText(/^Submitted:/);
    expect(screen.queryByRole("region", { name: "Your checklist" })).not.toBeInTheDocument();
  });
});

describe("a file still needed, sent from the checklist", () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  test("is sent and converted, without a save, and the checklist is read again", async () => {
    let received = false;
    server.use(
      http.post(url("/api/presigned-url"), () => HttpResponse.json({ url: url("/upload"), fields: { key: "documents/3f2a" } })),
      http.post(url("/upload"), () => new HttpResponse(null, { status: 204 })),
      http.post(url("/api/pdf/document-answer/transcript"), () => HttpResponse.json({ status: "UNPROCESSED", message: null })),
      http.get(url("/api/pdf/document-answer/transcript"), () => {
        received = true;
        return HttpResponse.json({ status: "COMPLETED", message: null });
      }),
    );
    openStatus({ reference: "WU-FA26-004821" }, { ...STATUS, checklist: [TRANSCRIPT] });
    server.use(http.get(url("/api/status"), () => HttpResponse.json({ ...STATUS, checklist: [{ ...TRANSCRIPT, state: received ? "received" : "needed" }] })));
    const user = userEvent.setup();
    const input = await screen.findByLabelText("Upload Official high school transcript");
    await user.upload(input, new File([new Uint8Array(2048)], "transcript.pdf", { type: "application/pdf" }));

    expect(await screen.findByText("Received")).toBeInTheDocument();
    expect(sentTo("POST", "/api/presigned-url").map((r) => r.body)).toEqual([{ answer_key: "transcript" }]);
    expect(sentTo("POST", "/api/pdf/document-answer/transcript").map((r) => r.body)).toEqual([{ file_key: "documents/3f2a", file_name: "transcript.pdf" }]);
    expect(sentTo("PUT", "/api/answer")).toEqual([]);
    expect(screen.queryByLabelText("Upload Official high school transcript")).not.toBeInTheDocument();
  });

  test("a file the server refuses, or of the wrong type, stays with its reason under the button", async () => {
    server.use(http.post(url("/api/presigned-url"), () => HttpResponse.json({ message: messages.uploadNotNeeded(TRANSCRIPT.label) }, { status: 409 })));
    openStatus({ reference: "WU-FA26-004821" }, { ...STATUS, checklist: [TRANSCRIPT] });
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText("Upload Official high school transcript");
    await user.upload(input, new File([new Uint8Array(2048)], "transcript.pdf", { type: "application/pdf" }));
    expect(await screen.findByText(messages.uploadNotNeeded(TRANSCRIPT.label))).toBeInTheDocument();
    expect(screen.getByLabelText("Upload Official high school transcript")).toHaveAttribute("aria-invalid", "true");

    await user.upload(screen.getByLabelText("Upload Official high school transcript"), new File([new Uint8Array(10)], "notes.txt", { type: "text/plain" }));
    expect(await screen.findByText(/^You can only enter the following file types: /)).toBeInTheDocument();
    expect(sentTo("POST", "/api/presigned-url")).toHaveLength(1);
  });
});

describe("the office's messages", () => {
  test("an open message says information is requested, shows its words as written, and takes the file it asks for with the reply", async () => {
    openStatus({ reference: "WU-FA26-004821" }, { ...STATUS, state: "information_requested", checklist: [TRANSCRIPT], requests: [request("open")] });
    expect(await screen.findByText(/^Information requested:/)).toHaveTextContent("Information requested: the admissions office has asked you for something. Please read their message below.");
    const messagesRegion = screen.getByRole("region", { name: "Messages from the admissions office" });
    expect(within(messagesRegion).getByRole("heading", { level: 3 })).toHaveTextContent("Message of November 25, 2026 at 10:00 AM EST");
    expect(within(messagesRegion).getByText("About: Official high school transcript")).toBeInTheDocument();
    expect(within(messagesRegion).getByText(/We could not read page 2/).textContent).toBe(ASKED);
    // The file goes with the reply, not a second time from the checklist.
    expect(within(messagesRegion).getByLabelText("Upload Official high school transcript")).toBeInTheDocument();
    expect(screen.getAllByLabelText("Upload Official high school transcript")).toHaveLength(1);
  });

  test("a reply is sent, then shown as sent, with the server's words read out", async () => {
    let replied = false;
    server.use(http.post(url("/api/requests/7/reply"), () => {
      replied = true;
      return HttpResponse.json({ message: messages.replySent });
    }));
    openStatus({ reference: "WU-FA26-004821" }, { ...STATUS, state: "information_requested", requests: [request("open", { item: null })] });
    server.use(http.get(url("/api/status"), () => HttpResponse.json({
      ...STATUS, state: replied ? "under_review" : "information_requested",
      requests: [replied ? request("replied", { item: null, reply: "I attended Lincoln High.", replied_at: "2026-11-26T14:30:00.000Z" }) : request("open", { item: null })],
    })));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Your reply"), "I attended Lincoln High.");
    await user.click(screen.getByRole("button", { name: "Send reply" }));

    expect(await screen.findByText(messages.replySent)).toBeInTheDocument();
    expect(sentTo("POST", "/api/requests/7/reply").map((r) => r.body)).toEqual([{ message: "I attended Lincoln High." }]);
    expect(screen.getByText(/^You replied on/)).toHaveTextContent("You replied on November 26, 2026 at 9:30 AM EST:");
    expect(screen.getByText("I attended Lincoln High.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Your reply")).not.toBeInTheDocument();
  });

  test("a refused reply shows the server's words; a withdrawn message says nothing more is needed", async () => {
    server.use(http.post(url("/api/requests/7/reply"), () => HttpResponse.json({ message: messages.emptyReply }, { status: 400 })));
    openStatus({ reference: "WU-FA26-004821" }, { ...STATUS, requests: [request("withdrawn", { id: 6, item: null }), request("open", { item: null })] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Send reply" }));
    expect(await screen.findByText(messages.emptyReply)).toBeInTheDocument();
    expect(screen.getByText("The office withdrew this message: nothing more is needed for it.")).toBeInTheDocument();
  });
});

describe("the decision", () => {
  const decision = (overrides: Partial<NonNullable<ApplicationStatus["decision"]>> = {}): NonNullable<ApplicationStatus["decision"]> => ({
    code: "admit", letter_html: "<p>Dear Ada,</p>\n<p><strong>Congratulations!</strong> Welcome.</p>\n", released_at: "2026-12-15T17:00:00.000Z",
    respond_by: "2027-05-02T04:00:00.000Z", may_respond: true, response: null, responded_at: null, ...overrides,
  });

  test("shows the letter as the server drew it, says a decision is available, and asks for an answer by its deadline", async () => {
    openStatus({ reference: "WU-FA26-004821" }, { ...STATUS, state: "decision_available", decision: decision() });
    expect(await screen.findByText(/^Decision available:/)).toHaveTextContent("Decision available: the admissions office has made its decision. Please read your letter below.");
    const region = screen.getByRole("region", { name: "Your decision" });
    expect(within(region).getByText("Congratulations!").tagName).toBe("STRONG");
    expect(within(region).getByText(/^Please answer by/)).toHaveTextContent("Please answer by May 1, 2027 at 11:59 PM EDT.");
    expect(within(region).getByRole("button", { name: "Accept the offer" })).toBeInTheDocument();
    expect(within(region).getByRole("button", { name: "Decline the offer" })).toBeInTheDocument();
  });

  test("offers the letter as a PDF beside it, by a link the keyboard reaches", async () => {
    openStatus({ reference: "WU-FA26-004821" }, { ...STATUS, state: "decision_available", decision: decision() });
    const region = await screen.findByRole("region", { name: "Your decision" });
    const link = within(region).getByRole("link", { name: "Download the letter (PDF)" });
    expect(link).toHaveAttribute("href", "/api/decision/letter.pdf");
    expect(link).toHaveAttribute("download");
    // Before the answer's buttons, in the order of the page.
    within(region).getByRole("button", { name: "Accept the offer" }).focus();
    await userEvent.setup().tab({ shift: true });
    expect(link).toHaveFocus();
  });

  test("no letter, no link to it", async () => {
    openStatus({ reference: "WU-FA26-004821" });
    await screen.findByText(/^Submitted:/);
    expect(screen.queryByRole("link", { name: "Download the letter (PDF)" })).not.toBeInTheDocument();
  });

  test("the letter's PDF asks for the session first, then lets the browser download it", async () => {
    server.use(http.get(url("/api/session"), () => HttpResponse.json({ message: "You are still logged in." })));
    openStatus({ reference: "WU-FA26-004821" }, { ...STATUS, state: "decision_available", decision: decision() });
    const followed: boolean[] = [];
    const record = (event: MouseEvent) => {
      if ((event.target as Element).closest("a[download]")) followed.push(!event.defaultPrevented);
    };
    window.addEventListener("click", record);
    onTestFinished(() => window.removeEventListener("click", record));
    const user = userEvent.setup();
    await user.click(await screen.findByRole("link", { name: "Download the letter (PDF)" }));
    await waitFor(() => expect(followed).toEqual([false, true]));
    expect(sentTo("GET", "/api/session")).toHaveLength(1);
  });

  test("accepts after a confirmation, then shows the answer and no buttons", async () => {
    let answered = false;
    server.use(http.post(url("/api/decision/response"), () => {
      answered = true;
      return HttpResponse.json({ message: messages.decisionAccepted });
    }));
    openStatus({ reference: "WU-FA26-004821" }, { ...STATUS, state: "decision_available", decision: decision() });
    server.use(http.get(url("/api/status"), () => HttpResponse.json({
      ...STATUS, state: "decision_available",
      decision: answered ? decision({ may_respond: false, response: "accepted", responded_at: "2026-12-16T15:00:00.000Z" }) : decision(),
    })));
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Accept the offer" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept the offer?" });
    expect(sentTo("POST", "/api/decision/response")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Accept" }));

    expect(await screen.findByText(messages.decisionAccepted)).toBeInTheDocument();
    expect(sentTo("POST", "/api/decision/response").map((r) => r.body)).toEqual([{ accept: true }]);
    expect(screen.getByText(/^You accepted this offer/).closest("p")).toHaveTextContent("You accepted this offer on December 16, 2026 at 10:00 AM EST.");
    expect(screen.queryByRole("button", { name: "Accept the offer" })).not.toBeInTheDocument();
  });

  test("after the deadline: no buttons, and where to turn instead; a decision that asks nothing shows only its letter", async () => {
    openStatus({ reference: "WU-FA26-004821" }, { ...STATUS, state: "decision_available", decision: decision({ may_respond: false }) });
    expect(await screen.findByText(/has passed/)).toHaveTextContent("The deadline to answer, May 1, 2027 at 11:59 PM EDT, has passed. Please write to the admissions office.");
    expect(screen.queryByRole("button", { name: "Accept the offer" })).not.toBeInTheDocument();
  });
});

describe("logging out from the status page", () => {
  test("goes to /login with the logout message on the login card, not to the default form route", async () => {
    const { router, visited } = openStatus({ reference: "WU-FA26-004821", submitted_at: "2026-11-22T12:00:00.000Z" });
    server.use(http.get(url("/api/logout"), () => HttpResponse.json({ message: "You have been logged out." })));
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 1, name: "Your application is submitted" });
    await user.click(screen.getByRole("button", { name: "Account" }));
    await user.click(await screen.findByRole("button", { name: "Log Out" }));

    const toast = await screen.findByRole("alertdialog", { name: "Login Card Error" });
    expect(within(toast).getByText("You have been logged out.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Log In" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    // Straight there: not by way of the form, which a logged-out visitor's status would open.
    expect(new Set(visited.map((location) => location.pathname))).toEqual(new Set(["/status", "/login"]));
    expect(sentTo("GET", "/api/logout")).toHaveLength(1);
    expect(useSession.getState()).toMatchObject({ is_logged_in: false, web_status: null });
  });
});
