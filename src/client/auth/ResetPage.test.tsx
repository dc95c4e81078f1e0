// The reset-password card: username and id from the query
// string, the link checked as the page opens, the password rules and "passwords must match", the
// address in the link checked, and the way to /login.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, test } from "vitest";
import { renderApp, sent, sentTo, server, url, withTestServer } from "../testing";

withTestServer();

beforeEach(() => {
  server.use(http.post(url("/public/reset-password/check"), () => HttpResponse.json({ message: "This password reset link works." })));
});

const MUST_MATCH = "passwords must match";
const PASSWORD_UNMET = "Your password must meet every requirement in the list.";
const LINK = "/reset?username=ada%40example.com&id=f3b9c2e1";

async function openReset(path = LINK) {
  const app = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: "Reset Password" });
  return { ...app, user: userEvent.setup(), password: await screen.findByLabelText("New password"), confirmation: screen.getByLabelText("Confirm password") };
}

test("names the account from the query string", async () => {
  await openReset();
  expect(screen.getByText("ada@example.com", { selector: "strong" })).toBeInTheDocument();
  expect(screen.getByText(/Choose a new password for/)).toHaveTextContent("Choose a new password for ada@example.com.");
});

test("the checklist follows the new password", async () => {
  const { user, password } = await openReset();
  const states = () => within(screen.getByRole("list", { name: "Your password:" })).getAllByRole("listitem").map((item) => item.getAttribute("data-state"));
  expect(states()).toEqual(Array(6).fill("inactive"));
  await user.type(password, "A");
  expect(states()).toEqual(["error", "success", "error", "error", "error", "success"]);
  await user.type(password, "bcdefghijk1#");
  expect(states()).toEqual(Array(6).fill("success"));
});

describe("checks before any call", () => {
  test("different passwords: passwords must match, and no call", async () => {
    const { user, password, confirmation } = await openReset();
    await user.type(password, "Correct-horse-9");
    await user.type(confirmation, "Correct-horse-8");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(MUST_MATCH)).toBeInTheDocument();
    expect(confirmation).toHaveAttribute("aria-invalid", "true");
    expect(confirmation).toHaveAccessibleDescription(MUST_MATCH);
    expect(screen.queryByText(PASSWORD_UNMET)).not.toBeInTheDocument();
    await waitFor(() => expect(confirmation).toHaveFocus());
    expect(sentTo("POST", "/public/reset-password")).toEqual([]);

    // After the first Submit the message follows the typing.
    await user.clear(confirmation);
    await user.type(confirmation, "Correct-horse-9");
    expect(screen.queryByText(MUST_MATCH)).not.toBeInTheDocument();
  });

  test("a weak password is refused even when both match", async () => {
    const { user, password, confirmation } = await openReset();
    await user.type(password, "short");
    await user.type(confirmation, "short");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(PASSWORD_UNMET)).toBeInTheDocument();
    expect(screen.queryByText(MUST_MATCH)).not.toBeInTheDocument();
    expect(sentTo("POST", "/public/reset-password")).toEqual([]);
  });

  test("a link without its id is refused with the Reset Password Card Error toast, and no call", async () => {
    const { user, password, confirmation } = await openReset("/reset?username=ada%40example.com");
    await user.type(password, "Correct-horse-9");
    await user.type(confirmation, "Correct-horse-9");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const toast = await screen.findByRole("alertdialog", { name: "Reset Password Card Error" });
    expect(within(toast).getByText("This password reset link is incomplete. Please open the link from the email again, or ask for a new one with Forgot password.")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  test("an address in the link that is no e-mail address: 'Your email address must be valid.' in the card's error toast, and no call", async () => {
    const { user, password, confirmation } = await openReset("/reset?username=ada.example.com&id=f3b9c2e1");
    await user.type(password, "Correct-horse-9");
    await user.type(confirmation, "Correct-horse-9");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const toast = await screen.findByRole("alertdialog", { name: "Reset Password Card Error" });
    expect(within(toast).getByText("Your email address must be valid.")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe("the link, checked as the page opens", () => {
  test("a link that still works: the server is asked with the link's username and id, and the card shows", async () => {
    await openReset();
    expect(sentTo("POST", "/public/reset-password/check").map((r) => r.body)).toEqual([{ username: "ada@example.com", id: "f3b9c2e1" }]);
    expect(screen.queryByText(/This link has expired/)).not.toBeInTheDocument();
  });

  test("an expired or used link says so before any password is typed, with the way to a new one", async () => {
    server.use(http.post(url("/public/reset-password/check"), () => HttpResponse.json({ message: "This password reset link is not valid or has expired." }, { status: 400 })));
    const { router } = renderApp(LINK);
    const message = await screen.findByRole("alert");
    expect(message).toHaveTextContent(/^This link has expired — request a new one$/);
    expect(screen.getByRole("heading", { level: 1, name: "Reset Password" })).toBeInTheDocument();
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();

    await userEvent.setup().click(within(message).getByRole("link", { name: "request a new one" }));
    await screen.findByRole("heading", { level: 1, name: "Forgot Password" });
    expect(router.state.location.pathname).toBe("/forgot");
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
  });

  test("when the server cannot tell (too many requests), the card shows and the reset itself answers", async () => {
    server.use(http.post(url("/public/reset-password/check"), () => HttpResponse.json({ message: "Please try again later." }, { status: 429 })));
    await openReset();
    expect(screen.queryByText(/This link has expired/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Submit" })).toBeInTheDocument();
  });
});

describe("resetting", () => {
  test("sends username and id from the query string with both passwords, then goes to /login with the message", async () => {
    server.use(http.post(url("/public/reset-password"), () => HttpResponse.json({ message: "Your password has been reset. Please log in." })));
    const { user, password, confirmation, router, visited } = await openReset();
    await user.type(password, "Correct-horse-9");
    await user.type(confirmation, "Correct-horse-9");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    await screen.findByRole("heading", { level: 1, name: "Log In" });
    expect(router.state.location.pathname).toBe("/login");
    expect(sentTo("POST", "/public/reset-password").map((r) => r.body)).toEqual([
      { username: "ada@example.com", password: "Correct-horse-9", confirm_password: "Correct-horse-9", id: "f3b9c2e1" },
    ]);
    expect(visited.find((l) => l.pathname === "/login")?.state).toEqual({ username: "ada@example.com", message: "Your password has been reset. Please log in." });
    const toast = await screen.findByRole("alertdialog", { name: "Success Notification" });
    expect(within(toast).getByText("Your password has been reset. Please log in.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
  });

  test("a server refusal shows as the Reset Password Card Error toast and stays", async () => {
    server.use(http.post(url("/public/reset-password"), () => HttpResponse.json({ message: "This reset link has expired." }, { status: 400 })));
    const { user, password, confirmation, router } = await openReset();
    await user.type(password, "Correct-horse-9");
    await user.type(confirmation, "Correct-horse-9");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const toast = await screen.findByRole("alertdialog", { name: "Reset Password Card Error" });
    expect(within(toast).getByText("This reset link has expired.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/reset");
    expect(router.state.location.search).toBe("?username=ada%40example.com&id=f3b9c2e1");
  });
});
