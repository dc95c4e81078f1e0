// The numbers an admissions office may change live in form-definitions/institution.json, and the
// server follows them: a copy of the definitions whose office takes 2 MB of PDF only, and essays
// of 5000 characters, served as the real server serves them.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../src/definitions/files";
import { buildServer } from "../../src/server/app";
import { loadServerForm } from "../../src/server/form";
import type { Mail } from "../../src/server/platform/mail";
import { messages } from "../../src/api-contract/messages";
import { conversionOf, freshDatabase, json, loggedInApplicant, postUploadForm, testConfig, type TestServer } from "./harness";

const MB = 1024 * 1024;

/** The shipped definitions with the office's settings changed. */
function definitionsWith(change: (institution: Record<string, unknown>) => void): string {
  const root = mkdtempSync(join(tmpdir(), "institution-"));
  for (const folder of ["form-definitions", "schemas"]) cpSync(join(repoRoot, folder), join(root, folder), { recursive: true });
  const path = join(root, "form-definitions/institution.json");
  const file = JSON.parse(readFileSync(path, "utf8")) as { institution: Record<string, unknown> };
  change(file.institution);
  writeFileSync(path, JSON.stringify(file));
  return root;
}

describe("an office that takes 2 MB of PDF only, and essays of 5000 characters", () => {
  let server: TestServer;
  let root: string;
  let dataDir: string;
  beforeAll(async () => {
    root = definitionsWith((institution) => {
      institution.uploads = { max_size_mb: 2, types: [".pdf"] };
      institution.character_limit = 5000;
    });
    dataDir = mkdtempSync(join(tmpdir(), "institution-data-"));
    const mail: Mail[] = [];
    const clock = { now: new Date("2026-11-22T12:00:00Z") };
    const { app, ctx } = await buildServer({
      config: testConfig({ dataDir, workJobs: true }),
      db: await freshDatabase("pglite"),
      form: loadServerForm(root, "2026-11-22"),
      sendMail: async (m) => void mail.push(m),
      now: () => clock.now,
    });
    server = { app, ctx, db: ctx.db, mail, clock, advance: (ms) => (clock.now = new Date(clock.now.getTime() + ms)) };
  }, 60_000);
  afterAll(async () => {
    await server.app.close();
    for (const dir of [root, dataDir]) rmSync(dir, { recursive: true, force: true });
  });

  const uploadForm = async (client: Awaited<ReturnType<typeof loggedInApplicant>>) =>
    (json(await client.post("/api/presigned-url", { answer_key: "resume_pdf" })) as { fields: Record<string, string> }).fields;

  it("signs upload forms for files up to 2 MB, and refuses one byte more", async () => {
    const client = await loggedInApplicant(server);
    expect((await postUploadForm(server, await uploadForm(client), new Uint8Array(1.5 * MB))).statusCode).toBe(204);
    const refused = await postUploadForm(server, await uploadForm(client), new Uint8Array(2 * MB + 1));
    expect([refused.statusCode, json(refused)]).toEqual([400, { message: messages.uploadTooLarge("2 MB"), code: "uploadTooLarge" }]);
  });

  it("refuses to convert a file named as a type the office does not take, and a Word file renamed .pdf", async () => {
    const client = await loggedInApplicant(server);
    const wrongType = { message: "You can only enter the following file types: .pdf", code: "fileWrongType" };
    const named = await uploadForm(client);
    await postUploadForm(server, named, Buffer.from("%PDF-1.4\n"));
    const response = await client.post("/api/pdf/document-answer/resume_pdf", { file_key: named.key, file_name: "resume.docx" });
    expect([response.statusCode, json(response)]).toEqual([400, wrongType]);

    const renamed = await uploadForm(client);
    await postUploadForm(server, renamed, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]));
    expect((await client.post("/api/pdf/document-answer/resume_pdf", { file_key: renamed.key, file_name: "resume.pdf" })).statusCode).toBe(200);
    expect(await conversionOf(client, "resume_pdf")).toEqual({ status: "FAILED", message: wrongType.message });
  });

  it("saves an essay of 5000 characters and reports one of 5001 as too long", async () => {
    const client = await loggedInApplicant(server);
    expect((await client.put("/api/answer", { personal_statement_essay: "x".repeat(5000) })).statusCode).toBe(200);
    const tooLong = await client.put("/api/answer", { personal_statement_essay: "x".repeat(5001) });
    expect([tooLong.statusCode, json(tooLong)]).toEqual([400, { message: "personal_statement_essay must be at most 5000 characters.", code: "badRequest" }]);
  });
});
