// npm run staff, with the server's environment: on a PGlite folder no server holds, on one a running
// server holds (through its operator channel), and on PostgreSQL. Run as the operator runs it (a
// process of its own) once in each of the first two cases; the other runs in the test's process.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../src/server/app";
import { openPglite, openPostgres } from "../../src/server/db/database";
import { messages } from "../../src/api-contract/messages";
import { operatorSocketPath } from "../../src/server/staff/operator-channel";
import { newDataFolder } from "../support/data-folder";
import { runCommand, runScript } from "../support/commands";
import { staffCommand } from "../../scripts/staff";
import { freshPostgresUrl, json, testConfig, testForm } from "./harness";

const PUBLIC_URL = "http://localhost:8080";

/** The server's settings, `env` laid over this process's environment. */
const settings = (env: Record<string, string>) => ({ ...process.env, DATABASE_URL: "", SMTP_URL: "", PUBLIC_URL, ...env });
/** `npm run staff -- …args` with the server's settings in `env`, in this process. */
const staff = (env: Record<string, string>, ...args: string[]) => runCommand("staff", staffCommand, args, settings(env));
/** The same, as a process of its own, as the operator runs it. */
const staffInItsOwnProcess = (env: Record<string, string>, ...args: string[]) => runScript("scripts/staff.ts", args, settings(env));

