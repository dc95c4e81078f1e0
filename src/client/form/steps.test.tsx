// The page's buttons and the submit flow: Save, Continue, Save and continue, Previous, Save and submit; the validation summary and
// its links; errors on questions only while validating.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import type { Answers, ValidationErrors } from "../../engine/runtime";
import type { Profile } from "../api/calls";
import { queryClient } from "../api/queries";
import { useAnswers } from "../state/answers";
import { useSession } from "../state/session";
import { labelOf, logIn, profileOf, renderApp, sent, sentTo, server, url, withTestServer } from "../testing";
import { accountMessages } from "../../engine/messages";
import { loadValidator } from "./validator";

// The buttons send what was typed; the autosave must not beat them on a slow machine.
withTestServer({ saveDelayMs: 60_000 });
// Whole pages take seconds each to draw in jsdom, more on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const STARTED = ["started"];
const VALIDATING = ["started", "validating"];
const SUMMARY = "We're missing some information!";
const PAGE = { timeout: 15_000 };
const LEGAL_AGREE = "I certify that everything in this application is true, complete and my own work.";

/** A logged-in applicant's server: the profile, the place, the status, saves and validations. */
function serveApplicant(profile: Profile, errors: ValidationErrors = {}) {
  server.use(
    http.get(url("/api/profile"), () => HttpResponse.json(profile)),
    http.put(url("/api/last-page"), () => HttpResponse.json({ message: "Saved." })),
    http.post(url("/api/web-status"), () => HttpResponse.json({ message: "Saved." })),
    http.put(url("/api/answer"), () => HttpResponse.json({ message: "Saved.", revision: 2, cleared: [] })),
    http.post(url("/api/validations"), () => HttpResponse.json(errors)),
  );
}

async function openAsApplicant(path: string, title: string, profile: Profile, errors: ValidationErrors = {}) {
  logIn();
  serveApplicant(profile, errors);
  const app = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: title }, PAGE);
  return { ...app, user: userEvent.setup() };
}

async function openAsVisitor(path: string, title: string) {
  const app = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: title }, PAGE);
  return { ...app, user: userEvent.setup() };
}

const button = (name: string) => screen.getByRole("button", { name });
const summary = () => screen.queryByRole("region", { name: SUMMARY });
/** The calls of the flow, without the place saved on each page. */
const calls = () => sent.filter((r) => r.path !== "/api/last-page").map((r) => `${r.method} ${r.path}`);
const FIRST_NAME = labelOf("first_name");
const firstName = () => screen.getAllByRole("textbox", { name: FIRST_NAME })[0]!;

// jsdom has no scrolling; the summary's links scroll their question into view.
Element.prototype.scrollIntoView = () => {};
beforeAll(async () => {
  // Loaded once here: the first load is a Vite transform that would race the server's answers.
  await loadValidator();
});
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("Save", () => {
  test("sends what was typed, then asks for the validations, says so, and stays; errors are not shown while started", async () => {
    const { user, router } = await openAsApplicant("/about", "About You", profileOf({ answer: {} as Answers }, STARTED), {
      last_name: ["Enter your last name."],
    });
    await user.type(firstName(), "Ada");
    await user.click(button("Save"));

    const toast = await screen.findByRole("alertdialog", { name: "Success Notification" }, PAGE);
    expect(within(toast).getByText("Your answers were saved.")).toBeInTheDocument();
    expect(sentTo("PUT", "/api/answer").map((r) => r.body)).toEqual([{ first_name: "Ada" }]);
    expect(sentTo("POST", "/api/validations")).toHaveLength(1);
    expect(calls().indexOf("PUT /api/answer")).toBeLessThan(calls().indexOf("POST /api/validations"));
    expect(queryClient.getQueryData(["validations"])).toEqual({ last_name: ["Enter your last name."] });

    expect(router.state.location.pathname).toBe("/about");
    expect(useSession.getState().has_changed_page).toBe(false);
    // Started, not validating: no summary, no question marked.
    expect(summary()).not.toBeInTheDocument();
    expect(screen.queryByText(SUMMARY)).not.toBeInTheDocument();
    expect(screen.getAllByRole("textbox", { name: "Last Name" })[0]).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText("Enter your last name.")).not.toBeInTheDocument();
  });

  test("a refused save shows the Save Error toast with the server's message, and validates nothing", async () => {
    const REFUSED = "Your application has been submitted and can no longer be changed.";
    await openAsApplicant("/about", "About You", profileOf({ answer: {} as Answers }, STARTED));
    server.use(http.put(url("/api/answer"), () => HttpResponse.json({ message: REFUSED }, { status: 409 })));
    const user = userEvent.setup();
    await user.type(firstName(), "Ada");
    await user.click(button("Save"));
    const toast = await screen.findByRole("alertdialog", { name: "Save Error" }, PAGE);
    expect(within(toast).getByText(REFUSED)).toBeInTheDocument();
    // The save state, at the top of the page (announced) and beside the buttons.
    expect(screen.getAllByText(`Not saved: ${REFUSED}`)).toHaveLength(2);
    expect(screen.getAllByRole("status").map((status) => status.textContent)).toContain(`Not saved: ${REFUSED}`);
    expect(sentTo("POST", "/api/validations")).toEqual([]);
    expect(screen.queryByRole("alertdialog", { name: "Success Notification" })).not.toBeInTheDocument();
  });
});

