// The account page (issue 22 item 5): a new e-mail address confirmed by a code, a new password
// with the sign-up checklist, the download link, and deleting an application not submitted
// behind a dialog whose focused default is Cancel; a submitted application is kept and says so.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, onTestFinished, test } from "vitest";
import { accountMessages } from "../../engine/messages";
import { useSession } from "../state/session";
import { logIn, profileOf, renderApp, sentTo, server, url, withTestServer } from "../testing";
import { DELETE_TITLE } from "./AccountPage";

withTestServer();

const USER = "ada@example.com";
const NEW = "ada.lovelace@example.org";

beforeEach(() => {
  server.use(
    http.get(url("/api/profile"), () => HttpResponse.json(profileOf({ username: USER }))),
    http.get(url("/api/session"), () => HttpResponse.json({ message: "You are still logged in." })),
  );
});

async function openAccount() {
  logIn({ username: USER });
  const app = renderApp("/account");
  await screen.findByRole("heading", { level: 1, name: "Your account" });
  return { ...app, user: userEvent.setup() };
}
const section = (name: string) => screen.getByRole("region", { name });

test("a visitor is sent to /login", async () => {
  const { router } = renderApp("/account");
  await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
});

test("names the address logged in with, and links the download of everything held", async () => {
  await openAccount();
  expect(screen.getByText(USER)).toBeInTheDocument();
  expect(within(section("Download your data")).getByRole("link", { name: "Download my data" })).toHaveAttribute("href", "/api/account/data");
});

/** Each click on Download my data: whether the page let the browser follow the link. */
function downloadClicks(): boolean[] {
  const followed: boolean[] = [];
  const record = (event: MouseEvent) => {
    if ((event.target as Element).closest("a[download]")) followed.push(!event.defaultPrevented);
  };
  window.addEventListener("click", record);
  onTestFinished(() => window.removeEventListener("click", record));
  return followed;
}

test("Download my data asks for the session first, then lets the browser download the zip", async () => {
  const { user } = await openAccount();
  const followed = downloadClicks();
  await user.click(within(section("Download your data")).getByRole("link", { name: "Download my data" }));
  await waitFor(() => expect(followed).toEqual([false, true]));
  expect(sentTo("GET", "/api/session")).toHaveLength(1);
  expect(screen.getByRole("heading", { level: 1, name: "Your account" })).toBeInTheDocument();
});

test("with the session expired, Download my data logs out to /login with the session message instead of saving the refusal as a file", async () => {
  server.use(http.get(url("/api/session"), () => HttpResponse.json({ message: "Unauthorized" }, { status: 401 })));
  const { user, router, visited } = await openAccount();
  const followed = downloadClicks();
  await user.click(within(section("Download your data")).getByRole("link", { name: "Download my data" }));
  const toast = await screen.findByRole("alertdialog", { name: "Login Card Error" });
  expect(within(toast).getByText(accountMessages.sessionInvalid)).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/login");
  expect(visited.find((l) => l.pathname === "/login")?.state).toEqual({ error: accountMessages.sessionInvalid });
  expect(useSession.getState().is_logged_in).toBe(false);
  expect(followed, "the browser never followed the link").toEqual([false]);
});

test("Log Out here goes to /login with the logout message on the login card", async () => {
  server.use(http.get(url("/api/logout"), () => HttpResponse.json({ message: "You have been logged out." })));
  const { user, visited } = await openAccount();
  await user.click(screen.getByRole("button", { name: "Account" }));
  await user.click(await screen.findByRole("button", { name: "Log Out" }));
  const toast = await screen.findByRole("alertdialog", { name: "Login Card Error" });
  expect(within(toast).getByText("You have been logged out.")).toBeInTheDocument();
  expect(visited.find((l) => l.pathname === "/login")?.state).toEqual({ error: "You have been logged out." });
});

test("changes the e-mail address with the code mailed to the new one", async () => {
  server.use(
    http.post(url("/api/account/email"), () => HttpResponse.json({ message: "We sent a confirmation code to the new address." })),
    http.post(url("/api/account/email/confirm"), () => HttpResponse.json({ message: "Your email address was changed.", username: NEW })),
  );
  const { user } = await openAccount();
  const email = within(section("Change your email address"));
  await user.type(email.getByLabelText("New email address"), NEW);
  await user.type(email.getByLabelText("Current password"), "Quiet-Lantern-82");
  await user.click(email.getByRole("button", { name: "Send confirmation code" }));
  expect(await email.findByRole("status")).toHaveTextContent("We sent a confirmation code to the new address.");
  expect(sentTo("POST", "/api/account/email").map((r) => r.body)).toEqual([{ email: NEW, password: "Quiet-Lantern-82" }]);
  const code = email.getByLabelText("Confirmation code");
  await waitFor(() => expect(code).toHaveFocus());
  // React Aria links the description once it has seen it drawn.
  await waitFor(() => expect(code).toHaveAccessibleDescription(`The 6-digit code we sent to ${NEW}.`));
  await user.type(code, "123456");
  await user.click(email.getByRole("button", { name: "Change email address" }));
  expect(within(await screen.findByRole("alertdialog", { name: "Success Notification" })).getByText("Your email address was changed.")).toBeInTheDocument();
  expect(sentTo("POST", "/api/account/email/confirm").map((r) => r.body)).toEqual([{ code: "123456" }]);
  expect(screen.getByText(NEW)).toBeInTheDocument();
  expect(useSession.getState().username).toBe(NEW);
  expect(within(section("Change your email address")).getByLabelText("New email address"), "the form starts over").toHaveValue("");
});

