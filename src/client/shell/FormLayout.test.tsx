// The form group's shell: the web_status guards, the last
// page, the status post, the welcome header, the step navigation, the account popover, logout,
// the footer's dialogs and the date-based banner.
import { http, HttpResponse, delay } from "msw";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { institution as settings } from "../../../form-definitions/institution.json";
import type { Answers } from "../../engine/runtime";
import type { Profile } from "../api/calls";
import { queryClient } from "../api/queries";
import { useAnswers } from "../state/answers";
import { useSession } from "../state/session";
import { bundledVersion } from "../form/model";
import { labelOf, logIn, profileOf, renderApp, sent, sentTo, server, url, withTestServer } from "../testing";

// The step links send what was typed; the autosave must not beat them on a slow machine.
withTestServer({ saveDelayMs: 60_000 });

const SESSION_INVALID = "Your session is invalid. Please clear your cookies and login again.";
const STARTED = ["started"];
const VALIDATING = ["started", "validating"];
const SUBMITTED = ["started", "validating", "submitted"];

/** The server of a logged-in applicant with this profile; last-page and web-status posts succeed. */
function serveProfile(profile: Profile) {
  server.use(
    http.get(url("/api/profile"), () => HttpResponse.json(profile)),
    http.put(url("/api/last-page"), () => HttpResponse.json({ message: "Saved." })),
    http.post(url("/api/web-status"), () => HttpResponse.json({ message: "Saved." })),
  );
}

/** The app at `path` for a logged-in applicant, once the form page (or status page) shows. */
async function openAsApplicant(path: string, profile: Profile) {
  logIn();
  serveProfile(profile);
  const app = renderApp(path);
  await screen.findByRole("heading", { level: 1 });
  return { ...app, user: userEvent.setup() };
}

async function openAsVisitor(path: string) {
  const app = renderApp(path);
  await screen.findByRole("heading", { level: 1 });
  return { ...app, user: userEvent.setup() };
}

const pageTitle = () => screen.getByRole("heading", { level: 1 }).textContent;
const stepLink = (title: string) => within(screen.getByRole("navigation", { name: "Application steps" })).getByRole("link", { name: new RegExp(title) });

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  vi.useRealTimers();
});

describe("web_status from the profile", () => {
  test.each([
    [[], null],
    [["started"], "started"],
    [["started", "started"], "started"],
    [["started", "archived"], "started"],
    [["started", "validating"], "validating"],
    [["validating", "started", "validating"], "validating"],
    [["started", "validating", "submitted"], "submitted"],
  ])("%j gives %s", async (entries, expected) => {
    logIn();
    serveProfile(profileOf({}, entries));
    renderApp("/status");
    await screen.findByRole("heading", { level: 1 });
    // A null status is set to started and posted at once, so read it as the profile left it.
    await waitFor(() => expect(queryClient.getQueryData(["profile"])).toBeDefined());
    if (expected === null) {
      await waitFor(() => expect(sentTo("POST", "/api/web-status")).toHaveLength(1));
    } else {
      expect(useSession.getState().web_status).toBe(expected);
      expect(sentTo("POST", "/api/web-status")).toEqual([]);
    }
    expect(pageTitle()).toBe(expected === "submitted" ? "Your application is submitted" : "About You");
  });
});

