// The API client's error catalogue: what an applicant reads for each
// kind of failure, the 401 handling, and the console log of every error response.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from "vitest";
import { accountMessages } from "../../engine/messages";
import { renderApp, sentTo, server, url, withTestServer } from "../testing";
import { queryClient } from "./queries";
import { ApiError } from "../../api-contract/errors";
import { call } from "./client";

withTestServer();

const UNEXPECTED = "We've encountered an unexpected error at this time. Please try again later.";
const SESSION_INVALID = "Your session is invalid. Please clear your cookies and login again.";

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

/** The ApiError a call rejects with. */
async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("messages", () => {
  test("the spec's texts are the engine's", () => {
    expect(accountMessages.unexpected).toBe(UNEXPECTED);
    expect(accountMessages.sessionInvalid).toBe(SESSION_INVALID);
  });

  test("a JSON reply is returned as it came, with the body sent as JSON", async () => {
    let body: unknown;
    let contentType: string | null = null;
    server.use(
      http.post(url("/api/thing"), async ({ request }) => {
        contentType = request.headers.get("content-type");
        body = await request.json();
        return HttpResponse.json({ message: "Saved.", revision: 3 });
      }),
    );
    await expect(call("POST", "/api/thing", { a: 1 })).resolves.toEqual({ message: "Saved.", revision: 3 });
    expect(body).toEqual({ a: 1 });
    expect(contentType).toBe("application/json");
    expect(consoleError).not.toHaveBeenCalled();
  });

  test("a non-JSON error response reads as the unexpected error", async () => {
    server.use(http.get(url("/api/thing"), () => new HttpResponse("<html>Bad Gateway</html>", { status: 502, headers: { "Content-Type": "text/html" } })));
    const error = await failureOf(call("GET", "/api/thing"));
    expect(error.message).toBe(UNEXPECTED);
    expect(error.status).toBe(502);
  });

  test("a non-JSON success response reads as the unexpected error too", async () => {
    server.use(http.get(url("/api/thing"), () => HttpResponse.text("OK")));
    const error = await failureOf(call("GET", "/api/thing"));
    expect(error.message).toBe(UNEXPECTED);
  });

  test.each([
    ["no message", {}],
    ["an empty message", { message: "" }],
    ["a blank message", { message: "   " }],
    ["a message that is not text", { message: 42 }],
    ["a body that is not an object", "Broken"],
  ])("an error response with %s reads as the unexpected error", async (_, body) => {
    server.use(http.put(url("/api/thing"), () => HttpResponse.json(body, { status: 500 })));
    const error = await failureOf(call("PUT", "/api/thing", {}));
    expect(error.message).toBe(UNEXPECTED);
    expect(error.status).toBe(500);
  });

  test("any other error response carries the body's message and code", async () => {
    server.use(http.post(url("/public/login"), () => HttpResponse.json({ message: "Incorrect username or password.", code: "loginWrong" }, { status: 400 })));
    const error = await failureOf(call("POST", "/public/login", { username: "a@b.co", password: "x" }));
    expect(error.message).toBe("Incorrect username or password.");
    expect(error.code).toBe("loginWrong");
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ message: "Incorrect username or password.", code: "loginWrong" });
  });

  test("an error response with a message and no code has the code unexpected", async () => {
    server.use(http.post(url("/api/thing"), () => HttpResponse.json({ message: "Refused." }, { status: 400 })));
    const error = await failureOf(call("POST", "/api/thing", {}));
    expect([error.status, error.code, error.message]).toEqual([400, "unexpected", "Refused."]);
  });

  test("a server that cannot be reached reads as the unexpected error", async () => {
    server.use(http.get(url("/api/thing"), () => HttpResponse.error()));
    const error = await failureOf(call("GET", "/api/thing"));
    expect(error.message).toBe(UNEXPECTED);
    expect(error.status).toBe(0);
  });
});

describe("the console", () => {
  test("an error response is logged with its method, path, status and message", async () => {
    server.use(http.delete(url("/api/thing"), () => HttpResponse.json({ message: "Not yours." }, { status: 403 })));
    await failureOf(call("DELETE", "/api/thing"));
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]![0])).toBe("DELETE /api/thing: 403 Not yours.");
  });

  test("a network failure and a 401 are logged too", async () => {
    server.use(
      http.get(url("/api/gone"), () => HttpResponse.error()),
      http.get(url("/api/secret"), () => HttpResponse.json({ message: "Unauthorized" }, { status: 401 })),
    );
    await failureOf(call("GET", "/api/gone"));
    await failureOf(call("GET", "/api/secret", undefined, { handleUnauthorized: false }));
    expect(consoleError).toHaveBeenCalledTimes(2);
    expect(String(consoleError.mock.calls[0]![0])).toContain("GET /api/gone");
    expect(String(consoleError.mock.calls[1]![0])).toContain("GET /api/secret: 401");
  });
});

describe("401", () => {
  test("clears the cache and goes to /login with the session message, which the login card shows", async () => {
    server.use(http.get(url("/api/thing"), () => HttpResponse.json({ message: "Unauthorized" }, { status: 401 })));
    const { router, visited } = renderApp("/about");
    await screen.findByRole("button", { name: "Save for later" });
    queryClient.setQueryData(["profile"], { username: "ada@example.com" });

    const error = await failureOf(call("GET", "/api/thing"));
    expect(error.message).toBe(SESSION_INVALID);
    expect(error.status).toBe(401);
    expect(queryClient.getQueryData(["profile"])).toBeUndefined();

    await screen.findByRole("heading", { name: "Log In" });
    expect(router.state.location.pathname).toBe("/login");
    expect(visited.find((l) => l.pathname === "/login")?.state).toEqual({ error: SESSION_INVALID });
    const toast = await screen.findByRole("alertdialog", { name: "Login Card Error" });
    expect(within(toast).getByText(SESSION_INVALID)).toBeInTheDocument();
    expect(within(toast).getByText("Error")).toBeInTheDocument();
  });

  test("a 401 with handleUnauthorized false is not handled: the app stays where it is", async () => {
    server.use(http.get(url("/api/logout"), () => HttpResponse.json({ message: "Unauthorized" }, { status: 401 })));
    const { router } = renderApp("/forgot");
    await screen.findByRole("heading", { name: "Forgot Password" });
    queryClient.setQueryData(["profile"], { username: "ada@example.com" });

    const error = await failureOf(call("GET", "/api/logout", undefined, { handleUnauthorized: false }));
    expect(error.message).toBe(SESSION_INVALID);
    expect(queryClient.getQueryData(["profile"])).toEqual({ username: "ada@example.com" });
    await waitFor(() => expect(sentTo("GET", "/api/logout")).toHaveLength(1));
    expect(router.state.location.pathname).toBe("/forgot");
  });
});