/** The invitation links in the outbox's .eml files to `to` (quoted-printable, as mail programs read it). */
function mailedLinks(dataDir: string, to: string): string[] {
  const outbox = join(dataDir, "outbox");
  return readdirSync(outbox)
    .map((name) => readFileSync(join(outbox, name), "utf8").replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
    .filter((eml) => eml.includes(`To: ${to}`))
    .map((eml) => /http:\/\/localhost:8080\/staff\/welcome\?token=[\w-]+/.exec(eml)![0]);
}

describe("npm run staff on the embedded database", () => {
  const dataDir = newDataFolder("staff-cli-");
  const env = { DATA_DIR: dataDir };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("invites the first admin with no server running: the row, the audit entry and the mail are in the data folder; the link is not printed", async () => {
    const run = await staffInItsOwnProcess(env, "invite", "First.Admin@University.edu", "--role", "admin");
    expect(run).toEqual({ code: 0, stdout: `Invited first.admin@university.edu as admin; the link was mailed (outbox: ${join(dataDir, "outbox")}).\n`, stderr: "" });
    expect(mailedLinks(dataDir, "first.admin@university.edu")).toHaveLength(1);

    const db = await openPglite(join(dataDir, "pglite"));
    try {
      expect(await db.query("SELECT email, role, invited_by, totp_enrolled_at FROM staff")).toEqual([
        { email: "first.admin@university.edu", role: "admin", invited_by: null, totp_enrolled_at: null },
      ]);
      expect(await db.query("SELECT staff_id, actor, action, address FROM audit_log")).toEqual([
        { staff_id: null, actor: "operator", action: "invite staff", address: null },
      ]);
    } finally {
      await db.close();
    }
  }, 120_000);

  it("refuses a bad address, a bad role and a bad command with a message and a non-zero exit", async () => {
    expect(await staff(env, "invite", "not-an-address", "--role", "admin")).toEqual({ code: 1, stdout: "", stderr: "\"not-an-address\" is not an e-mail address.\n" });
    expect(await staff(env, "invite", "a@university.edu", "--role", "boss")).toEqual({ code: 1, stdout: "", stderr: "The role must be reader, reviewer, admin, not \"boss\".\n" });
    const missing = await staff(env, "invite", "a@university.edu");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^invite needs one e-mail address and --role\.\n\nusage: npm run staff -- invite EMAIL --role reader\|reviewer\|admin \[--print-link\]/);
  }, 120_000);

  it("makes an API key with no server running: printed once, stored as an HMAC, made by the operator", async () => {
    const run = await staff(env, "api-key", "create", "--name", "sis");
    expect(run.code).toBe(0);
    const [said, key] = run.stdout.split("\n");
    expect(said).toBe("Made the API key \"sis\". Give it to the system that will use it now: it is not shown again (only its HMAC is kept).");
    expect(key).toMatch(/^wuk_[A-Za-z0-9_-]{43}$/);
    const db = await openPglite(join(dataDir, "pglite"));
    try {
      const [row] = await db.query<{ name: string; key_hash: string; created_by: number | null; revoked_at: Date | null }>("SELECT name, key_hash, created_by, revoked_at FROM api_keys");
      expect(row).toMatchObject({ name: "sis", created_by: null, revoked_at: null });
      expect(row!.key_hash).not.toContain(key!.slice(4));
      expect(await db.query("SELECT actor, action, detail->>'name' AS name FROM audit_log WHERE action = 'create api key'")).toEqual([
        { actor: "operator", action: "create api key", name: "sis" },
      ]);
    } finally {
      await db.close();
    }
  }, 120_000);

  it("refuses a bad key name and a malformed api-key command", async () => {
    expect(await staff(env, "api-key", "create", "--name", "Student System")).toEqual({ code: 1, stdout: "", stderr: `${messages.apiKeyNameInvalid("Student System")}\n` });
    const missing = await staff(env, "api-key", "create", "sis");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^api-key needs "create --name NAME" or "revoke NAME"\.\n\nusage: npm run staff/);
  }, 120_000);

  describe("while a server holds the folder", () => {
    let server: Awaited<ReturnType<typeof buildServer>>;
    beforeAll(async () => {
      // As main.ts starts it: the database opened from the configuration, mail to the outbox.
      server = await buildServer({ config: testConfig({ dataDir, publicUrl: PUBLIC_URL }), form: testForm() });
      await server.app.listen({ port: 0, host: "127.0.0.1" });
    }, 120_000);
    afterAll(() => server.app.close());

    it("listens for the operator only: a socket of mode 0600 in a folder of mode 0700", () => {
      const path = operatorSocketPath(dataDir);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(statSync(join(dataDir, "operator")).mode & 0o777).toBe(0o700);
    });

    it("invites through the running server, prints the link when asked, lists the staff, and refuses an active account", async () => {
      const run = await staffInItsOwnProcess(env, "invite", "reader@university.edu", "--role", "reader", "--print-link");
      expect(run.code).toBe(0);
      const [link] = mailedLinks(dataDir, "reader@university.edu");
      expect(run.stdout).toBe(`Invited reader@university.edu as reader; the link was mailed (outbox: ${join(dataDir, "outbox")}).\nThe link (it works once, for 24 hours): ${link}\n`);
      const token = new URL(link!).searchParams.get("token")!;
      expect(json(await server.app.inject(`/staff/api/invitation?token=${token}`))).toEqual({ email: "reader@university.edu", role: "reader" });

      expect(await staff(env, "list")).toEqual({
        code: 0, stdout: "first.admin@university.edu  admin     invited\nreader@university.edu       reader    invited\n", stderr: "",
      });

      await server.ctx.db.query("UPDATE staff SET totp_enrolled_at = now() WHERE email = 'first.admin@university.edu'");
      expect(await staff(env, "invite", "first.admin@university.edu", "--role", "admin")).toEqual({
        code: 1, stdout: "", stderr: "first.admin@university.edu already has an account. Change their role in the staff list instead.\n",
      });
    }, 120_000);

    it("makes an API key through the running server that reads its API at once, refuses its name again, and revokes it", async () => {
      const made = await staff(env, "api-key", "create", "--name=slate");
      expect(made.code).toBe(0);
      const key = made.stdout.split("\n")[1]!;
      const call = () => server.app.inject({ url: "/staff/api/applications", headers: { authorization: `Bearer ${key}` } });
      expect(json(await call())).toEqual({ applications: [], next_cursor: null });
      expect(await staff(env, "api-key", "create", "--name", "slate")).toEqual({ code: 1, stdout: "", stderr: `${messages.apiKeyNameTaken("slate")}\n` });

      expect(await staff(env, "api-key", "revoke", "slate")).toEqual({ code: 0, stdout: "Revoked the API key \"slate\": its next call is refused.\n", stderr: "" });
      expect([(await call()).statusCode, json(await call()).message]).toEqual([401, messages.apiKeyInvalid]);
      expect(await staff(env, "api-key", "revoke", "slate")).toEqual({ code: 1, stdout: "", stderr: `${messages.apiKeyNotFound("slate")}\n` });
      expect(await server.ctx.db.query("SELECT actor, action FROM audit_log WHERE detail->>'name' = 'slate' ORDER BY id")).toEqual([
        { actor: "operator", action: "create api key" }, { actor: "operator", action: "revoke api key" },
      ]);
    }, 120_000);
  });
});

describe("npm run staff on PostgreSQL", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "staff-cli-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("invites on the database at DATABASE_URL, mailing to the outbox", async () => {
    const url = await freshPostgresUrl();
    const run = await staff({ DATA_DIR: dataDir, DATABASE_URL: url }, "invite", "dean@university.edu", "--role", "reviewer");
    expect(run).toEqual({ code: 0, stdout: `Invited dean@university.edu as reviewer; the link was mailed (outbox: ${join(dataDir, "outbox")}).\n`, stderr: "" });
    expect(mailedLinks(dataDir, "dean@university.edu")).toHaveLength(1);
    const db = openPostgres(url, 1);
    try {
      expect(await db.query("SELECT email, role FROM staff")).toEqual([{ email: "dean@university.edu", role: "reviewer" }]);
      expect(await db.query("SELECT actor, action FROM audit_log")).toEqual([{ actor: "operator", action: "invite staff" }]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