describe("guards", () => {
  test("submitted and not on /status: to /status, keeping the query string", async () => {
    const { router } = await openAsApplicant("/education?ref=abc", profileOf({}, SUBMITTED));
    expect(pageTitle()).toBe("Your application is submitted");
    expect(router.state.location.pathname).toBe("/status");
    expect(router.state.location.search).toBe("?ref=abc");
    expect(screen.queryByRole("navigation", { name: "Application steps" })).not.toBeInTheDocument();
  });

  test("not submitted and on /status: to /about", async () => {
    const { router } = await openAsApplicant("/status", profileOf({}, VALIDATING));
    expect(pageTitle()).toBe("About You");
    expect(router.state.location.pathname).toBe("/about");
  });

  test("a visitor on /status goes to /about", async () => {
    const { router } = await openAsVisitor("/status");
    expect(router.state.location.pathname).toBe("/about");
    expect(sent).toEqual([]);
  });

  test.each(["/nowhere?ref=abc", "/?ref=abc", "/about/more?ref=abc"])("%s goes to /about keeping the query string", async (path) => {
    const { router } = await openAsVisitor(path);
    expect(pageTitle()).toBe("About You");
    expect(router.state.location.pathname).toBe("/about");
    expect(router.state.location.search).toBe("?ref=abc");
  });

  test.each(["/nowhere?ref=abc", "/?ref=abc"])("once submitted, the default route is /status: %s goes straight there, keeping the query string", async (path) => {
    const { router, visited } = await openAsApplicant("/status", profileOf({}, SUBMITTED));
    expect(pageTitle()).toBe("Your application is submitted");
    await act(() => router.navigate(path));
    await waitFor(() => expect(router.state.location.pathname).toBe("/status"));
    expect(router.state.location.search).toBe("?ref=abc");
    expect(pageTitle()).toBe("Your application is submitted");
    // Not by way of the first form page, whose guard would send it on.
    expect(visited.map((location) => location.pathname)).not.toContain("/about");
  });

  test("a visitor's pages load without any call", async () => {
    await openAsVisitor("/education");
    expect(pageTitle()).toBe("Academics");
    expect(screen.getByText("Step 2 of 3")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe("the status post", () => {
  test("a logged-in null status posts started once", async () => {
    await openAsApplicant("/about", profileOf({}, []));
    await waitFor(() => expect(sentTo("POST", "/api/web-status")).toHaveLength(1));
    expect(sentTo("POST", "/api/web-status")[0]!.body).toEqual({ web_status: "started" });
    expect(useSession.getState().web_status).toBe("started");
    await waitFor(() => expect(sentTo("PUT", "/api/last-page")).toHaveLength(1));
    expect(sentTo("POST", "/api/web-status")).toHaveLength(1);
  });

  test("a failed post is retried twice: three requests in all, no more", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    logIn();
    serveProfile(profileOf({}, []));
    server.use(http.post(url("/api/web-status"), () => HttpResponse.json({ message: "Database unavailable." }, { status: 503 })));
    renderApp("/about");
    await screen.findByRole("heading", { level: 1, name: "About You" });
    await waitFor(() => expect(sentTo("POST", "/api/web-status")).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(sentTo("POST", "/api/web-status")).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(sentTo("POST", "/api/web-status")).toHaveLength(3));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(sentTo("POST", "/api/web-status")).toHaveLength(3);
    expect(sentTo("POST", "/api/web-status").map((r) => r.body)).toEqual(Array(3).fill({ web_status: "started" }));
  });

  test("a visitor posts nothing", async () => {
    await openAsVisitor("/about");
    expect(sent).toEqual([]);
  });
});

describe("the last page", () => {
  test("while started, each page's pathname is saved", async () => {
    const { router } = await openAsApplicant("/about", profileOf({ last_page: null }, STARTED));
    await waitFor(() => expect(sentTo("PUT", "/api/last-page").map((r) => r.body)).toEqual([{ last_page: "/about" }]));
    await act(() => router.navigate("/final-steps"));
    await screen.findByRole("heading", { level: 1, name: "Finishing Up" });
    await waitFor(() => expect(sentTo("PUT", "/api/last-page").map((r) => r.body)).toEqual([{ last_page: "/about" }, { last_page: "/final-steps" }]));
  });

  test("the page already stored is not saved again", async () => {
    await openAsApplicant("/education", profileOf({ last_page: "/education" }, STARTED));
    expect(pageTitle()).toBe("Academics");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentTo("PUT", "/api/last-page")).toEqual([]);
  });

  test("while validating, a new page is saved", async () => {
    const { router } = await openAsApplicant("/about", profileOf({ last_page: "/about" }, VALIDATING));
    await act(() => router.navigate("/education"));
    await screen.findByRole("heading", { level: 1, name: "Academics" });
    await waitFor(() => expect(sentTo("PUT", "/api/last-page").map((r) => r.body)).toEqual([{ last_page: "/education" }]));
  });

  test("not once submitted", async () => {
    await openAsApplicant("/status", profileOf({ last_page: "/final-steps" }, SUBMITTED));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentTo("PUT", "/api/last-page")).toEqual([]);
    // The status page asks for the application's status and the PDF copy, and nothing else is sent.
    expect(sent.map((r) => `${r.method} ${r.path}`).sort()).toEqual(["GET /api/pdf", "GET /api/profile", "GET /api/status"]);
  });

  test("submitted: straight to /status, not by way of the stored page", async () => {
    const { router, visited } = await openAsApplicant("/about", profileOf({ last_page: "/final-steps" }, SUBMITTED));
    expect(pageTitle()).toBe("Your application is submitted");
    expect(router.state.location.pathname).toBe("/status");
    expect(visited.map((l) => l.pathname)).toEqual(["/about", "/status"]);
  });

  test("the stored page is restored once, when the path differs and the applicant has not changed page", async () => {
    const { router } = await openAsApplicant("/about?ref=abc", profileOf({ last_page: "/final-steps" }, STARTED));
    expect(pageTitle()).toBe("Finishing Up");
    expect(router.state.location.pathname).toBe("/final-steps");
    expect(router.state.location.search).toBe("?ref=abc");

    // Only once per loaded profile: going back to /about stays there.
    await act(() => router.navigate("/about"));
    await screen.findByRole("heading", { level: 1, name: "About You" });
    expect(router.state.location.pathname).toBe("/about");
  });

  test("not restored when the applicant has already changed page", async () => {
    logIn({ has_changed_page: true });
    serveProfile(profileOf({ last_page: "/final-steps" }, STARTED));
    const { router } = renderApp("/education");
    await screen.findByRole("heading", { level: 1, name: "Academics" });
    expect(router.state.location.pathname).toBe("/education");
  });

  test("not restored when it is not a page of the form", async () => {
    const { router } = await openAsApplicant("/education", profileOf({ last_page: "/login" }, STARTED));
    expect(pageTitle()).toBe("Academics");
    expect(router.state.location.pathname).toBe("/education");
  });
});

describe("profile failures", () => {
  test("a 401 goes to /login with the session message", async () => {
    logIn();
    server.use(http.get(url("/api/profile"), () => HttpResponse.json({ message: "Unauthorized" }, { status: 401 })));
    const { router, visited } = renderApp("/about");
    // The login card loads lazily while jsdom draws the page behind it: seconds on a busy machine.
    const toast = await screen.findByRole("alertdialog", { name: "Login Card Error" }, { timeout: 15_000 });
    expect(within(toast).getByText(SESSION_INVALID)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(visited.find((l) => l.pathname === "/login")?.state).toEqual({ error: SESSION_INVALID });
    expect(useSession.getState().is_logged_in).toBe(false);
  });

  test("another failure shows the Unexpected Error dialog, whose Try again loads the profile again", async () => {
    logIn();
    let calls = 0;
    server.use(
      http.get(url("/api/profile"), () => (++calls === 1 ? HttpResponse.json({ message: "The database is not answering." }, { status: 500 }) : HttpResponse.json(profileOf()))),
      http.put(url("/api/last-page"), () => HttpResponse.json({ message: "Saved." })),
    );
    const user = userEvent.setup();
    renderApp("/about");
    const dialog = await screen.findByRole("alertdialog", { name: "Unexpected Error" });
    expect(within(dialog).getByText("The database is not answering.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    await screen.findByRole("heading", { level: 1, name: "About You" });
    expect(sentTo("GET", "/api/profile")).toHaveLength(2);
  });
});

describe("the welcome header", () => {
  const welcome = () => screen.queryByRole("region", { name: "Welcome" });

  test("a visitor: Welcome! with a Log in link that carries the answers", async () => {
    useAnswers.getState().replaceAll({ first_name: "Ada" });
    const { user, router } = await openAsVisitor("/about");
    expect(within(welcome()!).getByText("Welcome!")).toBeInTheDocument();
    expect(welcome()).toHaveTextContent("Start your application for first-year admission here.");
    await user.click(within(welcome()!).getByRole("link", { name: "Log in" }));
    await screen.findByRole("heading", { level: 1, name: "Log In" });
    // The answers go on in this tab, not in the history entry (auth/navigation.ts).
    expect(router.state.location.state).toBeNull();
    expect(useAnswers.getState().answers).toEqual({ first_name: "Ada" });
  });

  test("the first login: Welcome to your application!", async () => {
    await openAsApplicant("/about", profileOf({ successful_login: [{ logged_in_at: "2026-01-01T00:00:00Z" }] }));
    expect(within(welcome()!).getByText("Welcome to your application!")).toBeInTheDocument();
    expect(welcome()).toHaveTextContent("Your answers are saved as you go, so you can stop at any time");
  });

  test("later logins: We're glad you're back", async () => {
    await openAsApplicant("/about", profileOf({ successful_login: [{ logged_in_at: "2026-01-01T00:00:00Z" }, { logged_in_at: "2026-01-02T00:00:00Z" }] }));
    expect(within(welcome()!).getByText("We're glad you're back")).toBeInTheDocument();
    expect(welcome()).toHaveTextContent("Pick up where you left off.");
  });

  test.each([
    [{ first_name: "Ada", preferred_name: "Addie" }, "Thanks, Addie!"],
    [{ first_name: "Ada" }, "Thanks, Ada!"],
    [{ first_name: "Ada", preferred_name: "" }, "Thanks, Ada!"],
    [{}, "Thanks!"],
  ])("submitted with %j: %s", async (answer, heading) => {
    await openAsApplicant("/status", profileOf({ answer: answer as Answers }, SUBMITTED));
    expect(within(welcome()!).getByText(heading)).toBeInTheDocument();
    expect(welcome()).toHaveTextContent("Congratulations on completing the online portion of your application!");
  });

  test("hidden while validating", async () => {
    await openAsApplicant("/about", profileOf({}, VALIDATING));
    expect(pageTitle()).toBe("About You");
    expect(welcome()).not.toBeInTheDocument();
  });
});

describe("the step navigation", () => {
  test("shows the three steps; the active one has aria-current=page", async () => {
    await openAsVisitor("/education");
    const nav = screen.getByRole("navigation", { name: "Application steps" });
    expect(within(nav).getAllByRole("link").map((link) => link.textContent)).toEqual(["Step 1About You", "Step 2Academics", "Step 3Finishing Up"]);
    expect(stepLink("Academics")).toHaveAttribute("aria-current", "page");
    expect(stepLink("About You")).not.toHaveAttribute("aria-current");
    expect(stepLink("Finishing Up")).not.toHaveAttribute("aria-current");
  });

  test("a visitor without answers just moves, and the new page gets the focus", async () => {
    const { user, router } = await openAsVisitor("/about");
    await user.click(stepLink("Finishing Up"));
    await screen.findByRole("heading", { level: 1, name: "Finishing Up" });
    expect(router.state.location.pathname).toBe("/final-steps");
    expect(stepLink("Finishing Up")).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("main")).toHaveFocus();
    expect(sent).toEqual([]);
  });

  test("a visitor with answers goes to /signup with them", async () => {
    useAnswers.getState().replaceAll({ first_name: "Ada", last_name: "" });
    const { user, router } = await openAsVisitor("/about");
    await user.click(stepLink("Academics"));
    await screen.findByRole("heading", { level: 1, name: "Sign Up" });
    expect(router.state.location.pathname).toBe("/signup");
    expect(router.state.location.state).toBeNull();
    expect(useAnswers.getState().answers).toEqual({ first_name: "Ada", last_name: "" });
    expect(sent).toEqual([]);
  });

  test("logged in: saves the answers and the validations before moving, then marks has_changed_page", async () => {
    const { user, router } = await openAsApplicant("/about", profileOf({ answer: {} as Answers }, STARTED));
    await waitFor(() => expect(sentTo("PUT", "/api/last-page")).toHaveLength(1));
    const seenAt: Record<string, string> = {};
    server.use(
      http.put(url("/api/answer"), async () => {
        seenAt.answer = router.state.location.pathname;
        await delay(20);
        return HttpResponse.json({ message: "Saved.", revision: 2, cleared: [] });
      }),
      http.post(url("/api/validations"), async () => {
        seenAt.validations = router.state.location.pathname;
        await delay(20);
        return HttpResponse.json({ first_name: [] });
      }),
    );
    expect(useSession.getState().has_changed_page).toBe(false);
    await user.type((await screen.findAllByRole("textbox", { name: labelOf("first_name") }))[0]!, "Ada");
    await user.click(stepLink("Academics"));
    // The largest pages take seconds to draw in jsdom.
    await screen.findByRole("heading", { level: 1, name: "Academics" }, { timeout: 15_000 });

    expect(seenAt).toEqual({ answer: "/about", validations: "/about" });
    expect(sentTo("PUT", "/api/answer").map((r) => r.body)).toEqual([{ first_name: "Ada" }]);
    expect(sentTo("POST", "/api/validations")).toHaveLength(1);
    const order = sent.map((r) => `${r.method} ${r.path}`);
    expect(order.indexOf("PUT /api/answer")).toBeLessThan(order.indexOf("POST /api/validations"));
    expect(queryClient.getQueryData(["validations"])).toEqual({ first_name: [] });
    expect(useSession.getState().has_changed_page).toBe(true);
    expect(router.state.location.pathname).toBe("/education");
  });

  test("logged in without answers: only the validations", async () => {
    const { user, router } = await openAsApplicant("/about", profileOf({ answer: {} as Answers }, STARTED));
    server.use(http.post(url("/api/validations"), () => HttpResponse.json({})));
    await user.click(stepLink("Finishing Up"));
    await screen.findByRole("heading", { level: 1, name: "Finishing Up" });
    expect(sentTo("PUT", "/api/answer")).toEqual([]);
    expect(sentTo("POST", "/api/validations")).toHaveLength(1);
    expect(router.state.location.pathname).toBe("/final-steps");
  });

  test("logged in, a failed save shows the Save Error toast and stays", async () => {
    const { user, router } = await openAsApplicant("/about", profileOf({ answer: {} as Answers }, STARTED));
    server.use(http.put(url("/api/answer"), () => HttpResponse.json({ message: "Your answers could not be saved." }, { status: 500 })));
    await user.type((await screen.findAllByRole("textbox", { name: labelOf("first_name") }))[0]!, "Ada");
    await user.click(stepLink("Academics"));
    const toast = await screen.findByRole("alertdialog", { name: "Save Error" });
    expect(within(toast).getByText("Your answers could not be saved.")).toBeInTheDocument();
    expect(sentTo("POST", "/api/validations")).toEqual([]);
    expect(router.state.location.pathname).toBe("/about");
    expect(useSession.getState().has_changed_page).toBe(false);
  });
});

describe("the account popover", () => {
  test("logged in: the e-mail and Log Out", async () => {
    const { user } = await openAsApplicant("/about", profileOf({ username: "ada@example.com" }));
    await user.click(screen.getByRole("button", { name: "Account" }));
    const dialog = await screen.findByRole("dialog", { name: "Account" });
    expect(within(dialog).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Log Out" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
  });

  test("a visitor: Sign In and Create Account, carrying the answers", async () => {
    useAnswers.getState().replaceAll({ first_name: "Ada" });
    const { user, router } = await openAsVisitor("/about");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    let dialog = await screen.findByRole("dialog", { name: "Account" });
    expect(within(dialog).queryByRole("button", { name: "Log Out" })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("link", { name: "Create Account" }));
    await screen.findByRole("heading", { level: 1, name: "Sign Up" });
    expect(router.state.location.state).toBeNull();
    expect(useAnswers.getState().answers).toEqual({ first_name: "Ada" });
    expect(screen.queryByRole("dialog", { name: "Account" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Sign In" }));
    dialog = await screen.findByRole("dialog", { name: "Account" });
    await user.click(within(dialog).getByRole("link", { name: "Sign In" }));
    await screen.findByRole("heading", { level: 1, name: "Log In" });
    expect(router.state.location.pathname).toBe("/login");
    expect(useAnswers.getState().answers).toEqual({ first_name: "Ada" });
  });

  test("Log Out ends the session and shows the server's message on the login card", async () => {
    const { user, router } = await openAsApplicant("/about", profileOf({ answer: { first_name: "Ada" } as Answers }));
    server.use(http.get(url("/api/logout"), () => HttpResponse.json({ message: "You have been logged out." })));
    await user.click(screen.getByRole("button", { name: "Account" }));
    await user.click(await screen.findByRole("button", { name: "Log Out" }));

    const toast = await screen.findByRole("alertdialog", { name: "Login Card Error" });
    expect(within(toast).getByText("You have been logged out.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(sentTo("GET", "/api/logout")).toHaveLength(1);
    // Nothing of the applicant stays in memory.
    expect(queryClient.getQueryData(["profile"])).toBeUndefined();
    expect(useAnswers.getState().answers).toEqual({});
    expect(useSession.getState()).toMatchObject({ is_logged_in: false, username: null, web_status: null });
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
  });

  test("a failed logout goes to the error screen", async () => {
    const { user } = await openAsApplicant("/about", profileOf());
    server.use(http.get(url("/api/logout"), () => HttpResponse.json({ message: "Logout failed." }, { status: 500 })));
    await user.click(screen.getByRole("button", { name: "Account" }));
    await user.click(await screen.findByRole("button", { name: "Log Out" }));

    expect(await screen.findByRole("heading", { name: "Something went wrong." })).toBeInTheDocument();
    expect(screen.getByText("The issue that caused you to see this has been logged. We will get it fixed as soon as possible.")).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith("Route error", expect.objectContaining({ message: "Logout failed." }));
  });
});

describe("the footer", () => {
  test("Contact Us opens a dialog with the office's details", async () => {
    const { user } = await openAsVisitor("/about");
    await user.click(screen.getByRole("button", { name: "Contact Us" }));
    const dialog = await screen.findByRole("dialog", { name: "Contact Us" });
    expect(dialog).toHaveTextContent("1200 College Avenue");
    expect(dialog).toHaveTextContent("Westbrook, PA 19000");
    expect(within(dialog).getByRole("link", { name: "admission@westbrook.example.edu" })).toHaveAttribute("href", "mailto:admission@westbrook.example.edu");
    expect(within(dialog).getByRole("link", { name: "(555) 201-4400" })).toHaveAttribute("href", "tel:5552014400");
    expect(dialog).toHaveTextContent("(555) 201-4401");
    expect(within(dialog).getByRole("link", { name: "apply-help@westbrook.example.edu" })).toHaveAttribute("href", "mailto:apply-help@westbrook.example.edu");
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Contact Us" })).not.toBeInTheDocument());
  });

  test("Privacy Policy and Cookie Notice opens a dialog linking the institution's policy; Escape closes it", async () => {
    const { user } = await openAsVisitor("/about");
    await user.click(screen.getByRole("button", { name: "Privacy Policy and Cookie Notice" }));
    const dialog = await screen.findByRole("dialog", { name: "Privacy Policy and Cookie Notice" });
    expect(dialog).toHaveTextContent("This application uses two cookies");
    expect(dialog).toHaveTextContent("How Westbrook University uses the information in your application");
    expect(within(dialog).getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "https://www.westbrook.example.edu/privacy");
    expect(within(dialog).getByRole("link", { name: "Mozilla Firefox" })).toHaveAttribute("target", "_blank");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Privacy Policy and Cookie Notice" })).not.toBeInTheDocument());
  });

  test("the copyright line has the current year", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2031, 4, 6, 12));
    await openAsVisitor("/about");
    expect(screen.getByText("© 2031 Westbrook University. All rights reserved.")).toBeInTheDocument();
  });

  test("the address and the office's name", async () => {
    await openAsVisitor("/about");
    expect(screen.getByRole("contentinfo")).toHaveTextContent("Office of Undergraduate Admission");
    expect(screen.getByRole("contentinfo")).toHaveTextContent("1200 College Avenue");
  });
});

describe("the banner", () => {
  // The banner staff set in form-definitions/institution.json, and days around its own.
  const { from, to, text: BANNER } = settings.banner;
  /** A local time on `date` (YYYY-MM-DD) moved by `days`. */
  const at = (date: string, days: number, hours: number, minutes = 0) => {
    const [year, month, day] = date.split("-").map(Number) as [number, number, number];
    return new Date(year, month - 1, day + days, hours, minutes);
  };

  test.each([
    [at(from, -1, 23, 59), false],
    [at(from, 0, 0, 1), true],
    [at(to, 0, 12), true],
    [at(to, 0, 23, 59), true],
    [at(to, 1, 0, 1), false],
  ])("on %s (local time) shows: %s", async (now, shown) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    await openAsVisitor("/about");
    if (shown) expect(screen.getByRole("note")).toHaveTextContent(BANNER);
    else expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  test("on the account pages too", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at(from, 0, 9));
    await openAsVisitor("/signup");
    expect(screen.getByRole("note")).toHaveTextContent(BANNER);
  });
});

describe("service users", () => {
  test("see the page alone: no step navigation, account menu, welcome or footer", async () => {
    useSession.setState({ is_service_user: true });
    server.use(http.get(url("/service/tmp-pdf"), () => HttpResponse.json({ answer: {}, add_another: {}, document_answer: {}, tabs: {}, version: bundledVersion })));
    renderApp("/education?service_token=t");
    await screen.findByRole("heading", { level: 1, name: "Academics" });
    expect(screen.queryByRole("navigation", { name: "Application steps" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sign In" })).not.toBeInTheDocument();
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Skip to main content" })).not.toBeInTheDocument();
    expect(screen.queryByText("Welcome!")).not.toBeInTheDocument();
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /service/tmp-pdf?service_token=t"]);
  });

  test("see the page even with a logged-in cookie in the browser, and load no profile", async () => {
    useSession.setState({ is_service_user: true, is_logged_in: true });
    server.use(http.get(url("/service/tmp-pdf"), () => HttpResponse.json({ answer: {}, add_another: {}, document_answer: {}, tabs: {}, version: bundledVersion })));
    renderApp("/about?service_token=t");
    await screen.findByRole("heading", { level: 1, name: "About You" });
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    // Nothing is posted later either (no web status, no last page).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /service/tmp-pdf?service_token=t"]);
  });
});

describe("answers the form now refuses (its definitions changed since they were given)", () => {
  const REFUSED = "Please choose one of the answers offered.";
  test("show their error on their question before any validating, and lose it once the answer changes", async () => {
    const profile = profileOf({ answer: { first_name: "Ada", conviction: "Q", conviction_desc: "An option since removed" }, attention: { conviction: [REFUSED] } }, STARTED);
    const { user } = await openAsApplicant("/final-steps", profile);
    const group = await screen.findByRole("radiogroup", { name: labelOf("conviction") });
    await waitFor(() => expect(group).toHaveAccessibleDescription(expect.stringContaining(REFUSED)));
    expect(screen.getAllByText(REFUSED)).toHaveLength(1);
    await user.click(within(group).getAllByRole("radio")[0]!);
    await waitFor(() => expect(screen.queryByText(REFUSED)).not.toBeInTheDocument());
  });
});