describe("moving between pages", () => {
  test("Save and continue saves, validates, then goes to the next page and marks has_changed_page", async () => {
    const { user, router } = await openAsApplicant("/about", "About You", profileOf({ answer: {} as Answers }, STARTED));
    // Logged in, every change is saved as it is typed: Continue would do the same as Save and continue.
    expect(screen.queryByRole("button", { name: "Continue" })).not.toBeInTheDocument();
    await user.type(firstName(), "Ada");
    expect(useSession.getState().has_changed_page).toBe(false);
    const scrollTo = vi.spyOn(window, "scrollTo");
    await user.click(button("Save and continue"));
    await screen.findByRole("heading", { level: 1, name: "Academics" }, PAGE);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });

    expect(router.state.location.pathname).toBe("/education");
    expect(useSession.getState().has_changed_page).toBe(true);
    expect(sentTo("PUT", "/api/answer").map((r) => r.body)).toEqual([{ first_name: "Ada" }]);
    expect(calls().filter((c) => c !== "GET /api/profile" && !c.startsWith("GET /api/tabs") && !c.startsWith("GET /api/add-another"))).toEqual([
      "PUT /api/answer",
      "POST /api/validations",
    ]);
    expect(screen.getByText("Step 2 of 3")).toBeInTheDocument();
  });

  test("Previous validates and goes back a page", async () => {
    const { user, router } = await openAsApplicant("/education", "Academics", profileOf({ answer: {} as Answers, last_page: "/education" }, STARTED));
    expect(screen.queryByRole("button", { name: "Save and submit" })).not.toBeInTheDocument();
    await user.click(button("Previous"));
    await screen.findByRole("heading", { level: 1, name: "About You" }, PAGE);
    expect(router.state.location.pathname).toBe("/about");
    expect(sentTo("POST", "/api/validations")).toHaveLength(1);
    expect(sentTo("PUT", "/api/answer")).toEqual([]);
    expect(useSession.getState().has_changed_page).toBe(true);
    // The first page has no Previous.
    expect(screen.queryByRole("button", { name: "Previous" })).not.toBeInTheDocument();
  });

  test("a visitor with answers pressing Save and continue goes to /signup carrying them", async () => {
    const { user, router } = await openAsVisitor("/about", "About You");
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(button("Save for later")).toBeInTheDocument();
    await user.type(firstName(), "Ada");
    await user.click(button("Save and continue"));
    await screen.findByRole("heading", { level: 1, name: "Sign Up" }, PAGE);
    expect(router.state.location.pathname).toBe("/signup");
    // Carried in this tab's answers, not in the history entry, which outlives a logout (auth/navigation.ts).
    expect(router.state.location.state).toBeNull();
    expect(useAnswers.getState().answers).toEqual({ first_name: "Ada" });
    expect(sent).toEqual([]);
  });

  test("a visitor with answers pressing Continue moves on without an account, the answers kept on this device", async () => {
    const { user, router } = await openAsVisitor("/about", "About You");
    await user.type(firstName(), "Ada");
    const scrollTo = vi.spyOn(window, "scrollTo");
    await user.click(button("Continue"));
    await screen.findByRole("heading", { level: 1, name: "Academics" }, PAGE);
    expect(router.state.location.pathname).toBe("/education");
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(useSession.getState().has_changed_page).toBe(true);
    expect(useAnswers.getState().answers).toEqual({ first_name: "Ada" });
    expect(sent).toEqual([]);
    // The last page has no Continue: Save and submit takes a visitor to sign up.
    await user.click(button("Continue"));
    await screen.findByRole("heading", { level: 1, name: "Finishing Up" }, PAGE);
    expect(screen.queryByRole("button", { name: "Continue" })).not.toBeInTheDocument();
    expect(button("Save and submit")).toBeInTheDocument();
  });

  test("a visitor without answers just moves on", async () => {
    const { user, router } = await openAsVisitor("/about", "About You");
    await user.click(button("Save and continue"));
    await screen.findByRole("heading", { level: 1, name: "Academics" }, PAGE);
    expect(router.state.location.pathname).toBe("/education");
    expect(sent).toEqual([]);
  });
});

