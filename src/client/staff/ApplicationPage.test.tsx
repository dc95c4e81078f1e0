// One application: its pages as the service view draws them, its documents, the review for
// reviewers only, notes as text, the PDF copy, and j/k to the next and previous in the list.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, test } from "vitest";
import { messages } from "../../api-contract/messages";
import type { StaffRole } from "../../api-contract/staff";
import { labelOf, optionsOf, sentTo, server, url, withTestServer } from "../testing";
import type { DecisionChoice, InformationRequest, OfficeDecision, StaffApplication } from "./api";
import { bundledFiles, bundledVersion } from "../form/model";
import { pdfCopyTiming } from "./Documents";
import { lastQuery, logInAs, renderStaff } from "./testing";
import { formatTime } from "./words";

withTestServer();
afterEach(() => void (pdfCopyTiming.pendingMs = 2000));

/** The term this cycle's applicants apply for (form-definitions/institution.json). */
const term = optionsOf("entry_term")[0]!;

const application = (overrides: Partial<StaffApplication> = {}): StaffApplication => ({
  id: 5,
  reference: "WU-FA26-000005",
  email: "ada@example.com",
  name: "Ada Lovelace",
  status: "submitted",
  entry_term: term.value,
  submitted_at: "2026-01-05T15:00:00Z",
  submitted_version: "2026-01-02 · 3f9c1a2",
  version: bundledVersion,
  retired_answers: {},
  retired_from: {},
  created_at: "2026-01-01T15:00:00Z",
  last_activity: "2026-01-06T15:00:00Z",
  review_status: "received",
  answer: { first_name: "Ada", last_name: "Lovelace", preferred_name_ind: "N", preferred_name: "Addie", entry_term: term.value, entry_term_desc: term.label, personal_statement_doc: "ANSWERED" },
  add_another: {},
  tabs: { personal_statement: "upload" },
  document_answer: { personal_statement_doc: { file_name: "statement.pdf" } },
  documents: [{ answer_key: "personal_statement_doc", file_name: "statement\u202Efdp.exe", status: "COMPLETED", has_pdf: true }],
  timeline: [
    { at: "2026-01-01T15:00:00Z", kind: "created" },
    { at: "2026-01-02T15:00:00Z", kind: "saves", count: 4 },
    { at: "2026-01-05T15:00:00Z", kind: "submitted" },
  ],
  notes: [{ id: 1, author: "rev@westbrook.example.edu", body: "<b>x</b> \u202Eevil", created_at: "2026-01-07T15:00:00Z" }],
  checklist: [],
  requests: [],
  decision: null,
  ...overrides,
});

/** The decisions the office may record, as GET /staff/api/decisions answers (form-definitions/decisions.json). */
const choices: DecisionChoice[] = [
  { code: "admit", label: "Admit", respond_by: "2027-05-01" },
  { code: "waitlist", label: "Waitlist", respond_by: "2027-05-01" },
  { code: "deny", label: "Deny", respond_by: null },
];

/** The last moment to answer a decision that asks for an answer: May 1, 2027, the end of the office's day. */
const respondBy = "2027-05-02T03:59:00Z";

/** A decision recorded on Jan 10, not released, asking no answer unless `overrides` say otherwise. */
const decision = (overrides: Partial<OfficeDecision> = {}): OfficeDecision => ({
  code: "admit", label: "Admit", recorded_by: "rev@westbrook.example.edu", recorded_at: "2026-01-10T15:00:00Z",
  release_at: null, released: false, respond_by: null, response: null, responded_at: null,
  ...overrides,
});

