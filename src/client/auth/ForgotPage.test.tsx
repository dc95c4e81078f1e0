// The forgot-password card: the address's rule, a success toast
// without navigation, and its error toast.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { renderApp, sent, sentTo, server, url, withTestServer } from "../testing";

withTestServer();

const EMAIL_INVALID = "Your email address must be valid.";

async function openForgot(state?: unknown) {
  const app = renderApp("/forgot", state);
  await screen.findByRole("heading", { level: 1, name: "Forgot Password" });
  return { ...app, user: userEvent.setup(), email: screen.getByLabelText("Email") };
}

test("an invalid address is refused before any call", async () => {
  const { user, email } = await openForgot();
  await user.type(email, "ada.example.com");
  expect(screen.queryByText(EMAIL_INVALID)).not.toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Submit" }));
  expect(await screen.findByText(EMAIL_INVALID)).toBeInTheDocument();
  expect(email).toHaveAttribute("aria-invalid", "true");
  expect(email).toHaveAccessibleDescription(EMAIL_INVALID);
  await waitFor(() => expect(email).toHaveFocus());
  expect(sent).toEqual([]);
});

test("sends the address, shows the server's message as a success toast and stays", async () => {
  server.use(http.post(url("/public/forgot-password"), () => HttpResponse.json({ message: "If an account exists, we sent a link to reset the password." })));
  const { user, email, router } = await openForgot({ username: "ada@example.com" });
  expect(email).toHaveValue("ada@example.com");
  await user.click(screen.getByRole("button", { name: "Submit" }));

  const toast = await screen.findByRole("alertdialog", { name: "Success Notification" });
  expect(within(toast).getByText("If an account exists, we sent a link to reset the password.")).toBeInTheDocument();
  expect(within(toast).getByText("Success")).toBeInTheDocument();
  expect(sentTo("POST", "/public/forgot-password").map((r) => r.body)).toEqual([{ username: "ada@example.com" }]);
  expect(router.state.location.pathname).toBe("/forgot");
});

test("a server refusal shows as the Forgot Password Card Error toast", async () => {
  server.use(http.post(url("/public/forgot-password"), () => HttpResponse.json({ message: "Too many requests. Please try again later." }, { status: 429 })));
  const { user, email } = await openForgot();
  await user.type(email, "ada@example.com");
  await user.click(screen.getByRole("button", { name: "Submit" }));
  const toast = await screen.findByRole("alertdialog", { name: "Forgot Password Card Error" });
  expect(within(toast).getByText("Too many requests. Please try again later.")).toBeInTheDocument();
  expect(screen.queryByRole("alertdialog", { name: "Success Notification" })).not.toBeInTheDocument();
});

test("the footer's Log In carries the address", async () => {
  const { user, email, router } = await openForgot();
  await user.type(email, "ada@example.com");
  await user.click(screen.getByRole("link", { name: "Log In" }));
  await screen.findByRole("heading", { level: 1, name: "Log In" });
  expect(router.state.location.state).toEqual({ username: "ada@example.com" });
});
