// What every response carries and what every request must be: security headers, JSON only,
// same-site only, clear 4xx messages for what no route expects.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../src/api-contract/messages";
import { Client, json, loggedInApplicant, PASSWORD, startTestServer, type TestServer } from "./harness";

describe("HTTP rules", () => {
  let server: TestServer;
  let student: Client;
  beforeAll(async () => {
    server = await startTestServer("pglite");
    student = await loggedInApplicant(server);
  });
  afterAll(async () => { await server.app.close(); });

  it("answers GET /health", async () => {
    expect(json(await new Client(server).get("/health"))).toEqual({ status: "ok", database: "pglite" });
  });

  it("sends security headers on every response, and no-store on the API", async () => {
    for (const url of ["/health", "/api/profile", "/public/tmp?token=x", "/nowhere"]) {
      const { headers } = await student.get(url);
      expect(headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy"], url).toContain("script-src 'self'");
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["referrer-policy"], url).toBe("no-referrer");
    }
    expect((await student.get("/api/profile")).headers["cache-control"]).toBe("no-store");
    expect((await student.get("/public/tmp?token=x")).headers["cache-control"]).toBe("no-store");
  });

  it("marks cookies Secure and sends HSTS when the public address is https", async () => {
    const secure = await startTestServer("pglite", { publicUrl: "https://apply.example.edu" });
    try {
      const username = "secure@example.com";
      const client = await loggedInApplicant(secure, username);
      const login = await client.call("POST", "/public/login", { username, password: PASSWORD }, { origin: "https://apply.example.edu" });
      expect(login.headers["strict-transport-security"]).toContain("max-age=");
      expect(login.cookies.map((c) => [c.name, c.secure])).toEqual([["apply_session", true], ["apply_logged_in", true]]);
    } finally {
      await secure.app.close();
    }
    const plain = await new Client(server).get("/health");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
  });

  it("refuses requests from other sites", async () => {
    const crossSite: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }];
    for (const headers of crossSite) {
      const response = await student.call("PUT", "/api/answer", { first_name: "Evil" }, headers);
      expect([response.statusCode, json(response).message]).toEqual([403, messages.crossSite]);
    }
    // An Origin that matches the Host header the request itself names, but not PUBLIC_URL.
    const hostMatched = await student.call("PUT", "/api/answer", { first_name: "Evil" }, { origin: "http://evil.example", host: "evil.example" });
    expect([hostMatched.statusCode, json(hostMatched).message]).toEqual([403, messages.crossSite]);
    expect((await student.call("PUT", "/api/answer", { first_name: "Own" }, { origin: "http://localhost:8080", "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
    expect(json(await student.get("/api/profile")).answer).toEqual({ first_name: "Own" });
  });

  it("accepts only JSON bodies", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const response = await student.call("PUT", "/api/answer", undefined, { "content-type": type });
      const withBody = await server.app.inject({ method: "PUT", url: "/api/answer", payload: "first_name=Evil", headers: { "content-type": type, cookie: `apply_session=${student.cookies.get("apply_session")}` } });
      expect([withBody.statusCode, json(withBody).message]).toEqual([415, messages.jsonOnly]);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it.each([
    ['{"first_name":', messages.badJson],
    ['{"__proto__":{"x":1}}', messages.badJson],
    ['{"first_name":"a\\u0000b"}', messages.badText],
    ['{"first_name":"\\ud800"}', messages.badText],
  ])("refuses the body %s with a message", async (payload, message) => {
    const response = await server.app.inject({
      method: "PUT", url: "/api/answer", payload,
      headers: { "content-type": "application/json", cookie: `apply_session=${student.cookies.get("apply_session")}` },
    });
    expect([response.statusCode, json(response).message]).toEqual([400, message]);
  });

  it("refuses a body over 1 MB", async () => {
    const response = await student.put("/api/answer", { first_name: "x".repeat(1_100_000) });
    expect([response.statusCode, json(response).message]).toEqual([413, messages.tooLarge]);
  });

  it("answers unknown routes with 404 and a message", async () => {
    const response = await new Client(server).call("DELETE", "/public/everything?x=1");
    expect([response.statusCode, json(response).message]).toEqual([404, "There is no DELETE /public/everything."]);
  });

  it("serves anyone an OpenAPI document of the applicant's routes, made from the route schemas", async () => {
    const doc = json(await new Client(server).get("/public/openapi.json")) as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/public/signup", "/public/login", "/api/answer", "/api/submit", "/public/tmp"]));
    expect(JSON.stringify(doc.paths["/api/answer"]!.put!.requestBody)).toContain("personal_statement_essay");
  });
});
