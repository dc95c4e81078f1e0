// A visitor's answers kept for later:
// "Save for later" posts them to POST /public/tmp and shows a link with ?token=; opening a page
// with ?token= loads them and takes the token out of the address; an unknown token says so; and
// the answers survive a reload on this device.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { useAnswers } from "../state/answers";
import { restoreVisitorAnswers } from "../state/saver";
import { labelOf, origin, renderApp, sent, sentTo, server, url, withTestServer } from "../testing";

withTestServer();
// Whole pages take seconds each to draw in jsdom, more on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const PAGE = { timeout: 15_000 };
const SAVED = "Your answers were saved. Use the link to come back to them within 30 days.";
const LOADED = "We loaded the answers you saved. Pick up where you left off.";
const UNKNOWN = "This link to saved answers is not valid or has expired. Saved answers are kept for 30 days.";

async function openAsVisitor(path: string, title: string) {
  const app = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: title }, PAGE);
  return { ...app, user: userEvent.setup() };
}

/** The text box of the question asking `key`, by its label. */
const textbox = (key: string) => screen.getAllByRole("textbox", { name: labelOf(key) })[0]!;
/** The answers this device keeps for the visitor (null: none). */
const kept = () => (JSON.parse(localStorage.getItem("apply.visitor") ?? "null") as { answers: unknown } | null)?.answers ?? null;

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

describe("Save for later", () => {
  test("posts the answers and shows the link with its token, until when it works, and copies it", async () => {
    server.use(
      http.post(url("/public/tmp"), () => HttpResponse.json({ message: SAVED, token: "tok/en 1", expires_at: "2026-12-22T12:00:00.000Z" })),
    );
    const { user } = await openAsVisitor("/about", "About You");
    await user.type(textbox("first_name"), "Ada");
    await user.click(textbox("last_name"));
    await user.paste("Lovelace");
    await user.click(screen.getByRole("button", { name: "Save for later" }));

    const dialog = await screen.findByRole("dialog", { name: "Save for later" }, PAGE);
    expect(await within(dialog).findByText(SAVED, undefined, PAGE)).toBeInTheDocument();
    expect(sentTo("POST", "/public/tmp").map((r) => r.body)).toEqual([{ first_name: "Ada", last_name: "Lovelace" }]);

    const link = within(dialog).getByRole("link");
    const href = new URL(link.getAttribute("href")!);
    expect(href.origin).toBe(origin);
    expect(href.searchParams.get("token")).toBe("tok/en 1");
    expect(link.getAttribute("href")).toContain("?token=tok%2Fen%201");
    expect(link).toHaveTextContent(link.getAttribute("href")!);
    expect(dialog).toHaveTextContent("It works until December 22, 2026:");

    await user.click(within(dialog).getByRole("button", { name: "Copy link" }));
    expect(await within(dialog).findByRole("button", { name: "Copied" }, PAGE)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link.getAttribute("href"));

    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Save for later" })).not.toBeInTheDocument());
    expect(sentTo("POST", "/public/tmp")).toHaveLength(1);
  });

  test("a refusal shows the server's message in the dialog", async () => {
    const LIMIT = "You have saved answers too many times in the last hour. Please try again later.";
    server.use(http.post(url("/public/tmp"), () => HttpResponse.json({ message: LIMIT }, { status: 429 })));
    const { user } = await openAsVisitor("/final-steps", "Finishing Up");
    await user.click(screen.getByRole("button", { name: "Save for later" }));
    const dialog = await screen.findByRole("dialog", { name: "Save for later" }, PAGE);
    expect(await within(dialog).findByRole("alert", undefined, PAGE)).toHaveTextContent(LIMIT);
    expect(within(dialog).queryByRole("link")).not.toBeInTheDocument();
    expect(sentTo("POST", "/public/tmp").map((r) => r.body)).toEqual([{}]);
  });
});

describe("a saved-for-later link", () => {
  test("?token= loads the answers into the form, keeps them on this device, and leaves the address", async () => {
    server.use(
      http.get(url("/public/tmp"), ({ request }) =>
        new URL(request.url).searchParams.get("token") === "abc"
          ? HttpResponse.json({ answer: { counselor_first_name: "Grace", counselor_last_name: "Hopper", first_name: "Ada" } })
          : HttpResponse.json({ message: UNKNOWN }, { status: 404 }),
      ),
    );
    const { router } = await openAsVisitor("/education?token=abc&ref=mail", "Academics");

    const toast = await screen.findByRole("alertdialog", { name: "Success Notification" }, PAGE);
    expect(within(toast).getByText(LOADED)).toBeInTheDocument();
    await waitFor(() => expect(textbox("counselor_first_name")).toHaveValue("Grace"));
    expect(textbox("counselor_last_name")).toHaveValue("Hopper");
    expect(useAnswers.getState().answers).toEqual({ counselor_first_name: "Grace", counselor_last_name: "Hopper", first_name: "Ada" });
    expect(kept()).toEqual({ counselor_first_name: "Grace", counselor_last_name: "Hopper", first_name: "Ada" });

    expect(router.state.location.pathname).toBe("/education");
    expect(router.state.location.search).toBe("?ref=mail");
    expect(router.state.location.search).not.toContain("token=");
    // Loaded once, StrictMode or not.
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /public/tmp?token=abc"]);
  });

  test("an unknown or expired token shows the server's message and loads nothing", async () => {
    server.use(http.get(url("/public/tmp"), () => HttpResponse.json({ message: UNKNOWN }, { status: 404 })));
    useAnswers.getState().replaceAll({ first_name: "Ada" });
    const { router } = await openAsVisitor("/about?token=expired", "About You");

    const toast = await screen.findByRole("alertdialog", { name: "Saved Answers Error" }, PAGE);
    expect(within(toast).getByText(UNKNOWN)).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
    expect(useAnswers.getState().answers).toEqual({ first_name: "Ada" });
    expect(textbox("first_name")).toHaveValue("Ada");
    expect(screen.queryByRole("alertdialog", { name: "Success Notification" })).not.toBeInTheDocument();
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /public/tmp?token=expired"]);
  });
});

describe("a visitor's answers on this device", () => {
  test("survive a reload", async () => {
    const { user } = await openAsVisitor("/about", "About You");
    await user.type(textbox("first_name"), "Ada");
    await waitFor(() => expect(kept()).toEqual({ first_name: "Ada" }));

    // A reload: the page and every store gone, then main.tsx's start-up.
    cleanup();
    useAnswers.getState().reset();
    restoreVisitorAnswers();
    await openAsVisitor("/about", "About You");
    expect(textbox("first_name")).toHaveValue("Ada");
    expect(sent).toEqual([]);
  });
});
