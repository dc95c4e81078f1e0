// Definition versions (src/server/data/definition-versions.ts): the definitions a server starts on
// are published once, and a submit records the version it was made on, which the office shows.
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database";
import { migrate } from "../../src/server/db/migrate";
import { publishVersion, versionOf } from "../../src/server/data/definition-versions";
import type { ServerForm } from "../../src/server/form";
import {
  completeApplication, databaseKinds, freshDatabase, json, loggedInApplicant, loggedInStaff, startTestServer, testForm, TEST_DAY, type TestServer,
} from "./harness";

/** The shipped definitions with the institution's name changed: another definition set. */
function editedForm(name: string): ServerForm {
  const form = testForm();
  const files = structuredClone(form.files);
  files.institution.institution.name = name;
  return { ...form, files };
}

describe.each(databaseKinds)("definition versions on %s", (kind) => {
  const servers: TestServer[] = [];
  const databases: Database[] = [];
  /** A database that several servers share, as web processes do: closed once, after them all. */
  const sharedDatabase = async () => {
    const db = await freshDatabase(kind);
    databases.push(db);
    return { ...db, close: async () => {} };
  };
  const start = async (db: Database, form?: ServerForm) => {
    const server = await startTestServer(kind, {}, db, form);
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    for (const server of servers) await server.app.close();
    for (const db of databases) await db.close();
  });

  it("publishes the definitions a server starts on once: the same files again publish nothing, edited files a new version", async () => {
    const db = await sharedDatabase();
    const first = await start(db);
    const again = await start(db);
    expect(again.ctx.version).toEqual(first.ctx.version);
    expect(first.ctx.version.label).toBe(`${TEST_DAY} · ${first.ctx.version.hash.slice(0, 7)}`);
    expect(first.ctx.version.hash).toMatch(/^[0-9a-f]{64}$/);

    const edited = await start(db, editedForm("Westbrook College"));
    expect(edited.ctx.version.hash).not.toBe(first.ctx.version.hash);
    const stored = await db.query<{ hash: string; files: ServerForm["files"] }>("SELECT hash, files FROM definition_versions ORDER BY label");
    expect(stored.map((row) => row.hash).sort()).toEqual([first.ctx.version.hash, edited.ctx.version.hash].sort());
    // Kept as the engine reads it: the stored set is the set the server started on.
    expect(stored.find((row) => row.hash === first.ctx.version.hash)!.files).toEqual(JSON.parse(versionOf(testForm().files).json));
    expect(stored.find((row) => row.hash === edited.ctx.version.hash)!.files.institution.institution.name).toBe("Westbrook College");
  });

  it("keeps a published version as it is: changing or deleting it is refused", async () => {
    const db = await sharedDatabase();
    const { ctx } = await start(db);
    await expect(db.query("UPDATE definition_versions SET label = 'tampered'")).rejects.toThrow("a definition version is never changed or deleted");
    await expect(db.query("DELETE FROM definition_versions")).rejects.toThrow("a definition version is never changed or deleted");
    expect(await db.query("SELECT label FROM definition_versions")).toEqual([{ label: ctx.version.label }]);
  });

  it("publishes one version when processes on the same new files publish at once", async () => {
    const db = await sharedDatabase();
    await migrate(db);
    const files = editedForm("Westbrook Institute").files;
    const now = new Date(`${TEST_DAY}T09:00:00Z`);
    const published = await Promise.all([1, 2, 3].map(() => publishVersion(db, files, now)));
    expect(new Set(published.map((version) => version.hash)).size).toBe(1);
    expect(await db.query("SELECT hash FROM definition_versions")).toEqual([{ hash: published[0]!.hash }]);
  });

  it("records the version a submit was made on, which later versions do not change, and the office shows it", async () => {
    const db = await sharedDatabase();
    const server = await start(db);
    const applicant = await loggedInApplicant(server);
    expect((await applicant.put("/api/answer", completeApplication())).statusCode).toBe(200);
    expect((await applicant.post("/api/submit")).statusCode).toBe(200);
    const draft = await loggedInApplicant(server);
    expect((await draft.put("/api/answer", { first_name: "Ana" })).statusCode).toBe(200);

    // The definitions are edited and the server starts again on the same data.
    const later = await start(db, editedForm("Westbrook College"));
    const officer = await loggedInStaff(later, "reader");
    const ids = await db.query<{ id: number; submitted: boolean }>("SELECT user_id AS id, submitted_at IS NOT NULL AS submitted FROM applications ORDER BY user_id");
    const submitted = json(await officer.get(`/staff/api/applications/${ids.find((row) => row.submitted)!.id}`));
    expect(submitted.submitted_version).toBe(server.ctx.version.label);
    expect(submitted.submitted_version).not.toBe(later.ctx.version.label);
    const inProgress = json(await officer.get(`/staff/api/applications/${ids.find((row) => !row.submitted)!.id}`));
    expect(inProgress.submitted_version).toBeNull();
  });

  it("gives applications submitted before versions were kept the first version published, and only that one", async () => {
    const db = await sharedDatabase();
    const server = await start(db);
    const applicant = await loggedInApplicant(server);
    expect((await applicant.put("/api/answer", completeApplication())).statusCode).toBe(200);
    expect((await applicant.post("/api/submit")).statusCode).toBe(200);
    // As a database from before versions: submitted, on no version, and no version published.
    await db.query("UPDATE applications SET submitted_version = NULL");
    await db.query("ALTER TABLE definition_versions DISABLE TRIGGER definition_versions_kept");
    await db.query("DELETE FROM definition_versions");
    await db.query("ALTER TABLE definition_versions ENABLE TRIGGER definition_versions_kept");

    const first = await publishVersion(db, editedForm("Westbrook Academy").files, new Date(`${TEST_DAY}T10:00:00Z`));
    await publishVersion(db, editedForm("Westbrook Polytechnic").files, new Date(`${TEST_DAY}T11:00:00Z`));
    expect(await db.query("SELECT submitted_version FROM applications WHERE submitted_at IS NOT NULL")).toEqual([{ submitted_version: first.hash }]);
  });
});
