// The login card: its checks and messages before any
// call, where it goes, what it sends, and its error toasts.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { useAnswers } from "../state/answers";
import { useSession } from "../state/session";
import { profileOf, renderApp, sent, sentTo, server, url, withTestServer } from "../testing";

withTestServer();

const EMAIL_INVALID = "Please provide a valid email address.";
const PASSWORD_REQUIRED = "Password is required.";
const RESEND_INVALID = "You must provide a valid email address to resend a confirmation code.";

/** The login card's page, waited for (pages load lazily). */
async function openLogin(state?: unknown) {
  const app = renderApp("/login", state);
  await screen.findByRole("heading", { level: 1, name: "Log In" });
  return { ...app, user: userEvent.setup(), email: screen.getByLabelText("Email"), password: screen.getByLabelText("Password") };
}

/** What the app needs once logged in on /about. */
function loggedInServer() {
  server.use(
    http.get(url("/api/profile"), () => HttpResponse.json(profileOf())),
    http.put(url("/api/last-page"), () => HttpResponse.json({ message: "Saved." })),
  );
}

describe("checks before any call", () => {
  test("Submit with nothing typed shows both messages, makes no call and focuses the email", async () => {
    const { user, email, password } = await openLogin();
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(await screen.findByText(EMAIL_INVALID)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_REQUIRED)).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription(EMAIL_INVALID);
    expect(password).toHaveAccessibleDescription(PASSWORD_REQUIRED);
    await waitFor(() => expect(email).toHaveFocus());
    expect(sent).toEqual([]);
  });

  test("no message while typing, only on Submit, and none live after it", async () => {
    const { user, email, password } = await openLogin();
    await user.type(email, "not-an-address");
    await user.type(password, "x");
    await user.clear(password);
    expect(screen.queryByText(EMAIL_INVALID)).not.toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_REQUIRED)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(EMAIL_INVALID)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_REQUIRED)).toBeInTheDocument();

    // The login card skips live checks: fixing the fields does not clear the messages until Submit.
    await user.type(password, "secret");
    expect(screen.getByText(PASSWORD_REQUIRED)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  test("a valid address with no password: only the password message, and no call", async () => {
    const { user, email } = await openLogin();
    await user.type(email, "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(PASSWORD_REQUIRED)).toBeInTheDocument();
    expect(screen.queryByText(EMAIL_INVALID)).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe("logging in", () => {
  test("sends the trimmed address and the password, then goes to /about", async () => {
    server.use(http.post(url("/public/login"), () => HttpResponse.json({ message: "Logged in." })));
    loggedInServer();
    const { user, email, password, router } = await openLogin();
    await user.type(email, "  ada@example.com ");
    await user.type(password, " pass word ");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    await screen.findByRole("heading", { level: 1, name: "About You" });
    expect(router.state.location.pathname).toBe("/about");
    expect(sentTo("POST", "/public/login").map((r) => r.body)).toEqual([{ username: "ada@example.com", password: " pass word " }]);
    expect(sentTo("PUT", "/api/answer")).toEqual([]);
    expect(useSession.getState()).toMatchObject({ is_logged_in: true, username: "ada@example.com" });
    expect(screen.getByText("Welcome to your application!")).toBeInTheDocument();
  });

  test("a visitor's answers go with PUT /api/answer into an account that holds none, before going on", async () => {
    useAnswers.getState().replaceAll({ first_name: "Ada", last_name: "Lovelace" });
    server.use(
      http.post(url("/public/login"), () => HttpResponse.json({ message: "Logged in." })),
      http.put(url("/api/answer"), () => HttpResponse.json({ message: "Saved.", revision: 2, cleared: [] })),
    );
    loggedInServer();
    const { user, email, password, router } = await openLogin({ username: "ada@example.com" });
    expect(email).toHaveValue("ada@example.com");
    await user.type(password, "Secret-password-1");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/about"));
    await waitFor(() => expect(sentTo("PUT", "/api/answer")).toHaveLength(1));
    expect(sentTo("PUT", "/api/answer")[0]!.body).toEqual({ first_name: "Ada", last_name: "Lovelace" });
    // Whether the account holds answers is read first; the application loads after the save.
    const order = sent.map((r) => `${r.method} ${r.path}`);
    expect(order.slice(0, 4)).toEqual(["POST /public/login", "GET /api/profile", "PUT /api/answer", "GET /api/profile"]);
  });

  test("a server refusal shows the server's message as the Login Card Error toast and stays", async () => {
    server.use(http.post(url("/public/login"), () => HttpResponse.json({ message: "Incorrect username or password." }, { status: 400 })));
    const { user, email, password, router } = await openLogin();
    await user.type(email, "ada@example.com");
    await user.type(password, "wrong");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    const toast = await screen.findByRole("alertdialog", { name: "Login Card Error" });
    expect(within(toast).getByText("Incorrect username or password.")).toBeInTheDocument();
    expect(within(toast).getByText("Error")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(useSession.getState().is_logged_in).toBe(false);
    // In the card, above its fields, where the applicant is looking.
    const card = screen.getByRole("region", { name: "Log In" });
    expect(card).toContainElement(toast);
    expect(toast.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test("a card completed by keyboard alone: Tab, typing and Enter", async () => {
    server.use(http.post(url("/public/login"), () => HttpResponse.json({ message: "Logged in." })));
    loggedInServer();
    const { user, email, password, router } = await openLogin();

    await user.tab();
    expect(screen.getByRole("link", { name: "Skip to main content" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Sign In" })).toHaveFocus();
    await user.tab();
    expect(email).toHaveFocus();
    await user.keyboard("ada@example.com");
    await user.tab();
    expect(password).toHaveFocus();
    await user.keyboard("Secret-password-1{Enter}");

    await waitFor(() => expect(router.state.location.pathname).toBe("/about"));
    expect(sentTo("POST", "/public/login").map((r) => r.body)).toEqual([{ username: "ada@example.com", password: "Secret-password-1" }]);
  });

  test("Show password reveals what was typed", async () => {
    const { user, password } = await openLogin();
    await user.type(password, "Secret");
    expect(password).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });
});

describe("arrival messages", () => {
  test("an error in navigation state shows as the Login Card Error toast, once", async () => {
    const { router } = await openLogin({ error: "You have been logged out." });
    const toast = await screen.findByRole("alertdialog", { name: "Login Card Error" });
    expect(within(toast).getByText("You have been logged out.")).toBeInTheDocument();
    // Taken out of the history entry, so a reload or Back does not show it again.
    await waitFor(() => expect(router.state.location.state).toEqual({}));
  });

  test("a success message in navigation state shows as the Success Notification toast", async () => {
    await openLogin({ username: "ada@example.com", message: "Your account is confirmed." });
    const toast = await screen.findByRole("alertdialog", { name: "Success Notification" });
    expect(within(toast).getByText("Your account is confirmed.")).toBeInTheDocument();
    expect(within(toast).getByText("Success")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
  });
});

describe("Resend confirmation code", () => {
  test("refuses an invalid address with its own message, making no call", async () => {
    const { user, email } = await openLogin();
    await user.type(email, "ada@");
    await user.click(screen.getByRole("button", { name: "Resend confirmation code" }));
    expect(await screen.findByText(RESEND_INVALID)).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(RESEND_INVALID);
    expect(sent).toEqual([]);
  });

  test("goes to /confirm with the address and the server's message", async () => {
    server.use(http.post(url("/public/resend-confirm"), () => HttpResponse.json({ message: "We sent a new code to ada@example.com." })));
    const { user, email, router, visited } = await openLogin();
    await user.type(email, "ada@example.com ");
    await user.click(screen.getByRole("button", { name: "Resend confirmation code" }));

    await screen.findByRole("heading", { level: 1, name: "Confirm Your Account" });
    expect(router.state.location.pathname).toBe("/confirm");
    expect(sentTo("POST", "/public/resend-confirm").map((r) => r.body)).toEqual([{ username: "ada@example.com" }]);
    expect(visited.find((l) => l.pathname === "/confirm")?.state).toEqual({ username: "ada@example.com", message: "We sent a new code to ada@example.com." });
    const toast = await screen.findByRole("alertdialog", { name: "Success Notification" });
    expect(within(toast).getByText("We sent a new code to ada@example.com.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
  });

  test("a server refusal shows as the Resend Confirmation Code Error toast", async () => {
    server.use(http.post(url("/public/resend-confirm"), () => HttpResponse.json({ message: "This account is already confirmed." }, { status: 400 })));
    const { user, email, router } = await openLogin();
    await user.type(email, "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Resend confirmation code" }));

    const toast = await screen.findByRole("alertdialog", { name: "Resend Confirmation Code Error" });
    expect(within(toast).getByText("This account is already confirmed.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });
});

describe("links", () => {
  test("Forgot password and Sign Up carry the address", async () => {
    const { user, email, router } = await openLogin();
    await user.type(email, "ada@example.com");
    await user.click(screen.getByRole("link", { name: "Forgot password" }));
    await screen.findByRole("heading", { level: 1, name: "Forgot Password" });
    expect(router.state.location.state).toEqual({ username: "ada@example.com" });
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");

    await user.click(screen.getByRole("link", { name: "Log In" }));
    await screen.findByRole("heading", { level: 1, name: "Log In" });
    await user.click(screen.getByRole("link", { name: "Sign Up" }));
    await screen.findByRole("heading", { level: 1, name: "Sign Up" });
    expect(router.state.location.pathname).toBe("/signup");
    expect(router.state.location.state).toEqual({ username: "ada@example.com" });
  });
});
