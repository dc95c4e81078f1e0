// The read-only service view:
// ?service_token= loads one application from GET /service/tmp-pdf and prints every page as text:
// only answered items, every add-another block, the chosen tab's contents, a school with its
// Ceeb code; no inputs, no buttons, no navigation; the token leaves the address bar.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { Answers } from "../../engine/runtime";
import type { ServiceApplication } from "../api/calls";
import { bundledFiles, bundledVersion } from "./model";
import { useSession } from "../state/session";
import { labelOf, optionsOf, renderApp, sent, server, url, withTestServer } from "../testing";

withTestServer();

const PAGE = { timeout: 15_000 };

/** A later term than the cycle's (form-definitions/institution.json), whose applicants get no plan questions. */
const laterTerm = optionsOf("entry_term").at(-1)!;

const answer: Answers = {
  // About You
  first_name: "Ada",
  middle_name: "",
  last_name: "Lovelace",
  suffix: "JR",
  suffix_desc: "Jr.",
  preferred_name_ind: "N",
  preferred_name_ind_desc: "No",
  preferred_name: "Addie",
  birth_date: "2008-03-05",
  optin_sms_ind: true,
  phone_mobile: "(555) 201-4400",
  sibling_first_name: "Charles",
  sibling_relationship: "BROTHER",
  sibling_relationship_desc: "Brother",
  sibling_2_first_name: "Mary",
  sibling_2_age: "12",
  // Academics
  entry_term: laterTerm.value,
  entry_term_desc: laterTerm.label,
  hs_name: "Central High School",
  hs_ceeb: "123456",
  hs_city: "Springfield",
  personal_statement_essay: "An essay from the tab not chosen.",
  personal_statement_doc: "ANSWERED",
  // Finishing Up
  conviction: "N",
  conviction_desc: "No",
  legal_agree: true,
};

const application: ServiceApplication = {
  answer,
  add_another: { siblings: 2 },
  document_answer: { personal_statement_doc: { file_name: "statement.pdf" } },
  tabs: { personal_statement: "upload" },
  version: bundledVersion,
};

function openAsServiceUser(path: string, reply: () => Response = () => HttpResponse.json(application)) {
  useSession.setState({ is_service_user: true });
  server.use(http.get(url("/service/tmp-pdf"), reply));
  return renderApp(path);
}

/** The printed value beside each label `label` (a dt and its dd) inside `scope`. */
function valuesOf(label: string, scope: HTMLElement = document.body): string[] {
  return [...scope.querySelectorAll("dt")].filter((dt) => dt.textContent === label).map((dt) => dt.nextElementSibling!.textContent!);
}

/** The section a heading names. */
const sectionOf = (name: string) => screen.getByRole("heading", { name }).closest("section")!;

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

