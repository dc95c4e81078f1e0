// Who reaches what: every /api route, as an anonymous visitor, as student A and as student B.
// Routes come from the server's own OpenAPI document, so a new route cannot be forgotten here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../src/api-contract/messages";
import { Client, databaseKinds, json, loggedInApplicant, startTestServer, type TestServer } from "./harness";

/** A valid call for each /api route; the test fails when a route is missing here. */
const calls: Record<string, unknown> = {
  "GET /api/profile": undefined,
  "GET /api/logout": undefined,
  "GET /api/session": undefined,
  "PUT /api/answer": { first_name: "Changed" },
  "PUT /api/last-page": { last_page: "/final-steps" },
  "POST /api/web-status": { web_status: "started" },
  "POST /api/validations": {},
  "POST /api/submit": undefined,
  "GET /api/tabs": undefined,
  "PUT /api/tabs": { tab_id: "personal_statement", chosen_tab: "upload" },
  "GET /api/add-another": undefined,
  "PUT /api/add-another": { button_id: "siblings", num_components: 2 },
  "POST /api/presigned-url": { answer_key: "resume_pdf" },
  "POST /api/pdf/document-answer/{key}": { file_key: "documents/0123456789abcdef0123456789abcdef", file_name: "resume.pdf" },
  "GET /api/pdf/document-answer/{key}": undefined,
  "DELETE /api/pdf/document-answer/{key}": undefined,
  "DELETE /api/document-answer/{key}": undefined,
  "GET /api/document-answer": undefined,
  "GET /api/document-answer/{key}/thumbnail": undefined,
  "GET /api/pdf": undefined,
  "GET /api/status": undefined,
  "POST /api/requests/{id}/reply": { message: "Here it is." },
  "POST /api/decision/response": { accept: true },
  "GET /api/decision/letter.pdf": undefined,
  "POST /api/account/email": { email: "moved@example.com", password: "Quiet-Lantern-82" },
  "POST /api/account/email/confirm": { code: "123456" },
  "POST /api/account/password": { password: "Quiet-Lantern-82", new_password: "Amber-Harbor-Willow-47" },
  "GET /api/account/data": undefined,
  "DELETE /api/account": undefined,
};
/** The address of a call: a route's {key} is the resume question, its {id} the first row's. */
const urlOf = (route: string) => route.split(" ")[1]!.replace("{key}", "resume_pdf").replace("{id}", "1");

describe.each(databaseKinds())("access on %s", (kind) => {
  let server: TestServer;
  let a: Client;
  let b: Client;
  beforeAll(async () => {
    server = await startTestServer(kind);
    a = await loggedInApplicant(server, "student.a@example.com");
    b = await loggedInApplicant(server, "student.b@example.com");
    await a.put("/api/answer", { first_name: "Alice", personal_statement_essay: "A's essay" });
    await a.put("/api/last-page", { last_page: "/education" });
    await b.put("/api/answer", { first_name: "Bob" });
  });
  afterAll(async () => { await server.app.close(); });

  it("has a call for every /api route of the OpenAPI document", async () => {
    const { paths } = json(await new Client(server).get("/public/openapi.json")) as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(paths).filter(([path]) => path.startsWith("/api/"))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes.sort()).toEqual(Object.keys(calls).sort());
  });

  it.each(Object.entries(calls))("anonymous: %s answers 401 with the session message and changes nothing", async (route, body) => {
    const method = route.split(" ")[0] as "GET";
    const url = urlOf(route);
    const before = await server.db.query("SELECT user_id, answers, revision, last_page, web_status, tabs, add_another, validations FROM applications ORDER BY user_id");
    for (const cookie of [undefined, "apply_session=forged-session-id"]) {
      const response = await new Client(server).call(method, url, body, cookie ? { cookie } : {});
      expect([response.statusCode, json(response).message]).toEqual([401, messages.sessionInvalid]);
    }
    expect(await server.db.query("SELECT user_id, answers, revision, last_page, web_status, tabs, add_another, validations FROM applications ORDER BY user_id")).toEqual(before);
  });

  it("student B's calls read and change only B's application", async () => {
    const rowOf = async (username: string) => (await server.db.query(
      "SELECT answers, revision, last_page, web_status, tabs, add_another FROM applications a JOIN users u ON u.id = a.user_id WHERE username = $1", [username]))[0];
    const aBefore = await rowOf("student.a@example.com");
    for (const [route, body] of Object.entries(calls)) {
      // B's own end comes last (the next test): a logout, or the account deleted.
      if (route === "GET /api/logout" || route === "DELETE /api/account") continue;
      const response = await b.call(route.split(" ")[0] as "GET", urlOf(route), body);
      expect(response.statusCode, route).toBeLessThan(500);
      expect(response.body, route).not.toContain("Alice");
      expect(response.body, route).not.toContain("student.a@");
    }
    expect(await rowOf("student.a@example.com")).toEqual(aBefore);
    const bProfile = json(await b.get("/api/profile"));
    expect(bProfile).toMatchObject({ username: "student.b@example.com", answer: { first_name: "Changed" }, last_page: "/final-steps" });
    expect(json(await a.get("/api/profile"))).toMatchObject({ username: "student.a@example.com", answer: { first_name: "Alice" }, last_page: "/education" });
  });

  it("student A's logout ends A's session only", async () => {
    expect((await a.get("/api/logout")).statusCode).toBe(200);
    expect((await a.get("/api/profile")).statusCode).toBe(401);
    expect((await b.get("/api/profile")).statusCode).toBe(200);
  });

  it("student B's account deleted deletes B's only", async () => {
    expect((await b.delete("/api/account")).statusCode).toBe(200);
    expect((await b.get("/api/profile")).statusCode).toBe(401);
    expect(await server.db.query("SELECT 1 FROM users WHERE username = $1", ["student.a@example.com"])).toHaveLength(1);
  });
});
