// The office's login: the server's refusal in an alert, success back to the page asked for, and
// an ended session (any 401) back to the login with its message.
import { http, HttpResponse } from "msw";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { sentTo, server, url, withTestServer } from "../testing";
import { logInAs, renderStaff, serveDashboard, staffOf } from "./testing";

withTestServer();

async function fillLogin(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("E-mail"), " ada@westbrook.example.edu ");
  await user.type(screen.getByLabelText("Password"), "correct horse");
  await user.type(screen.getByLabelText("Authentication code"), "123 456");
  await user.click(screen.getByRole("button", { name: "Log in" }));
}

describe("logging in", () => {
  test("the server's refusal shows in the alert region, and the page stays", async () => {
    server.use(http.post(url("/staff/api/login"), () => HttpResponse.json({ message: "The e-mail, password or code is not right." }, { status: 401 })));
    const { router } = renderStaff("/staff/login");
    expect(await screen.findByRole("heading", { level: 1, name: "Log in to the admissions office" })).toBeInTheDocument();
    expect(document.title).toBe("Log in | Westbrook University admissions office");
    await fillLogin(userEvent.setup());

    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("The e-mail, password or code is not right."));
    expect(router.location.pathname).toBe("/staff/login");
    expect(sentTo("POST", "/staff/api/login").map((r) => r.body)).toEqual([{ email: "ada@westbrook.example.edu", password: "correct horse", code: "123456" }]);
    const code = screen.getByLabelText("Authentication code");
    expect(code).toHaveAccessibleDescription("6-digit code from your authenticator app, or a recovery code");
    // The phone offers the code, and its full keyboard: a recovery code has letters.
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).not.toHaveAttribute("inputmode");
  });

  test("nothing typed: each field says what is missing, and nothing is sent", async () => {
    renderStaff("/staff/login");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Enter your e-mail address.")).toBeInTheDocument();
    expect(screen.getByText("Enter your password.")).toBeInTheDocument();
    expect(screen.getByText("Enter a code from your authenticator app, or a recovery code.")).toBeInTheDocument();
    expect(sentTo("POST", "/staff/api/login")).toEqual([]);
  });

  test("success goes to the page asked for, logged in", async () => {
    server.use(http.post(url("/staff/api/login"), () => HttpResponse.json(staffOf("reviewer"))));
    server.use(http.get(url("/staff/api/applications/12"), () => HttpResponse.json({ message: "There is no application 12." }, { status: 404 })));
    server.use(http.get(url("/staff/api/applications/12/neighbours"), () => HttpResponse.json({ previous: null, next: null })));
    const { router } = renderStaff("/staff/login", { from: "/staff/applications/12?status=submitted" });
    await fillLogin(userEvent.setup());

    await waitFor(() => expect(router.location.pathname).toBe("/staff/applications/12"));
    expect(router.location.search).toBe("?status=submitted");
    expect(await screen.findByText("reviewer@westbrook.example.edu")).toBeInTheDocument();
    // Who is here came with the login: not asked again.
    expect(sentTo("GET", "/staff/api/me")).toEqual([]);
  });

  test("without a page asked for, success goes to the dashboard; a link elsewhere is not followed", async () => {
    server.use(http.post(url("/staff/api/login"), () => HttpResponse.json(staffOf("reader"))));
    serveDashboard();
    const { router } = renderStaff("/staff/login", { from: "https://elsewhere.example/" });
    await fillLogin(userEvent.setup());
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(router.location.pathname).toBe("/staff");
  });
});

describe("an ended session", () => {
  test("a visit without a session goes to the login, and comes back after it", async () => {
    server.use(
      http.get(url("/staff/api/me"), () => HttpResponse.json({ message: "Please log in." }, { status: 401 })),
      http.post(url("/staff/api/login"), () => HttpResponse.json(staffOf("admin"))),
      http.get(url("/staff/api/staff"), () => HttpResponse.json({ staff: [] })),
    );
    const { router } = renderStaff("/staff/team");
    await screen.findByRole("heading", { level: 1, name: "Log in to the admissions office" });
    expect(screen.queryByText(/session has ended/)).not.toBeInTheDocument();
    await fillLogin(userEvent.setup());
    expect(await screen.findByRole("heading", { level: 1, name: "Team" })).toBeInTheDocument();
    expect(router.location.pathname).toBe("/staff/team");
  });

  test("a 401 from any call goes to the login with the message, keeping where staff were", async () => {
    logInAs("reader");
    server.use(http.get(url("/staff/api/applications"), () => HttpResponse.json({ message: "Your session has ended." }, { status: 401 })));
    const { router } = renderStaff("/staff/applications?status=submitted");
    expect(await screen.findByText("Your session has ended. Please log in again.")).toBeInTheDocument();
    expect(router.location.pathname).toBe("/staff/login");
    expect(router.location.state).toEqual({ message: "Your session has ended. Please log in again.", from: "/staff/applications?status=submitted" });
  });

  test("Log out ends the session and shows the login with its message", async () => {
    logInAs("reader");
    server.use(
      http.get(url("/staff/api/applications"), () => HttpResponse.json({ rows: [], next: null, total: 0 })),
      http.post(url("/staff/api/logout"), () => HttpResponse.json({ message: "Logged out." })),
    );
    const { router } = renderStaff("/staff/applications");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Log out" }));
    expect(await screen.findByText("You have logged out.")).toBeInTheDocument();
    expect(router.location.pathname).toBe("/staff/login");
    expect(sentTo("POST", "/staff/api/logout")).toHaveLength(1);
  });
});
