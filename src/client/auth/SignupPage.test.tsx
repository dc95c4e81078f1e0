// The sign-up card: the live password checklist, the checks
// before any call, and the way to /confirm with the address and the message.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { useAnswers } from "../state/answers";
import { renderApp, sent, sentTo, server, url, withTestServer } from "../testing";

withTestServer();

const EMAIL_INVALID = "Your email address must be valid.";
const PASSWORD_UNMET = "Your password must meet every requirement in the list.";
const REQUIREMENTS = [
  "is at least 12 characters",
  "contains at least one uppercase letter",
  "contains at least one lowercase letter",
  "contains at least one number",
  "contains at least one special character",
  "contains no leading or trailing whitespace",
];

async function openSignup(state?: unknown) {
  const app = renderApp("/signup", state);
  await screen.findByRole("heading", { level: 1, name: "Sign Up" });
  return { ...app, user: userEvent.setup(), email: screen.getByLabelText("Email"), password: screen.getByLabelText("Password") };
}

/** Each requirement's state, by phrase, as the checklist shows it. */
function checklist(): Record<string, string | null> {
  const list = screen.getByRole("list", { name: "Your password:" });
  return Object.fromEntries(
    within(list)
      .getAllByRole("listitem")
      .map((item) => [REQUIREMENTS.find((phrase) => item.textContent?.includes(phrase)) ?? item.textContent, item.getAttribute("data-state")]),
  );
}

const all = (state: string) => Object.fromEntries(REQUIREMENTS.map((phrase) => [phrase, state]));

describe("the live password checklist", () => {
  test("lists the six requirements, each inactive while the password is empty", async () => {
    const { password } = await openSignup();
    expect(checklist()).toEqual(all("inactive"));
    expect(password).toHaveAccessibleDescription(expect.stringContaining("is at least 12 characters"));
  });

  test("marks each requirement error or success as the applicant types", async () => {
    const { user, password } = await openSignup();
    await user.type(password, "abc");
    expect(checklist()).toEqual({
      ...all("error"),
      "contains at least one lowercase letter": "success",
      "contains no leading or trailing whitespace": "success",
    });
    expect(screen.getByText("contains at least one lowercase letter").closest("li")).toHaveTextContent("(met)");
    expect(screen.getByText("contains at least one number").closest("li")).toHaveTextContent("(not met)");

    await user.type(password, "defghiJ1!");
    expect(checklist()).toEqual(all("success"));

    await user.type(password, " ");
    expect(checklist()).toEqual({ ...all("success"), "contains no leading or trailing whitespace": "error" });

    await user.clear(password);
    expect(checklist()).toEqual(all("inactive"));
  });
});

describe("checks before any call", () => {
  test("Submit with nothing typed shows both messages and makes no call", async () => {
    const { user, email, password } = await openSignup();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(EMAIL_INVALID)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_UNMET)).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(email).toHaveFocus());
    expect(sent).toEqual([]);
  });

  test("a password that misses one requirement is refused", async () => {
    const { user, email, password } = await openSignup();
    await user.type(email, "ada@example.com");
    await user.type(password, "abcdefghijK1");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(PASSWORD_UNMET)).toBeInTheDocument();
    expect(screen.queryByText(EMAIL_INVALID)).not.toBeInTheDocument();
    expect(checklist()["contains at least one special character"]).toBe("error");
    expect(sent).toEqual([]);
  });

  test("no message before the first Submit; after it, the messages follow the typing", async () => {
    const { user, email } = await openSignup();
    await user.type(email, "ada@");
    expect(screen.queryByText(EMAIL_INVALID)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(EMAIL_INVALID)).toBeInTheDocument();

    await user.type(email, "example.com");
    expect(screen.queryByText(EMAIL_INVALID)).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute("aria-invalid", "true");
    await user.type(email, "@");
    expect(screen.getByText(EMAIL_INVALID)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe("signing up", () => {
  test("sends the trimmed address and the password, then goes to /confirm with the address and message", async () => {
    server.use(http.post(url("/public/signup"), () => HttpResponse.json({ message: "We sent a confirmation code to ada@example.com." })));
    const { user, email, password, router, visited } = await openSignup();
    await user.type(email, " ada@example.com");
    await user.type(password, "Correct-horse-9");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    await screen.findByRole("heading", { level: 1, name: "Confirm Your Account" });
    expect(router.state.location.pathname).toBe("/confirm");
    expect(sentTo("POST", "/public/signup").map((r) => r.body)).toEqual([{ username: "ada@example.com", password: "Correct-horse-9" }]);
    expect(visited.find((l) => l.pathname === "/confirm")?.state).toEqual({
      username: "ada@example.com",
      message: "We sent a confirmation code to ada@example.com.",
    });
    const toast = await screen.findByRole("alertdialog", { name: "Success Notification" });
    expect(within(toast).getByText("We sent a confirmation code to ada@example.com.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    // The message is shown once; the address stays in the entry for the next card.
    await waitFor(() => expect(router.state.location.state).toEqual({ username: "ada@example.com" }));
  });

  test("the answers typed in this tab go on in the tab, not in the history entry", async () => {
    useAnswers.getState().replaceAll({ first_name: "Grace" });
    server.use(http.post(url("/public/signup"), () => HttpResponse.json({ message: "Code sent." })));
    const { user, email, password, visited } = await openSignup();
    await user.type(email, "grace@example.com");
    await user.type(password, "Correct-horse-9");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("heading", { level: 1, name: "Confirm Your Account" });
    expect(visited.find((l) => l.pathname === "/confirm")?.state).toEqual({ username: "grace@example.com", message: "Code sent." });
    expect(useAnswers.getState().answers).toEqual({ first_name: "Grace" });
  });

  test("a server refusal shows as the Sign Up Card Error toast and stays", async () => {
    server.use(http.post(url("/public/signup"), () => HttpResponse.json({ message: "An account with this email already exists." }, { status: 409 })));
    const { user, email, password, router } = await openSignup();
    await user.type(email, "ada@example.com");
    await user.type(password, "Correct-horse-9");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    const toast = await screen.findByRole("alertdialog", { name: "Sign Up Card Error" });
    expect(within(toast).getByText("An account with this email already exists.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/signup");
  });

  test("the footer's Log In carries the address", async () => {
    const { user, email, router } = await openSignup();
    await user.type(email, "ada@example.com");
    await user.click(screen.getByRole("link", { name: "Log In" }));
    await screen.findByRole("heading", { level: 1, name: "Log In" });
    expect(router.state.location.state).toEqual({ username: "ada@example.com" });
  });
});
