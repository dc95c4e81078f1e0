// Secrets stay out of logs: a run that uses a service token, a save-for-later token, a signed
// file link and an S3-style signed link, and logs a failed print that names its page, leaves
// none of their values in the log, while the requests themselves are logged.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../src/server/app";
import { issueServiceToken } from "../../src/server/auth/service-tokens";
import { redactSecrets } from "../../src/server/platform/logging";
import { Client, codeFor, freshDatabase, PASSWORD, testConfig, testForm, type TestServer } from "./harness";

describe("redactSecrets", () => {
  it("hides the value of each secret query parameter and keeps the rest of the address", () => {
    expect(redactSecrets("/about?service_token=abc123&x=1")).toBe("/about?service_token=[redacted]&x=1");
    expect(redactSecrets("/public/tmp?token=Zz-9_")).toBe("/public/tmp?token=[redacted]");
    expect(redactSecrets("/files/documents/a.pdf?expires=1&name=a.pdf&signature=f00d")).toBe("/files/documents/a.pdf?expires=1&name=a.pdf&signature=[redacted]");
    expect(redactSecrets("https://b.s3.amazonaws.com/k?X-Amz-Credential=AKIA%2F1&X-Amz-Signature=beef&X-Amz-Expires=900"))
      .toBe("https://b.s3.amazonaws.com/k?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Expires=900");
    expect(redactSecrets("page.goto: net::ERR_ABORTED at http://127.0.0.1:8080/about?service_token=abc\nCall log:")).toBe("page.goto: net::ERR_ABORTED at http://127.0.0.1:8080/about?service_token=[redacted]\nCall log:");
  });
});

describe("the server's log", () => {
  const lines: string[] = [];
  let server: TestServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "logs-"));
    const db = await freshDatabase("pglite");
    const clock = { now: new Date("2026-11-22T12:00:00Z") };
    const mail: TestServer["mail"] = [];
    const { app, ctx } = await buildServer({
      config: testConfig({ dataDir }), db, form: testForm(), now: () => clock.now,
      sendMail: async (m) => void mail.push(m),
      logger: { level: "info", stream: { write: (line: string) => void lines.push(line) } },
    });
    server = { app, ctx, db, mail, clock, advance: () => {} };
  });

  afterAll(async () => {
    await server?.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("holds the requests but none of the tokens and signatures they carried", async () => {
    const client = new Client(server);
    // Save for later, then load by the token.
    const saved = (await client.post("/public/tmp", { first_name: "Ana" })).json() as { token: string };
    expect((await client.get(`/public/tmp?token=${saved.token}`)).statusCode).toBe(200);

    // A service token, as the PDF printer uses it (and as an attacker might try it on /api).
    const username = "logs@example.com";
    await client.post("/public/signup", { username, password: PASSWORD });
    await client.post("/public/confirm", { username, code: codeFor(server, username) });
    const [user] = await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [username]);
    const serviceToken = await issueServiceToken(server.db, server.ctx.hash, user!.id, server.clock.now);
    expect((await client.get(`/service/tmp-pdf?service_token=${serviceToken}`)).statusCode).toBe(200);
    expect((await client.get(`/api/profile?service_token=${serviceToken}`)).statusCode).toBeGreaterThanOrEqual(400);

    // A signed link of the local store, and an S3-style one.
    await server.ctx.storage.write("documents/logs.pdf", Buffer.from("%PDF-1.4\n"), "application/pdf");
    const link = new URL(await server.ctx.storage.downloadUrl("documents/logs.pdf", { fileName: "logs.pdf", expiresInSeconds: 60 }));
    const signature = link.searchParams.get("signature")!;
    expect((await client.get(link.pathname + link.search)).statusCode).toBe(200);
    const amzSignature = "6f1c0ffee0ddba11";
    await client.get(`/files/documents/logs.pdf?X-Amz-Signature=${amzSignature}`);

    // A failed print names the page it opened, token and all.
    server.app.log.error(new Error(`page.goto: net::ERR_ABORTED at http://127.0.0.1:8080/about?service_token=${serviceToken}`), "a job failed");

    const log = lines.join("");
    for (const path of ["/public/tmp?token=", "/service/tmp-pdf?service_token=", "/api/profile?service_token=", "/files/documents/logs.pdf?", "a job failed"]) {
      expect(log, `the log holds ${path}`).toContain(path);
    }
    for (const [what, secret] of [["save-for-later token", saved.token], ["service token", serviceToken], ["signature", signature], ["S3 signature", amzSignature]]) {
      expect(secret!.length, what).toBeGreaterThan(8);
      expect(log, `the log holds no ${what}`).not.toContain(secret);
    }
  });
});
