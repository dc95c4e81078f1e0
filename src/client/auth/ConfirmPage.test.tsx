// The confirm card: the address pre-filled from navigation state,
// the code's rule, the way to /login with the success message, and its error toasts.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { renderApp, sent, sentTo, server, url, withTestServer } from "../testing";

withTestServer();

const EMAIL_INVALID = "Your email address must be valid.";
const CODE_FORMAT = "The confirmation code must be exactly 6 numbers.";
const RESEND_INVALID = "You must provide a valid email address to resend a confirmation code.";

async function openConfirm(state?: unknown) {
  const app = renderApp("/confirm", state);
  await screen.findByRole("heading", { level: 1, name: "Confirm Your Account" });
  return { ...app, user: userEvent.setup(), email: screen.getByLabelText("Email"), code: screen.getByLabelText("Confirmation code") };
}

test("the address is pre-filled from navigation state", async () => {
  const { email, code } = await openConfirm({ username: "ada@example.com" });
  expect(email).toHaveValue("ada@example.com");
  expect(code).toHaveValue("");
  expect(code).toHaveAccessibleDescription("The 6-digit code we sent to your email address.");
});

test("without navigation state the address is empty", async () => {
  const { email } = await openConfirm();
  expect(email).toHaveValue("");
});

describe("checks before any call", () => {
  test("Submit with nothing typed shows both messages and makes no call", async () => {
    const { user, email, code } = await openConfirm();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(EMAIL_INVALID)).toBeInTheDocument();
    expect(screen.getByText(CODE_FORMAT)).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(EMAIL_INVALID);
    expect(code).toHaveAccessibleDescription(expect.stringContaining(CODE_FORMAT));
    expect(sent).toEqual([]);
  });

  test.each(["12345", "12a456", "12 456"])("the code %j is refused", async (typed) => {
    const { user, code } = await openConfirm({ username: "ada@example.com" });
    await user.type(code, typed);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(CODE_FORMAT)).toBeInTheDocument();
    expect(screen.queryByText(EMAIL_INVALID)).not.toBeInTheDocument();
    await waitFor(() => expect(code).toHaveFocus());
    expect(sent).toEqual([]);
  });

  test("the code field takes no more than 6 characters, and its message follows the typing after Submit", async () => {
    const { user, code } = await openConfirm({ username: "ada@example.com" });
    await user.type(code, "1234567");
    expect(code).toHaveValue("123456");
    await user.clear(code);
    await user.type(code, "123");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(CODE_FORMAT)).toBeInTheDocument();
    await user.type(code, "456");
    expect(screen.queryByText(CODE_FORMAT)).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe("confirming", () => {
  test("sends the address and the code, then goes to /login, which shows the success message", async () => {
    server.use(http.post(url("/public/confirm"), () => HttpResponse.json({ message: "Your account is confirmed. Please log in." })));
    const { user, code, router, visited } = await openConfirm({ username: "ada@example.com" });
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    await screen.findByRole("heading", { level: 1, name: "Log In" });
    expect(router.state.location.pathname).toBe("/login");
    expect(sentTo("POST", "/public/confirm").map((r) => r.body)).toEqual([{ username: "ada@example.com", code: "123456" }]);
    expect(visited.find((l) => l.pathname === "/login")?.state).toEqual({ username: "ada@example.com", message: "Your account is confirmed. Please log in." });
    const toast = await screen.findByRole("alertdialog", { name: "Success Notification" });
    expect(within(toast).getByText("Your account is confirmed. Please log in.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
  });

  test("a server refusal shows as the Confirm Card Error toast and stays", async () => {
    server.use(http.post(url("/public/confirm"), () => HttpResponse.json({ message: "The confirmation code is incorrect." }, { status: 400 })));
    const { user, code, router } = await openConfirm({ username: "ada@example.com" });
    await user.type(code, "654321");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    const toast = await screen.findByRole("alertdialog", { name: "Confirm Card Error" });
    expect(within(toast).getByText("The confirmation code is incorrect.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/confirm");
  });
});

describe("Resend confirmation code", () => {
  test("refuses an invalid address with its own message, making no call", async () => {
    const { user } = await openConfirm();
    await user.click(screen.getByRole("button", { name: "Resend confirmation code" }));
    expect(await screen.findByText(RESEND_INVALID)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  test("stays on /confirm and shows the server's message", async () => {
    server.use(http.post(url("/public/resend-confirm"), () => HttpResponse.json({ message: "We sent a new code." })));
    const { user, router } = await openConfirm({ username: "ada@example.com" });
    await user.click(screen.getByRole("button", { name: "Resend confirmation code" }));

    const toast = await screen.findByRole("alertdialog", { name: "Success Notification" });
    expect(within(toast).getByText("We sent a new code.")).toBeInTheDocument();
    expect(sentTo("POST", "/public/resend-confirm").map((r) => r.body)).toEqual([{ username: "ada@example.com" }]);
    expect(router.state.location.pathname).toBe("/confirm");
  });

  test("a server refusal shows as the Resend Confirmation Code Error toast", async () => {
    server.use(http.post(url("/public/resend-confirm"), () => HttpResponse.json({ message: "Too many codes requested." }, { status: 429 })));
    const { user } = await openConfirm({ username: "ada@example.com" });
    await user.click(screen.getByRole("button", { name: "Resend confirmation code" }));
    const toast = await screen.findByRole("alertdialog", { name: "Resend Confirmation Code Error" });
    expect(within(toast).getByText("Too many codes requested.")).toBeInTheDocument();
  });
});