describe("the printed application", () => {
  test("every page, answered items as text, nothing to type in or press", async () => {
    const { router } = openAsServiceUser("/education?service_token=svc-token-1&ref=pdf");
    await screen.findByRole("heading", { level: 1, name: "About You" }, PAGE);

    // Every page, whatever the route.
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["About You", "Academics", "Finishing Up"]);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /service/tmp-pdf?service_token=svc-token-1"]);

    // Labels and values as text: a select's label, a date written out, a checkbox as Yes.
    const name = sectionOf("Your name");
    expect(valuesOf(labelOf("first_name"), name)).toEqual(["Ada"]);
    expect(valuesOf("Last Name", name)).toEqual(["Lovelace"]);
    expect(valuesOf("Suffix")).toEqual(["Jr."]);
    expect(valuesOf("Date of Birth")).toEqual(["March 5, 2008"]);
    expect(valuesOf("Text me updates about my application (message and data rates may apply).")).toEqual(["Yes"]);
    expect(valuesOf("Cell Phone")).toEqual(["(555) 201-4400"]);
    expect(valuesOf("Do you go by a name other than your first name?")).toEqual(["No"]);
    expect(valuesOf("Entry Term")).toEqual([laterTerm.label]);
    expect(valuesOf("Have you ever been convicted of a misdemeanor or felony?")).toEqual(["No"]);
    expect(valuesOf("I certify that everything in this application is true, complete and my own work.")).toEqual(["Yes"]);

    // Unanswered, hidden and content items are not printed; nor sections with nothing answered.
    expect(valuesOf("Middle Name")).toEqual([]);
    expect(valuesOf("Preferred Name")).toEqual([]);
    expect(screen.queryByText("Addie")).not.toBeInTheDocument();
    expect(valuesOf("Home Phone")).toEqual([]);
    expect(valuesOf("Intended Major")).toEqual([]);
    expect(screen.queryByRole("heading", { name: "Background (optional)" })).not.toBeInTheDocument();
    expect(screen.queryByText("Tell us about your siblings, if you have any (optional).")).not.toBeInTheDocument();

    // No inputs, no buttons, no navigation.
    expect(document.querySelectorAll("input, select, textarea, button")).toHaveLength(0);
    expect(screen.queryAllByRole("button")).toEqual([]);
    expect(screen.queryAllByRole("textbox")).toEqual([]);
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();

    // The token leaves the address bar; the rest of the query stays.
    await waitFor(() => expect(router.state.location.search).toBe("?ref=pdf"));
    expect(router.state.location.pathname).toBe("/education");
  });

  test("a choice shows its option's label, whatever label was stored, and answers show without bidirectional controls", async () => {
    const forged = { ...answer, conviction: "Y", conviction_desc: "No", last_name: "Love\u202Elace\u2066x\u2069", hs_name: "\u202Dgpj.exe" };
    openAsServiceUser("/about?service_token=svc-token-3", () => HttpResponse.json({ ...application, answer: forged }));
    await screen.findByRole("heading", { level: 1, name: "About You" }, PAGE);
    expect(valuesOf("Have you ever been convicted of a misdemeanor or felony?")).toEqual(["Yes"]);
    expect(valuesOf("Last Name", sectionOf("Your name"))).toEqual(["Lovelacex"]);
    expect(document.body.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  test("both sibling blocks, the chosen tab only, and the school with its Ceeb code", async () => {
    openAsServiceUser("/about?service_token=svc-token-2");
    await screen.findByRole("heading", { level: 1, name: "Academics" }, PAGE);

    const first = sectionOf("Sibling 1");
    const second = sectionOf("Sibling 2");
    expect(valuesOf("First Name", first)).toEqual(["Charles"]);
    expect(valuesOf("Relationship to you", first)).toEqual(["Brother"]);
    expect(valuesOf("First Name", second)).toEqual(["Mary"]);
    expect(valuesOf("Age", second)).toEqual(["12"]);
    expect(within(second).queryByText("Charles")).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Sibling 3" })).not.toBeInTheDocument();

    // The chosen tab (upload), not the default one.
    const tab = sectionOf("Personal statement: Upload a document");
    expect(valuesOf("Personal Statement Document", tab)).toEqual(["Document attached for Personal Statement Document"]);
    expect(screen.queryByRole("heading", { name: "Personal statement: Write it here" })).not.toBeInTheDocument();
    expect(screen.queryByText("An essay from the tab not chosen.")).not.toBeInTheDocument();

    const school = sectionOf("High school 1");
    expect(valuesOf("School Name", school)).toEqual(["Central High School (Ceeb: 123456)"]);
    expect(school).toHaveTextContent("Springfield");
    expect(screen.queryByRole("heading", { name: "High school 2" })).not.toBeInTheDocument();
  });

  test("a school without a Ceeb code is its name alone", async () => {
    openAsServiceUser("/about?service_token=svc-token-3", () =>
      HttpResponse.json({ ...application, answer: { hs_name: "Home School Co-op", hs_ceeb: "" } } satisfies ServiceApplication),
    );
    await screen.findByRole("heading", { level: 1, name: "Academics" }, PAGE);
    expect(valuesOf("School Name")).toEqual(["Home School Co-op"]);
    expect(screen.queryByText(/Ceeb/)).not.toBeInTheDocument();
  });
});

describe("a refused token", () => {
  test("a page of its own: a heading, the server's message, what such links are for, and nothing of an application", async () => {
    const { router } = openAsServiceUser("/about?service_token=expired", () =>
      HttpResponse.json({ message: "This service link has expired." }, { status: 403 }),
    );
    expect(await screen.findByRole("alert", undefined, PAGE)).toHaveTextContent(/^This service link has expired\.$/);
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["This link does not show an application"]);
    expect(screen.getByRole("main")).toContainElement(screen.getByRole("heading", { level: 1 }));
    expect(screen.getByText(/^Links like this one are made for printing a PDF copy of an application/)).toBeInTheDocument();
    expect(document.querySelector(".service-document")).toBeNull();
    expect(router.state.location.search).toBe("");
    expect(router.state.location.pathname).toBe("/about");
  });

  test("a 401 shows the session message without leaving for /login", async () => {
    const { router } = openAsServiceUser("/about?service_token=old", () => HttpResponse.json({ message: "Unauthorized" }, { status: 401 }));
    expect(await screen.findByRole("alert", undefined, PAGE)).toHaveTextContent("Your session is invalid. Please clear your cookies and login again.");
    expect(router.state.location.pathname).toBe("/about");
  });
});

describe("an application made on another version of the form", () => {
  /** The bundled definitions with the question asking `key` worded `label`, as staff had it before an edit. */
  function filesWithLabel(key: string, label: string) {
    const files = structuredClone(bundledFiles);
    const visit = (items: Record<string, unknown>[]): boolean =>
      items.some((item) => (item.key === key ? ((item.label = label), true) : visit([...(item.items as [] ?? []), ...((item.tabs as { items: [] }[] | undefined) ?? []).flatMap((t) => t.items)])));
    if (!Object.values(files.pages).some((page) => visit(page.items as unknown as Record<string, unknown>[]))) throw new Error(`no question asks ${key}`);
    return files;
  }
  const other = "ab".repeat(32);

  test("is printed with its own version's questions, loaded once by the version's name", async () => {
    const old = "Have you ever been convicted of a crime (the wording this applicant answered)?";
    server.use(http.get(url(`/public/definitions/${other}`), () => HttpResponse.json(filesWithLabel("conviction", old))));
    openAsServiceUser("/about?service_token=svc-token-5", () => HttpResponse.json({ ...application, version: other }));
    await screen.findByRole("heading", { level: 1, name: "About You" }, PAGE);
    expect(valuesOf(old)).toEqual(["No"]);
    expect(valuesOf(labelOf("conviction"))).toEqual([]);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /service/tmp-pdf?service_token=svc-token-5", `GET /public/definitions/${other}`]);
  });

  test("says so when its version does not load, and draws nothing with other definitions", async () => {
    const message = "This application was made on version 2026-10-02 · ababab of the form, which cannot be loaded just now.";
    server.use(http.get(url(`/public/definitions/${other}`), () => HttpResponse.json({ message, code: "versionUnavailable" }, { status: 500 })));
    openAsServiceUser("/about?service_token=svc-token-6", () => HttpResponse.json({ ...application, version: other }));
    expect(await screen.findByRole("alert", {}, PAGE)).toHaveTextContent(message);
    expect(document.querySelector(".service-document")).toBeNull();
    expect(valuesOf(labelOf("conviction"))).toEqual([]);
  });
});