function applicationServer(role: StaffRole, data = application()) {
  const self = logInAs(role);
  let current = data;
  server.use(
    http.get(url("/staff/api/decisions"), () => HttpResponse.json({ decisions: choices })),
    // As the server: recording keeps when it is released; once released, only an admin changes it.
    http.put(url("/staff/api/applications/5/decision"), async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (current.decision?.released && role !== "admin") return HttpResponse.json({ message: messages.decisionReleased }, { status: 403 });
      const choice = choices.find((known) => known.code === code)!;
      current = {
        ...current,
        decision: decision({
          ...current.decision, code, label: choice.label, recorded_by: self.email, recorded_at: "2026-01-11T15:00:00Z", respond_by: choice.respond_by ? respondBy : null,
        }),
      };
      return HttpResponse.json({ message: "Decision recorded." });
    }),
    http.delete(url("/staff/api/applications/5/decision"), () => {
      current = { ...current, decision: null };
      return HttpResponse.json({ message: "Decision withdrawn." });
    }),
    http.get(url("/staff/api/applications/:id"), ({ params }) =>
      Number(params.id) === current.id ? HttpResponse.json(current) : HttpResponse.json({ ...current, id: Number(params.id), name: `Applicant ${params.id}` }),
    ),
    http.get(url("/staff/api/applications/:id/neighbours"), ({ params }) => HttpResponse.json({ previous: Number(params.id) - 1, next: Number(params.id) + 1 })),
    http.put(url("/staff/api/applications/5/review"), async ({ request }) => {
      const { review_status } = (await request.json()) as { review_status: StaffApplication["review_status"] };
      current = { ...current, review_status };
      return HttpResponse.json({ message: "Review status saved." });
    }),
    http.put(url("/staff/api/applications/5/checklist/:item"), async ({ request, params }) => {
      const { received } = (await request.json()) as { received: boolean };
      const checklist = current.checklist.map((line) =>
        line.id === params.item ? { ...line, state: received ? "received" as const : "needed" as const, marked_at: received ? "2026-01-08T15:00:00Z" : null } : line);
      current = { ...current, checklist };
      return HttpResponse.json(checklist.find((line) => line.id === params.item));
    }),
    // As the server: asking sets the review status to "needs information", a withdrawal back to "in review".
    http.post(url("/staff/api/applications/5/requests"), async ({ request }) => {
      const { message, item } = (await request.json()) as { message: string; item: string | null };
      const asked = {
        id: current.requests.length + 1, message, item, asked_at: "2026-01-08T15:00:00Z", state: "open" as const, reply: null, replied_at: null,
        asked_by: "reviewer@westbrook.example.edu", withdrawn_at: null,
      };
      current = {
        ...current, review_status: "needs information", requests: [...current.requests, asked],
        timeline: [...current.timeline, { at: asked.asked_at, kind: "information requested", by: asked.asked_by }],
      };
      return HttpResponse.json(asked, { status: 201 });
    }),
    http.post(url("/staff/api/applications/5/requests/:request/withdraw"), ({ params }) => {
      const requests = current.requests.map((asked) => (asked.id === Number(params.request) ? { ...asked, state: "withdrawn" as const, withdrawn_at: "2026-01-09T15:00:00Z" } : asked));
      current = { ...current, review_status: "in review", requests, timeline: [...current.timeline, { at: "2026-01-09T15:00:00Z", kind: "request withdrawn" }] };
      return HttpResponse.json(requests.find((asked) => asked.id === Number(params.request)));
    }),
    http.post(url("/staff/api/applications/5/notes"), async ({ request }) => {
      const { body } = (await request.json()) as { body: string };
      current = { ...current, notes: [...current.notes, { id: 2, author: "reviewer@westbrook.example.edu", body, created_at: "2026-01-08T15:00:00Z" }] };
      return HttpResponse.json({ message: "Note added." });
    }),
  );
}

const transcriptLine: StaffApplication["checklist"][number] = { id: "transcript", label: "Official high school transcript", help: null, state: "needed", document: null, marked_at: null };

/** A request for information asked on Jan 8, waiting for the reply unless `overrides` say otherwise. */
const request = (id: number, overrides: Partial<InformationRequest> = {}): InformationRequest => ({
  id, message: "", item: null, asked_at: "2026-01-08T15:00:00Z", state: "open", reply: null, replied_at: null, asked_by: "rev@westbrook.example.edu", withdrawn_at: null,
  ...overrides,
});

async function openApplication(role: StaffRole, path = "/staff/applications/5?status=submitted") {
  const app = renderStaff(path);
  await screen.findByRole("heading", { level: 1, name: "Ada Lovelace" });
  return { ...app, user: userEvent.setup() };
}

/** Gives the question asking `key`, wherever it sits in `node`, the label `label`. */
function relabel(node: unknown, key: string, label: string): void {
  if (!node || typeof node !== "object") return;
  if ((node as { key?: unknown }).key === key) (node as { label: string }).label = label;
  for (const inner of Object.values(node)) relabel(inner, key, label);
}

/** The printed value beside each label `label` (a dt and its dd). */
const valuesOf = (label: string) => [...document.querySelectorAll("dt")].filter((dt) => dt.textContent === label).map((dt) => dt.nextElementSibling!.textContent);