describe("Save and submit", () => {
  test("a visitor with answers is sent to /signup with them", async () => {
    useAnswers.getState().replaceAll({ legal_agree: true });
    const { user, router } = await openAsVisitor("/final-steps", "Finishing Up");
    await user.click(button("Save and submit"));
    await screen.findByRole("heading", { level: 1, name: "Sign Up" }, PAGE);
    expect(router.state.location.state).toBeNull();
    expect(useAnswers.getState().answers).toEqual({ legal_agree: true });
    expect(sent).toEqual([]);
  });

  test("errors: validating is posted, the summary lists each question with a link, and takes the focus", async () => {
    const errors = { legal_agree: ["Please certify your application."], first_name: ["Enter your first name."] };
    const { user, router } = await openAsApplicant("/final-steps", "Finishing Up", profileOf({ answer: {} as Answers, last_page: "/final-steps" }, STARTED), errors);
    expect(summary()).not.toBeInTheDocument();
    await user.click(button("Save and submit"));

    const region = await screen.findByRole("region", { name: SUMMARY }, PAGE);
    expect(within(region).getByRole("heading", { level: 2 })).toHaveTextContent(/^We're missing some information!$/);
    expect(region).toHaveTextContent("Please fix the items below, then submit your application again.");
    expect(useSession.getState().web_status).toBe("validating");
    expect(calls().filter((c) => c.startsWith("POST"))).toEqual(["POST /api/web-status", "POST /api/validations"]);
    expect(sentTo("POST", "/api/web-status").map((r) => r.body)).toEqual([{ web_status: "validating" }]);
    expect(sentTo("POST", "/api/submit")).toEqual([]);

    // One link per failing question, in the form's order, named by the question's label.
    const links = within(region).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      [FIRST_NAME, "/about#first_name"],
      [LEGAL_AGREE, "/final-steps#legal_agree"],
    ]);
    expect(within(region).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      `${FIRST_NAME}: Enter your first name.`,
      `${LEGAL_AGREE}: Please certify your application.`,
    ]);
    await waitFor(() => expect(region).toHaveFocus());
    // Shown on the question too, now that the application is validating.
    expect(screen.getByRole("checkbox", { name: LEGAL_AGREE })).toHaveAttribute("aria-invalid", "true");

    // Following a link: the page, and the question's input focused.
    await user.click(within(region).getByRole("link", { name: FIRST_NAME }));
    await screen.findByRole("heading", { level: 1, name: "About You" }, PAGE);
    expect(router.state.location.pathname).toBe("/about");
    expect(router.state.location.hash).toBe("#first_name");
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById("first_name")));
    expect(document.activeElement).toBe(firstName());
    expect(firstName()).toHaveAttribute("aria-invalid", "true");
    // And it stays there.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(firstName()).toHaveFocus();
  });

  test("no errors: submit, then submitted is posted, and /status says so", async () => {
    const { user, router } = await openAsApplicant(
      "/final-steps",
      "Finishing Up",
      profileOf({ answer: { legal_agree: true } as Answers, last_page: "/final-steps" }, STARTED),
    );
    server.use(http.post(url("/api/submit"), () => HttpResponse.json({ message: "Submitted.", reference: "WU-FA26-000042", submitted_at: "2026-11-22T12:00:00.000Z" })));
    await user.click(button("Save and submit"));

    await screen.findByRole("heading", { level: 1, name: "Your application is submitted" }, PAGE);
    // From the submit's answer: the profile is not asked for again.
    expect(screen.getByText(/^Your reference number is/)).toHaveTextContent("Your reference number is WU-FA26-000042");
    expect(sentTo("GET", "/api/profile")).toHaveLength(1);
    const toast = await screen.findByRole("alertdialog", { name: "Success Notification" }, PAGE);
    expect(within(toast).getByText(accountMessages.submitted)).toBeInTheDocument();
    expect(accountMessages.submitted).toBe("Your application was successfully submitted.");
    expect(router.state.location.pathname).toBe("/status");
    expect(useSession.getState().web_status).toBe("submitted");
    expect(calls().filter((c) => c.startsWith("POST"))).toEqual(["POST /api/web-status", "POST /api/validations", "POST /api/submit", "POST /api/web-status"]);
    expect(sentTo("POST", "/api/web-status").map((r) => r.body)).toEqual([{ web_status: "validating" }, { web_status: "submitted" }]);
    expect(sentTo("POST", "/api/submit")[0]!.body).toBeUndefined();
    expect(summary()).not.toBeInTheDocument();
  });

  test("a 422 from submit with errors shows them in the summary; already validating posts no status", async () => {
    const { user, router } = await openAsApplicant(
      "/final-steps",
      "Finishing Up",
      profileOf({ answer: { first_name: "Ada", legal_agree: true } as Answers, last_page: "/final-steps" }, VALIDATING),
    );
    server.use(
      http.post(url("/api/submit"), () =>
        HttpResponse.json({ message: "Your application is missing answers.", code: "missingInformation", errors: { legal_agree: ["Please certify your application."] } }, { status: 422 }),
      ),
    );
    await user.click(button("Save and submit"));
    const region = await screen.findByRole("region", { name: SUMMARY }, PAGE);
    await waitFor(() => expect(within(region).getAllByRole("listitem").map((li) => li.textContent)).toEqual([`${LEGAL_AGREE}: Please certify your application.`]));
    expect(within(region).getByRole("link", { name: LEGAL_AGREE })).toHaveAttribute("href", "/final-steps#legal_agree");
    await waitFor(() => expect(region).toHaveFocus());
    expect(sentTo("POST", "/api/web-status")).toEqual([]);
    expect(sentTo("POST", "/api/submit")).toHaveLength(1);
    expect(router.state.location.pathname).toBe("/final-steps");
    expect(useSession.getState().web_status).toBe("validating");
    expect(screen.queryByRole("alertdialog", { name: "Submit Error" })).not.toBeInTheDocument();
  });

  test("another failure of submit shows the Submit Error toast with the server's message", async () => {
    const { user, router } = await openAsApplicant(
      "/final-steps",
      "Finishing Up",
      profileOf({ answer: { first_name: "Ada", legal_agree: true } as Answers, last_page: "/final-steps" }, VALIDATING),
    );
    server.use(http.post(url("/api/submit"), () => HttpResponse.json({ message: "Submissions are closed." }, { status: 403 })));
    await user.click(button("Save and submit"));
    const toast = await screen.findByRole("alertdialog", { name: "Submit Error" }, PAGE);
    expect(within(toast).getByText("Submissions are closed.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/final-steps");
    expect(useSession.getState().web_status).toBe("validating");
    expect(sentTo("POST", "/api/web-status")).toEqual([]);
  });
});
