import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueServiceToken } from "../../src/server/auth/service-tokens";
import { png } from "../../src/server/convert/test-files";
import { UPLOAD_KEY_MS } from "../../src/server/routes/documents";
import { sweepExpired } from "../../src/server/sweep";
import { Client, loggedInApplicant, newAddress, postUploadForm, startTestServer, type TestServer } from "./harness";

describe("sweeping expired rows", () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer("pglite"); });
  afterAll(async () => { await server.app.close(); });
  const count = async (table: string) => (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

  it("removes ended sessions, old limits, dead codes, resets, saved answers, upload forms and service tokens, and keeps live ones", async () => {
    const old = await loggedInApplicant(server);
    await new Client(server).post("/public/signup", { username: newAddress(), password: "Quiet-Lantern-82" });
    await new Client(server).post("/public/forgot-password", { username: newAddress() });
    await new Client(server).post("/public/tmp", { first_name: "Ana" });
    await old.post("/api/presigned-url", { answer_key: "resume_pdf" });
    await issueServiceToken(server.db, server.ctx.hash, (await server.db.query<{ id: number }>("SELECT min(id) AS id FROM users"))[0]!.id, server.clock.now);
    server.advance(31 * 24 * 60 * 60_000);
    const currentAddress = newAddress();
    const current = await loggedInApplicant(server, currentAddress);
    await sweepExpired(server.db, server.ctx.storage, server.clock.now);
    expect(await count("sessions")).toBe(1);
    expect(await count("temporary_answers")).toBe(0);
    expect(await count("signup_attempts")).toBe(0);
    expect(await count("upload_keys")).toBe(0);
    expect(await count("service_tokens")).toBe(0);
    const limits = await server.db.query<{ key: string }>("SELECT key FROM throttles ORDER BY key");
    expect(limits.map((l) => l.key.replace(/^signup:.*/, "signup"))).toEqual([`mail:${currentAddress}`, "signup"]);
    expect((await old.get("/api/profile")).statusCode).toBe(401);
    expect((await current.get("/api/profile")).statusCode).toBe(200);
  });

  it("removes a file uploaded with a form whose conversion was never asked for, and keeps the one being converted", async () => {
    const client = await loggedInApplicant(server);
    const upload = async () => {
      const { fields } = (await client.post("/api/presigned-url", { answer_key: "resume_pdf" })).json() as { fields: Record<string, string> };
      expect((await postUploadForm(server, fields, png(20, 20, () => [0, 90, 200]))).statusCode).toBe(204);
      return fields.key!;
    };
    const left = await upload();
    const used = await upload();
    expect((await client.post("/api/pdf/document-answer/resume_pdf", { file_key: used, file_name: "resume.png" })).statusCode).toBe(200);
    const stored = async (key: string) => (await server.ctx.storage.read(key)) !== null;
    expect([await stored(left), await stored(used)]).toEqual([true, true]);

    await sweepExpired(server.db, server.ctx.storage, server.clock.now);
    expect(await stored(left)).toBe(true);
    server.advance(UPLOAD_KEY_MS);
    await sweepExpired(server.db, server.ctx.storage, server.clock.now);
    expect([await stored(left), await stored(used)]).toEqual([false, true]);
    expect(await count("upload_keys")).toBe(0);
    expect(await server.db.query("SELECT answer_key, upload_key FROM document_answers")).toEqual([{ answer_key: "resume_pdf", upload_key: used }]);
  });
});