describe("an application", () => {
  test("its header, its pages as the service view draws them (hidden answers not), documents and timeline", async () => {
    applicationServer("reader");
    await openApplication("reader");
    expect(document.title).toBe("Ada Lovelace WU-FA26-000005 | Westbrook University admissions office");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(valuesOf("Reference")).toEqual(["WU-FA26-000005"]);
    expect(valuesOf("E-mail")).toEqual(["ada@example.com"]);
    expect(valuesOf("Form version")).toEqual(["Submitted on version 2026-01-02 · 3f9c1a2"]);
    // The form's pages under the one h1.
    expect(screen.getByRole("heading", { level: 2, name: "About You" })).toBeInTheDocument();
    expect(valuesOf(labelOf("first_name"))).toEqual(["Ada"]);
    expect(valuesOf("Entry Term")).toEqual([term.label]);
    expect(screen.queryByText("Addie")).not.toBeInTheDocument();
    expect(valuesOf("Preferred Name")).toEqual([]);

    const documents = screen.getByRole("region", { name: "Documents" });
    expect(within(documents).getByRole("link", { name: "Download PDF of statementfdp.exe" })).toHaveAttribute("href", "/staff/api/applications/5/documents/personal_statement_doc?version=pdf");
    expect(within(documents).getByRole("link", { name: "Download original of statementfdp.exe" })).toHaveAttribute("href", "/staff/api/applications/5/documents/personal_statement_doc?version=original");
    expect(documents.textContent).not.toMatch(/\u202E/);

    const timeline = screen.getByRole("region", { name: "Timeline" });
    expect(within(timeline).getAllByRole("listitem").map((item) => item.textContent!.replace(/^.*?(PM|AM)\s*/, ""))).toEqual(["Account created", "Saved 4 times", "Submitted"]);
  });

  test("made on an earlier version: admins may compare that version with the current form; others see no link", async () => {
    const other = "cd".repeat(32);
    server.use(http.get(url(`/public/definitions/${other}`), () => HttpResponse.json(bundledFiles)));
    applicationServer("admin", application({ version: other }));
    await openApplication("admin");
    const compare = await screen.findByRole("link", { name: "Compare its version with the current form" });
    expect(compare).toHaveAttribute("href", `/staff/versions?from=${other}&to=${bundledVersion}`);
  });

  test("made on an earlier version, seen by a reviewer: no link to the versions, which only admins see", async () => {
    server.use(http.get(url(`/public/definitions/${"cd".repeat(32)}`), () => HttpResponse.json(bundledFiles)));
    applicationServer("reviewer", application({ version: "cd".repeat(32) }));
    await openApplication("reviewer");
    await screen.findByRole("heading", { level: 2, name: "About You" });
    expect(screen.queryByRole("link", { name: "Compare its version with the current form" })).toBeNull();
  });

  test("answers kept aside when it moved to a newer version: each in the words of the version it was given on; one from before versions were kept, by its key", async () => {
    const earlier = "ef".repeat(32);
    const files = structuredClone(bundledFiles);
    const reworded = `${labelOf("middle_name")}, as on your passport`;
    relabel(files.pages, "middle_name", reworded);
    server.use(http.get(url(`/public/definitions/${earlier}`), () => HttpResponse.json(files)));
    const major = optionsOf("applied_major")[0]!;
    applicationServer("reader", application({
      status: "started", submitted_at: null, submitted_version: null, reference: null,
      retired_answers: { middle_name: "Grace", applied_major: major.value, old_question: "kept as given" },
      retired_from: { middle_name: earlier, applied_major: earlier },
    }));
    await openApplication("reader");
    const retired = await screen.findByRole("region", { name: "Answers to questions no longer asked" });
    await within(retired).findByText(reworded);
    expect(valuesOf(reworded)).toEqual(["Grace"]);
    expect(valuesOf(labelOf("applied_major"))).toEqual([major.label]);
    expect(valuesOf("old_question")).toEqual(["kept as given"]);
    expect(valuesOf(labelOf("middle_name"))).toEqual([]);
  });

  test("a reader sees the review status and notes, and nothing to change them with", async () => {
    applicationServer("reader");
    await openApplication("reader");
    const review = screen.getByRole("region", { name: "Review" });
    expect(review).toHaveTextContent("Review status: Received");
    expect(within(review).queryByRole("combobox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save status" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Add note" })).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Notes" })).toHaveTextContent("rev@westbrook.example.edu");
  });

  test("a note is text: markup shows as typed, bidirectional overrides are gone", async () => {
    applicationServer("reader");
    await openApplication("reader");
    const notes = screen.getByRole("region", { name: "Notes" });
    expect(within(notes).getByText("<b>x</b> evil")).toBeInTheDocument();
    expect(notes.querySelector("b")).toBeNull();
    expect(notes.textContent).not.toMatch(/\u202E/);
  });

  test("a reviewer changes the review status and adds a note, each with a message", async () => {
    applicationServer("reviewer");
    const { user } = await openApplication("reviewer");
    await user.selectOptions(screen.getByRole("combobox", { name: "Review status" }), "Needs information");
    await user.click(screen.getByRole("button", { name: "Save status" }));
    expect(await screen.findByText("Review status saved.")).toBeInTheDocument();
    expect(sentTo("PUT", "/staff/api/applications/5/review").map((r) => r.body)).toEqual([{ review_status: "needs information" }]);

    await user.type(screen.getByRole("textbox", { name: "Add note" }), "Transcript is missing page 2.");
    await user.click(screen.getByRole("button", { name: "Add note" }));
    expect(await screen.findByText("Note added.")).toBeInTheDocument();
    expect(sentTo("POST", "/staff/api/applications/5/notes").map((r) => r.body)).toEqual([{ body: "Transcript is missing page 2." }]);
    expect(await within(screen.getByRole("region", { name: "Notes" })).findByText("Transcript is missing page 2.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Add note" })).toHaveValue("");
  });

  test("the checklist: a reviewer ticks what arrived and unticks a mistake; an upload's item is received by itself", async () => {
    const line = (id: string, label: string, state: "received" | "needed", document: string | null = null) => ({ id, label, help: null, state, document, marked_at: null });
    applicationServer("reviewer", application({
      checklist: [line("transcript", "Official high school transcript", "needed"), line("statement", "Personal statement", "received", "personal_statement_doc")],
    }));
    const { user } = await openApplication("reviewer");
    const checklist = screen.getByRole("region", { name: "Checklist" });
    expect(within(checklist).getByText("Uploaded by the applicant")).toBeInTheDocument();
    expect(within(checklist).getAllByRole("checkbox")).toHaveLength(1);
    await user.click(within(checklist).getByRole("checkbox", { name: "Official high school transcript" }));
    expect(await within(checklist).findByText("Official high school transcript: marked received.")).toBeInTheDocument();
    await waitFor(() => expect(within(checklist).getByRole("checkbox", { name: "Official high school transcript" })).toBeChecked());
    expect(within(checklist).getByText(/^Marked received/)).toBeInTheDocument();
    await user.click(within(checklist).getByRole("checkbox", { name: "Official high school transcript" }));
    expect(await within(checklist).findByText("Official high school transcript: no longer marked received.")).toBeInTheDocument();
    expect(sentTo("PUT", "/staff/api/applications/5/checklist/transcript").map((r) => r.body)).toEqual([{ received: true }, { received: false }]);
  });

  test("the checklist for a reader: each item's state, nothing to tick", async () => {
    applicationServer("reader", application({ checklist: [{ id: "transcript", label: "Official high school transcript", help: null, state: "needed", document: null, marked_at: null }] }));
    await openApplication("reader");
    const checklist = screen.getByRole("region", { name: "Checklist" });
    expect(checklist).toHaveTextContent("Official high school transcriptStill needed");
    expect(within(checklist).queryByRole("checkbox")).not.toBeInTheDocument();
  });

  test("a reviewer asks the applicant about a checklist item: the form clears and gives way to the open request, which the reviewer withdraws", async () => {
    applicationServer("reviewer", application({ checklist: [transcriptLine] }));
    const { user } = await openApplication("reviewer");
    const requests = screen.getByRole("region", { name: "Requests for information" });
    expect(within(requests).getByText("No requests yet.")).toBeInTheDocument();
    const form = within(requests).getByRole("form", { name: "Ask the applicant" });
    const message = within(form).getByRole("textbox", { name: "Message to the applicant" });
    expect(message).toHaveAttribute("maxLength", "5000");
    expect(message).toHaveAccessibleDescription("The applicant is e-mailed that there is a message, not what it says: they read it, and reply, on their status page.");
    const item = within(form).getByRole("combobox", { name: "About a checklist item" });
    expect(within(item).getAllByRole("option").map((option) => option.textContent)).toEqual(["No particular item", "Official high school transcript"]);
    expect(item).toHaveValue("");
    expect(within(form).getByRole("button", { name: "Send request" })).toBeDisabled();

    await user.type(message, "Please send page 2 of your transcript.{Enter}Both sides, please.");
    await user.selectOptions(item, "Official high school transcript");
    await user.click(within(form).getByRole("button", { name: "Send request" }));
    expect(await within(requests).findByRole("status")).toHaveTextContent("Request sent. The applicant has been e-mailed.");
    expect(sentTo("POST", "/staff/api/applications/5/requests").map((r) => r.body)).toEqual([
      { message: "Please send page 2 of your transcript.\nBoth sides, please.", item: "transcript" },
    ]);
    // One request open at a time: the form gives way to it, and the focus goes to the section's heading.
    expect(within(requests).queryByRole("form", { name: "Ask the applicant" })).not.toBeInTheDocument();
    expect(within(requests).getByRole("heading", { name: "Requests for information" })).toHaveFocus();
    const [asked] = within(requests).getAllByRole("listitem");
    expect([...asked!.querySelectorAll("p")].map((paragraph) => paragraph.textContent)).toEqual([
      `Asked ${formatTime("2026-01-08T15:00:00Z")} by reviewer@westbrook.example.edu`,
      "About: Official high school transcript",
      "Please send page 2 of your transcript.\nBoth sides, please.",
      "Waiting for the applicant's reply",
    ]);
    // The review status follows the server's, so saving it next does not put back "Received".
    expect(screen.getByRole("combobox", { name: "Review status" })).toHaveValue("needs information");
    expect(within(screen.getByRole("region", { name: "Timeline" })).getAllByRole("listitem").at(-1)).toHaveTextContent(/Information requested \(reviewer@westbrook\.example\.edu\)$/);

    await user.click(within(asked!).getByRole("button", { name: "Withdraw request" }));
    expect(await within(requests).findByText("Request withdrawn.")).toBeInTheDocument();
    expect(sentTo("POST", "/staff/api/applications/5/requests/1/withdraw")).toHaveLength(1);
    expect(within(requests).getByText(`Withdrawn ${formatTime("2026-01-09T15:00:00Z")}`)).toBeInTheDocument();
    expect(within(requests).queryByRole("button", { name: "Withdraw request" })).not.toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Review status" })).toHaveValue("in review");
    // The form is back, empty.
    expect(within(requests).getByRole("textbox", { name: "Message to the applicant" })).toHaveValue("");
    expect(within(requests).getByRole("combobox", { name: "About a checklist item" })).toHaveValue("");
  });

  test("a request about no particular item is sent with item null; the server's refusal shows, the message kept", async () => {
    applicationServer("reviewer", application({ checklist: [transcriptLine] }));
    const refusal = "This application already has a request waiting for the applicant's reply. Withdraw it first, or wait for the reply.";
    server.use(http.post(url("/staff/api/applications/5/requests"), () => HttpResponse.json({ message: refusal }, { status: 409 }), { once: true }));
    const { user } = await openApplication("reviewer");
    const requests = screen.getByRole("region", { name: "Requests for information" });
    await user.type(within(requests).getByRole("textbox", { name: "Message to the applicant" }), "Which school did you attend in 2024?");
    await user.click(within(requests).getByRole("button", { name: "Send request" }));
    expect(await within(requests).findByRole("alert")).toHaveTextContent(refusal);
    expect(within(requests).getByRole("textbox", { name: "Message to the applicant" })).toHaveValue("Which school did you attend in 2024?");

    await user.click(within(requests).getByRole("button", { name: "Send request" }));
    expect(await within(requests).findByText("Request sent. The applicant has been e-mailed.")).toBeInTheDocument();
    expect(within(requests).getByRole("alert")).toBeEmptyDOMElement();
    expect(sentTo("POST", "/staff/api/applications/5/requests").map((r) => r.body)).toEqual([
      { message: "Which school did you attend in 2024?", item: null },
      { message: "Which school did you attend in 2024?", item: null },
    ]);
    expect(within(requests).queryByText(/^About:/)).not.toBeInTheDocument();
  });

  test("a replied request shows the reply as typed; a reply that is only the file asked for says so; the timeline names each step", async () => {
    applicationServer("reviewer", application({
      checklist: [transcriptLine],
      review_status: "in review",
      requests: [
        request(1, { message: "Which school?", state: "replied", reply: "Westbrook High\n<b>since</b> 2022 \u202Eevil", replied_at: "2026-01-09T15:00:00Z" }),
        request(2, { message: "Please send your transcript.", item: "transcript", asked_at: "2026-01-10T15:00:00Z", state: "replied", reply: "", replied_at: "2026-01-11T15:00:00Z" }),
      ],
      timeline: [
        { at: "2026-01-08T15:00:00Z", kind: "information requested", by: "rev@westbrook.example.edu" },
        { at: "2026-01-09T15:00:00Z", kind: "information reply" },
        { at: "2026-01-10T15:00:00Z", kind: "request withdrawn" },
      ],
    }));
    await openApplication("reviewer");
    const requests = screen.getByRole("region", { name: "Requests for information" });
    const [first, second] = within(requests).getAllByRole("listitem");
    expect([...first!.querySelectorAll("p")].map((paragraph) => paragraph.textContent)).toEqual([
      `Asked ${formatTime("2026-01-08T15:00:00Z")} by rev@westbrook.example.edu`,
      "Which school?",
      `Replied ${formatTime("2026-01-09T15:00:00Z")}`,
      "Westbrook High\n<b>since</b> 2022 evil",
    ]);
    expect(first!.querySelector("b")).toBeNull();
    expect(second).toHaveTextContent(`Replied ${formatTime("2026-01-11T15:00:00Z")}No message: the applicant sent the file asked for.`);
    expect(within(requests).queryByRole("button", { name: "Withdraw request" })).not.toBeInTheDocument();
    // None is open: the reviewer may ask again.
    expect(within(requests).getByRole("form", { name: "Ask the applicant" })).toBeInTheDocument();

    const timeline = screen.getByRole("region", { name: "Timeline" });
    expect(within(timeline).getAllByRole("listitem").map((item) => item.textContent!.replace(/^.*?(PM|AM)\s*/, ""))).toEqual([
      "Information requested (rev@westbrook.example.edu)", "Applicant replied", "Request withdrawn",
    ]);
  });

  test("requests for a reader: the list with each state, no form and no buttons", async () => {
    applicationServer("reader", application({ requests: [request(1, { message: "Which school?" })], review_status: "needs information" }));
    await openApplication("reader");
    const requests = screen.getByRole("region", { name: "Requests for information" });
    expect(within(requests).getByText("Which school?")).toBeInTheDocument();
    expect(within(requests).getByText("Waiting for the applicant's reply")).toBeInTheDocument();
    expect(within(requests).queryByRole("button")).not.toBeInTheDocument();
    expect(within(requests).queryByRole("form")).not.toBeInTheDocument();
    expect(within(requests).queryByRole("textbox")).not.toBeInTheDocument();
  });

  test("an application not submitted, with no requests, has no requests section", async () => {
    applicationServer("reviewer", application({ status: "started", reference: null, submitted_at: null, submitted_version: null, review_status: null }));
    await openApplication("reviewer");
    expect(screen.queryByRole("region", { name: "Requests for information" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message to the applicant" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Decision" })).not.toBeInTheDocument();
    expect(sentTo("GET", "/staff/api/decisions")).toEqual([]);
  });

  test("the PDF copy: started, asked after until made, then a download link", async () => {
    pdfCopyTiming.pendingMs = 20;
    applicationServer("reader");
    let asked = 0;
    server.use(http.post(url("/staff/api/applications/5/pdf-copy"), () => HttpResponse.json({ status: ++asked < 3 ? "IN_PROGRESS" : "COMPLETED", url: null, message: null })));
    const { user } = await openApplication("reader");
    await user.click(screen.getByRole("button", { name: "PDF copy" }));
    expect(await screen.findByText("Making the PDF copy…")).toBeInTheDocument();
    const link = await screen.findByRole("link", { name: "Download the PDF copy" });
    expect(link).toHaveAttribute("href", "/staff/api/applications/5/pdf-copy/download");
    expect(asked).toBe(3);
  });

  test("previous and next within the list's filter, by link and by j and k (not while typing)", async () => {
    applicationServer("reviewer");
    const { user, router } = await openApplication("reviewer");
    expect(lastQuery(sentTo("GET", "/staff/api/applications/5/neighbours"), "/staff/api/applications/5/neighbours").toString()).toBe("status=submitted&sort=-last_activity");
    const next = await screen.findByRole("link", { name: "Next application" });
    expect(next).toHaveAttribute("href", "/staff/applications/6?status=submitted");
    expect(next).toHaveAttribute("aria-keyshortcuts", "j");
    expect(screen.getByRole("link", { name: "Previous application" })).toHaveAttribute("aria-keyshortcuts", "k");

    await user.type(screen.getByRole("textbox", { name: "Add note" }), "j");
    expect(router.location.pathname).toBe("/staff/applications/5");

    await user.click(document.body);
    await user.keyboard("j");
    await waitFor(() => expect(router.location.pathname).toBe("/staff/applications/6"));
    expect(router.location.search).toBe("?status=submitted");
    await screen.findByRole("heading", { level: 1, name: "Applicant 6" });
    await screen.findByRole("link", { name: "Previous application" });
    await user.keyboard("k");
    await waitFor(() => expect(router.location.pathname).toBe("/staff/applications/5"));
  });
});

