// The account cards' inputs: every e-mail field is a text input (with the phone's
// e-mail keyboard) that takes at most 45 characters; passwords stay password inputs, of up to the
// server's 256 characters (docs/choices.md: a longer password must not be cut short).
import { http, HttpResponse } from "msw";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, test } from "vitest";
import { renderApp, server, url, withTestServer } from "../testing";

withTestServer();

beforeEach(() => {
  server.use(http.post(url("/public/reset-password/check"), () => HttpResponse.json({ message: "This password reset link works." })));
});

test.each([
  ["/login", "Log In", ["Password"]],
  ["/signup", "Sign Up", ["Password"]],
  ["/confirm", "Confirm Your Account", []],
  ["/forgot", "Forgot Password", []],
])("%s: the e-mail is a text input of at most 45 characters, a password a password input", async (path, title, passwords) => {
  renderApp(path);
  await screen.findByRole("heading", { level: 1, name: title });
  const email = screen.getByRole("textbox", { name: "Email" });
  expect(email).toHaveAttribute("type", "text");
  expect(email).toHaveAttribute("inputmode", "email");
  expect(email).toHaveAttribute("maxlength", "45");
  for (const label of passwords) {
    expect(screen.getByLabelText(label)).toHaveAttribute("type", "password");
    expect(screen.getByLabelText(label)).toHaveAttribute("maxlength", "256");
  }

  // Typing more than 45 characters keeps 45.
  await userEvent.setup().type(email, `${"a".repeat(40)}@example.com`);
  expect(email).toHaveValue(`${"a".repeat(40)}@exam`);
});

test("/reset: both passwords are password inputs", async () => {
  renderApp("/reset?username=ada%40example.com&id=f3b9c2e1");
  expect(await screen.findByLabelText("New password")).toHaveAttribute("type", "password");
  expect(screen.getByLabelText("Confirm password")).toHaveAttribute("type", "password");
});