test("checks the fields before any call, and shows the server's refusal in its section", async () => {
  server.use(http.post(url("/api/account/email"), () => HttpResponse.json({ message: "Your current password is not correct." }, { status: 400 })));
  const { user } = await openAccount();
  const email = within(section("Change your email address"));
  await user.click(email.getByRole("button", { name: "Send confirmation code" }));
  expect(await email.findByText(accountMessages.emailInvalid)).toBeInTheDocument();
  expect(email.getByText(accountMessages.passwordRequired)).toBeInTheDocument();
  await waitFor(() => expect(email.getByLabelText("New email address")).toHaveFocus());
  expect(sentTo("POST", "/api/account/email")).toEqual([]);
  await user.type(email.getByLabelText("New email address"), NEW);
  await user.type(email.getByLabelText("Current password"), "Wrong-Password-1");
  await user.click(email.getByRole("button", { name: "Send confirmation code" }));
  expect(await email.findByRole("alert")).toHaveTextContent("Your current password is not correct.");
});

test("changes the password under sign-up's rules, with the live checklist, and a confirmation that must match", async () => {
  server.use(http.post(url("/api/account/password"), () => HttpResponse.json({ message: "Your password was changed." })));
  const { user } = await openAccount();
  const password = within(section("Change your password"));
  await user.type(password.getByLabelText("Current password"), "Quiet-Lantern-82");
  await user.type(password.getByLabelText("New password"), "short");
  expect(password.getByText("is at least 12 characters").closest("li")).toHaveAttribute("data-state", "error");
  await user.type(password.getByLabelText("New password"), "-Amber-Harbor-47");
  expect(password.getByText("is at least 12 characters").closest("li")).toHaveAttribute("data-state", "success");
  await user.type(password.getByLabelText("Confirm new password"), "something else");
  await user.click(password.getByRole("button", { name: "Change password" }));
  expect(await password.findByText(accountMessages.passwordsMustMatch)).toBeInTheDocument();
  expect(sentTo("POST", "/api/account/password")).toEqual([]);
  await user.clear(password.getByLabelText("Confirm new password"));
  await user.type(password.getByLabelText("Confirm new password"), "short-Amber-Harbor-47");
  await user.click(password.getByRole("button", { name: "Change password" }));
  expect(within(await screen.findByRole("alertdialog", { name: "Success Notification" })).getByText("Your password was changed.")).toBeInTheDocument();
  expect(sentTo("POST", "/api/account/password").map((r) => r.body)).toEqual([{ password: "Quiet-Lantern-82", new_password: "short-Amber-Harbor-47" }]);
  expect(within(section("Change your password")).getByLabelText("New password"), "the passwords typed leave the page").toHaveValue("");
});

test("asks before deleting: Cancel has the focus, and Escape keeps the application", async () => {
  const { user } = await openAccount();
  await user.click(within(section("Delete your application")).getByRole("button", { name: "Delete my application" }));
  const dialog = await screen.findByRole("alertdialog", { name: DELETE_TITLE });
  expect(dialog).toHaveTextContent("Your answers, every document you attached and your account will be deleted");
  await waitFor(() => expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus());
  await user.keyboard("{Escape}");
  await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  expect(sentTo("DELETE", "/api/account")).toEqual([]);
});

test("deleting goes to /login with the message, and nothing of the applicant stays in the browser", async () => {
  server.use(
    http.delete(url("/api/account"), () => HttpResponse.json({ message: "Your application and your account have been deleted." })),
    // The change left unsent on this device goes first, as after any login.
    http.put(url("/api/answer"), () => HttpResponse.json({ message: "Saved.", revision: 2, cleared: [] })),
  );
  localStorage.setItem(`apply.unsaved.${USER}`, JSON.stringify({ first_name: "Ada" }));
  const { user, router } = await openAccount();
  await user.click(within(section("Delete your application")).getByRole("button", { name: "Delete my application" }));
  const dialog = await screen.findByRole("alertdialog", { name: DELETE_TITLE });
  await user.click(within(dialog).getByRole("button", { name: "Delete my application" }));
  await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  expect(within(await screen.findByRole("alertdialog", { name: "Success Notification" })).getByText("Your application and your account have been deleted.")).toBeInTheDocument();
  expect(sentTo("DELETE", "/api/account")).toHaveLength(1);
  expect(useSession.getState().is_logged_in).toBe(false);
  expect(Object.keys(localStorage).filter((key) => key.startsWith("apply."))).toEqual([]);
});

test("a submitted application is kept, and the page says so instead of offering the delete", async () => {
  server.use(http.get(url("/api/profile"), () => HttpResponse.json(profileOf({ username: USER }, ["started", "validating", "submitted"]))));
  await openAccount();
  const remove = within(section("Delete your application"));
  expect(remove.getByText(accountMessages.keptSubmitted)).toBeInTheDocument();
  expect(remove.queryByRole("button")).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to your application" })).toHaveAttribute("href", "/status");
});