/** Each line the decision section says about the decision, in order. */
const decisionLines = (section: HTMLElement) => [...section.querySelectorAll(".decision-facts p")].map((paragraph) => paragraph.textContent);

describe("the decision", () => {
  test("a reviewer records one on a submitted application: chosen among the office's decisions, sent, then shown with who and when, not released", async () => {
    applicationServer("reviewer");
    const { user } = await openApplication("reviewer");
    const section = screen.getByRole("region", { name: "Decision" });
    expect(within(section).getByText("No decision yet.")).toBeInTheDocument();
    const select = within(section).getByRole("combobox", { name: "Decision" });
    await waitFor(() => expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual(["Choose a decision", "Admit", "Waitlist", "Deny"]));
    expect(select).toHaveValue("");
    expect(within(section).getByRole("button", { name: "Record decision" })).toBeDisabled();
    expect(within(section).queryByRole("button", { name: "Withdraw decision" })).not.toBeInTheDocument();

    await user.selectOptions(select, "Admit");
    await user.click(within(section).getByRole("button", { name: "Record decision" }));
    expect(await within(section).findByRole("status")).toHaveTextContent("Decision recorded.");
    expect(sentTo("PUT", "/staff/api/applications/5/decision").map((r) => r.body)).toEqual([{ code: "admit" }]);
    expect(decisionLines(section)).toEqual([
      "Admit",
      `Recorded ${formatTime("2026-01-11T15:00:00Z")} by reviewer@westbrook.example.edu`,
      "Not released",
      `The applicant is to answer by ${formatTime(respondBy)}`,
    ]);
    expect(within(section).getByRole("heading", { name: "Decision" })).toHaveFocus();
    expect(within(section).getByRole("combobox", { name: "Decision" })).toHaveValue("admit");
    expect(within(section).getByRole("alert")).toBeEmptyDOMElement();
  });

  test("a reviewer withdraws one after confirming; Cancel keeps it", async () => {
    applicationServer("reviewer", application({ decision: decision() }));
    const { user } = await openApplication("reviewer");
    const section = screen.getByRole("region", { name: "Decision" });
    expect(decisionLines(section)).toEqual(["Admit", `Recorded ${formatTime("2026-01-10T15:00:00Z")} by rev@westbrook.example.edu`, "Not released"]);

    await user.click(within(section).getByRole("button", { name: "Withdraw decision" }));
    const asked = await screen.findByRole("alertdialog", { name: "Withdraw the decision?" });
    expect(asked).toHaveTextContent('"Admit" has not been released: the applicant has not seen it.');
    await user.click(within(asked).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(sentTo("DELETE", "/staff/api/applications/5/decision")).toEqual([]);

    await user.click(within(section).getByRole("button", { name: "Withdraw decision" }));
    await user.click(within(await screen.findByRole("alertdialog", { name: "Withdraw the decision?" })).getByRole("button", { name: "Withdraw decision" }));
    expect(await within(section).findByText("Decision withdrawn.")).toHaveAttribute("role", "status");
    expect(sentTo("DELETE", "/staff/api/applications/5/decision")).toHaveLength(1);
    expect(within(section).getByText("No decision yet.")).toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Withdraw decision" })).not.toBeInTheDocument();
    expect(within(section).getByRole("combobox", { name: "Decision" })).toHaveValue("");
    expect(within(section).getByRole("heading", { name: "Decision" })).toHaveFocus();
  });

  test("released, for a reviewer: when, the applicant's answer, and no controls: only an admin can change it", async () => {
    applicationServer("reviewer", application({
      decision: decision({ release_at: "2026-03-01T17:00:00Z", released: true, respond_by: respondBy, response: "accepted", responded_at: "2026-03-04T15:30:00Z" }),
    }));
    await openApplication("reviewer");
    const section = screen.getByRole("region", { name: "Decision" });
    expect(decisionLines(section)).toEqual([
      "Admit",
      `Recorded ${formatTime("2026-01-10T15:00:00Z")} by rev@westbrook.example.edu`,
      `Released ${formatTime("2026-03-01T17:00:00Z")}`,
      `Accepted ${formatTime("2026-03-04T15:30:00Z")}`,
    ]);
    expect(within(section).getByText("Released: only an admin can change it.")).toBeInTheDocument();
    expect(within(section).queryByRole("combobox")).not.toBeInTheDocument();
    expect(within(section).queryByRole("button")).not.toBeInTheDocument();
    expect(sentTo("GET", "/staff/api/decisions")).toEqual([]);
  });

  test("released, for an admin: waiting for the applicant's answer, and the admin changes it", async () => {
    applicationServer("admin", application({ decision: decision({ release_at: "2026-03-01T17:00:00Z", released: true, respond_by: respondBy }) }));
    const { user } = await openApplication("admin");
    const section = screen.getByRole("region", { name: "Decision" });
    expect(decisionLines(section).slice(2)).toEqual([`Released ${formatTime("2026-03-01T17:00:00Z")}`, `Waiting for the applicant's answer until ${formatTime(respondBy)}`]);
    expect(within(section).queryByText("Released: only an admin can change it.")).not.toBeInTheDocument();
    expect(within(section).getByText("Released: the applicant sees a change or a withdrawal at once, and is e-mailed a changed decision.")).toBeInTheDocument();
    const select = within(section).getByRole("combobox", { name: "Decision" });
    await waitFor(() => expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual(["Admit", "Waitlist", "Deny"]));
    expect(select).toHaveValue("admit");

    await user.selectOptions(select, "Waitlist");
    await user.click(within(section).getByRole("button", { name: "Record decision" }));
    expect(await within(section).findByText("Decision recorded.")).toHaveAttribute("role", "status");
    expect(sentTo("PUT", "/staff/api/applications/5/decision").map((r) => r.body)).toEqual([{ code: "waitlist" }]);
    expect(decisionLines(section)).toEqual([
      "Waitlist",
      `Recorded ${formatTime("2026-01-11T15:00:00Z")} by admin@westbrook.example.edu`,
      `Released ${formatTime("2026-03-01T17:00:00Z")}`,
      `Waiting for the applicant's answer until ${formatTime(respondBy)}`,
    ]);
  });

  test("to be released at a set time, a reviewer may still change it; the server's refusal shows as it says it", async () => {
    applicationServer("reviewer", application({ decision: decision({ release_at: "2026-03-01T17:00:00Z" }) }));
    server.use(http.put(url("/staff/api/applications/5/decision"), () => HttpResponse.json({ message: messages.decisionReleased }, { status: 403 }), { once: true }));
    const { user } = await openApplication("reviewer");
    const section = screen.getByRole("region", { name: "Decision" });
    expect(decisionLines(section)[2]).toBe(`To be released ${formatTime("2026-03-01T17:00:00Z")}`);
    await waitFor(() => expect(within(section).getAllByRole("option")).toHaveLength(3));
    await user.selectOptions(within(section).getByRole("combobox", { name: "Decision" }), "Deny");
    await user.click(within(section).getByRole("button", { name: "Record decision" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent("This decision has been released to the applicant: only an admin can change or withdraw it now.");
    expect(within(section).getByRole("status")).toBeEmptyDOMElement();
    expect(decisionLines(section)[0]).toBe("Admit");
  });

  test("a reader sees the decision and the applicant's answer, nothing to change it with", async () => {
    applicationServer("reader", application({
      decision: decision({ release_at: "2026-03-01T17:00:00Z", released: true, respond_by: respondBy, response: "declined", responded_at: "2026-03-04T15:30:00Z" }),
    }));
    await openApplication("reader");
    const section = screen.getByRole("region", { name: "Decision" });
    expect(decisionLines(section).slice(2)).toEqual([`Released ${formatTime("2026-03-01T17:00:00Z")}`, `Declined ${formatTime("2026-03-04T15:30:00Z")}`]);
    expect(within(section).queryByRole("combobox")).not.toBeInTheDocument();
    expect(within(section).queryByRole("button")).not.toBeInTheDocument();
    expect(within(section).queryByText("Released: only an admin can change it.")).not.toBeInTheDocument();
    expect(sentTo("GET", "/staff/api/decisions")).toEqual([]);
  });
});
