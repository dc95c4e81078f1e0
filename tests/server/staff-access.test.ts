// The staff side's door: its own session and cookie. An applicant's session opens nothing under
// /staff/api, a staff session nothing under /api; a disabled account's session ends at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, databaseKinds, json, loggedInApplicant, loggedInStaff, startTestServer, type TestServer } from "./harness";

describe.each(databaseKinds())("the staff door (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer(kind)));
  afterAll(() => server.app.close());

  it("answers 401 with a message to anyone without a staff session, an applicant's included", async () => {
    for (const client of [new Client(server), await loggedInApplicant(server)]) {
      const r = await client.get("/staff/api/me");
      expect(r.statusCode).toBe(401);
      expect(json(r)).toEqual({ message: "Please log in to the admissions office.", code: "loginNeeded" });
    }
  });

  it("knows the staff member, and their session opens no applicant route", async () => {
    const reader = await loggedInStaff(server, "reader");
    expect(json(await reader.get("/staff/api/me"))).toEqual({ id: reader.staffId, email: reader.email, role: "reader" });
    expect((await reader.get("/api/profile")).statusCode).toBe(401);
    expect((await reader.put("/api/answer", { first_name: "Mallory" })).statusCode).toBe(401);
  });

  it("ends the session after 15 minutes without a request, and at logout", async () => {
    const reader = await loggedInStaff(server, "reader");
    server.advance(14 * 60_000);
    expect((await reader.get("/staff/api/me")).statusCode).toBe(200);
    server.advance(15 * 60_000 + 1);
    expect((await reader.get("/staff/api/me")).statusCode).toBe(401);

    const other = await loggedInStaff(server, "reader");
    const id = other.cookies.get(server.ctx.staffCookie.name)!;
    expect(json(await other.post("/staff/api/logout"))).toEqual({ message: "You have been logged out." });
    other.cookies.set(server.ctx.staffCookie.name, id);
    expect((await other.get("/staff/api/me")).statusCode).toBe(401);
  });

  it("ends a disabled account's sessions at once", async () => {
    const reader = await loggedInStaff(server, "reader");
    await server.db.query("UPDATE staff SET disabled_at = $2 WHERE id = $1", [reader.staffId, server.clock.now]);
    expect((await reader.get("/staff/api/me")).statusCode).toBe(401);
  });

  it("keeps the audit log append-only", async () => {
    await server.db.query("INSERT INTO audit_log (at, actor, action, address) VALUES (now(), 'operator', 'invite staff', NULL)");
    await expect(server.db.query("UPDATE audit_log SET actor = 'someone else'")).rejects.toThrow(/append-only/);
    await expect(server.db.query("DELETE FROM audit_log")).rejects.toThrow(/append-only/);
  });
});
