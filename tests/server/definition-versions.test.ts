// Definition versions (src/server/data/definition-versions.ts): the definitions a server starts on
// are published once, and a submit records the version it was made on, which the office shows.
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database";
import { migrate } from "../../src/server/db/migrate";
import { publishVersion } from "../../src/server/data/definition-versions";
import { versionOf } from "../../src/definitions/version";
import { formVersions, serverFormOf, type ServerForm } from "../../src/server/form";
import { issueServiceToken } from "../../src/server/auth/service-tokens";
import { messages } from "../../src/api-contract/messages";
import type { FormFiles, Item } from "../../src/engine/runtime";
import {
  Client, completeApplication, databaseKinds, freshDatabase, json, PASSWORD, loggedInApplicant, loggedInStaff, startTestServer, testForm, TEST_DAY, type TestServer,
} from "./harness";

/** The shipped definitions with the institution's name changed: another definition set. */
function editedForm(name: string): ServerForm {
  const form = testForm();
  const files = structuredClone(form.files);
  files.institution.institution.name = name;
  return { ...form, files };
}

/** The label of the question asking `key` in `form`. */
const labelIn = (form: ServerForm, key: string) => (form.form.owners.get(key)!.item.item as { label: string }).label;
/** The label of option `value` of the question asking `key` in `form`. */
const optionLabelIn = (form: ServerForm, key: string, value: string) => {
  const options = form.form.owners.get(key)!.item.options!;
  return options.kind === "list" ? options.options.find((o) => o.value === value)!.label : undefined;
};

/** Each item of `files`' pages, with the list that holds it. */
function* itemsOf(files: FormFiles): Generator<[Item, Item[]]> {
  function* walk(items: Item[]): Generator<[Item, Item[]]> {
    for (const item of items) {
      yield [item, items];
      const inner = item as { items?: Item[]; tabs?: { items: Item[] }[] };
      for (const list of [inner.items ?? [], ...(inner.tabs ?? []).map((tab) => tab.items)]) yield* walk(list);
    }
  }
  for (const page of Object.values(files.pages)) yield* walk(page.items);
}

/**
 * The shipped definitions as staff edit them mid-cycle: the question asking `reworded` worded
 * otherwise, the one asking `removed` taken out, and the label of option `option` of the list of
 * `reworded` changed (and option `removedOption` of that list taken out).
 */
function editedMidCycle({ reworded, removed, option, removedOption }: { reworded: string; removed: string; option: string; removedOption?: string }): ServerForm {
  const files = structuredClone(testForm().files);
  for (const [item, list] of itemsOf(files)) {
    const question = item as { key?: string; label?: string };
    if (question.key === reworded) question.label = `${question.label} (reworded)`;
    if (question.key === removed) list.splice(list.indexOf(item), 1);
  }
  const listName = [...itemsOf(files)].map(([item]) => item as { key?: string; options?: string }).find((item) => item.key === reworded)!.options!;
  const chosen = files.optionLists[listName]!.options!.find((o) => o.value === option)!;
  chosen.label = `${chosen.label} (reworded)`;
  const list = files.optionLists[listName]!;
  if (removedOption) list.options = list.options!.filter((o) => o.value !== removedOption);
  return serverFormOf(files, TEST_DAY);
}

describe.each(databaseKinds())("definition versions on %s", (kind) => {
  const servers: TestServer[] = [];
  const databases: Database[] = [];
  /** A database that several servers share, as web processes do: closed once, after them all. */
  const sharedDatabase = async () => {
    const db = await freshDatabase(kind);
    databases.push(db);
    return { ...db, close: async () => {} };
  };
  const start = async (db: Database, form?: ServerForm, startsAt?: Date) => {
    const server = await startTestServer(kind, {}, db, form, startsAt);
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
  }, 120_000); // Three servers started one after another, each migrating and publishing: on a loaded CI machine, past 30 s.

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
    await db.query("UPDATE applications SET submitted_version = NULL, version = NULL");
    await db.query("ALTER TABLE definition_versions DISABLE TRIGGER definition_versions_kept");
    await db.query("DELETE FROM definition_versions");
    await db.query("ALTER TABLE definition_versions ENABLE TRIGGER definition_versions_kept");

    const first = await publishVersion(db, editedForm("Westbrook Academy").files, new Date(`${TEST_DAY}T10:00:00Z`));
    await publishVersion(db, editedForm("Westbrook Polytechnic").files, new Date(`${TEST_DAY}T11:00:00Z`));
    expect(await db.query("SELECT submitted_version FROM applications WHERE submitted_at IS NOT NULL")).toEqual([{ submitted_version: first.hash }]);
  });

  it("shows a submitted application with the version it was submitted on, after staff edit the definitions", async () => {
    const db = await sharedDatabase();
    const before = await start(db);
    const applicant = await loggedInApplicant(before);
    expect((await applicant.put("/api/answer", completeApplication())).statusCode).toBe(200);
    const submit = json(await applicant.post("/api/submit"));
    const answers = completeApplication();

    // Staff reword a question, remove another and reword an option; the server starts again.
    const edit = { reworded: "conviction", removed: "middle_name", option: String(answers.conviction) };
    const edited = editedMidCycle(edit);
    const after = await start(db, edited);
    const old = { hash: before.ctx.version.hash, conviction: labelIn(testForm(), "conviction"), middle_name: labelIn(testForm(), "middle_name") };
    const chosen = optionLabelIn(testForm(), "conviction", edit.option)!;
    expect(after.ctx.version.hash).not.toBe(old.hash);
    expect(labelIn(edited, "conviction")).toBe(`${old.conviction} (reworded)`);

    // The service view (the PDF copy's print) is told its version, and loads that version's definitions.
    const [{ id }] = await db.query<{ id: number }>("SELECT user_id AS id FROM applications WHERE reference = $1", [submit.reference]) as [{ id: number }];
    const token = await issueServiceToken(db, after.ctx.hash, id, after.clock.now);
    const view = json(await new Client(after).get(`/service/tmp-pdf?service_token=${token}`));
    expect(view.version).toBe(old.hash);
    const definitions = await new Client(after).get(`/public/definitions/${old.hash}`);
    expect(definitions.statusCode).toBe(200);
    expect(definitions.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(JSON.stringify(definitions.json())).toContain(JSON.stringify(old.conviction));
    expect(Object.keys(definitions.json()).sort()).toEqual(["addressTemplate", "institution", "optionLists", "pages"]);
    expect(JSON.stringify(json(await new Client(after).get(`/public/definitions/${after.ctx.version.hash}`)))).toContain(JSON.stringify(`${old.conviction} (reworded)`));

    // The integration API words its answers as they were asked.
    const admin = await loggedInStaff(after, "admin");
    const created = await admin.post("/staff/api/api-keys", { name: "sis" });
    expect(created.statusCode, created.body).toBe(201);
    const { key } = json(created) as { key: string };
    const api = json(await new Client(after).call("GET", `/staff/api/applications/${submit.reference}`, undefined, { authorization: `Bearer ${key}` })) as { answers: Record<string, unknown> };
    expect(api.answers.conviction).toEqual({ value: edit.option, label: old.conviction, option_label: chosen });
    expect(api.answers.middle_name).toMatchObject({ value: answers.middle_name, label: old.middle_name });

    // The CSV export: the current questions, then those no longer asked; the row's choice as it was labelled.
    const [header, row] = parse((await admin.get("/staff/api/exports/csv?status=submitted")).body, { bom: true }) as [string[], string[]];
    expect(header.indexOf("middle_name")).toBeGreaterThan(header.indexOf("hs_ceeb"));
    expect(row[header.indexOf("conviction_desc")]).toBe(chosen);
    expect(row[header.indexOf("middle_name")]).toBe(answers.middle_name);
    const labels = parse((await admin.get("/staff/api/exports/labels")).body, { bom: true }) as string[][];
    expect(labels.find(([key]) => key === "middle_name")!.slice(0, 2)).toEqual(["middle_name", `${old.middle_name} (no longer asked)`]);
    expect(labels.find(([key]) => key === "conviction")!.slice(0, 2)).toEqual(["conviction", `${old.conviction} (reworded)`]);
  });

  it("refuses a version name nobody published, and says which version does not load without drawing it with others", async () => {
    const db = await sharedDatabase();
    const before = await start(db);
    const applicant = await loggedInApplicant(before);
    expect((await applicant.put("/api/answer", completeApplication())).statusCode).toBe(200);
    const submit = json(await applicant.post("/api/submit"));
    const visitor = new Client(before);
    const unknown = await visitor.get(`/public/definitions/${"0".repeat(64)}`);
    expect([unknown.statusCode, json(unknown)]).toEqual([404, { message: messages.versionNotFound, code: "versionNotFound" }]);
    expect((await visitor.get("/public/definitions/not-a-hash")).statusCode).toBe(400);

    // The stored files of the version are changed behind the server's back (the trigger set aside).
    await db.query("ALTER TABLE definition_versions DISABLE TRIGGER definition_versions_kept");
    await db.query(`UPDATE definition_versions SET files = json_build_object('pages', '{}'::json)`);
    await db.query("ALTER TABLE definition_versions ENABLE TRIGGER definition_versions_kept");
    const after = await start(db, editedMidCycle({ reworded: "conviction", removed: "middle_name", option: "N" }));
    const broken = await new Client(after).get(`/public/definitions/${before.ctx.version.hash}`);
    expect([broken.statusCode, json(broken)]).toEqual([500, { message: messages.versionUnavailable(before.ctx.version.label), code: "versionUnavailable" }]);
    const admin = await loggedInStaff(after, "admin");
    const created = await admin.post("/staff/api/api-keys", { name: "sis" });
    expect(created.statusCode, created.body).toBe(201);
    const { key } = json(created) as { key: string };
    const api = await new Client(after).call("GET", `/staff/api/applications/${submit.reference}`, undefined, { authorization: `Bearer ${key}` });
    expect([api.statusCode, json(api).code]).toEqual([500, "versionUnavailable"]);
    // Every other application works: one submitted on the current version.
    const other = await loggedInApplicant(after);
    expect((await other.put("/api/answer", completeApplication())).statusCode).toBe(200);
    const otherSubmitted = await other.post("/api/submit");
    expect(otherSubmitted.statusCode, otherSubmitted.body).toBe(200);
    const otherSubmit = json(otherSubmitted);
    const fine = await new Client(after).call("GET", `/staff/api/applications/${otherSubmit.reference}`, undefined, { authorization: `Bearer ${key}` });
    expect(fine.statusCode).toBe(200);
  });

  it("refuses a write from a page built on other definitions (a tab open across a deploy), and writes nothing of it", async () => {
    const db = await sharedDatabase();
    const before = await start(db);
    const applicant = await loggedInApplicant(before);
    expect((await applicant.put("/api/answer", { first_name: "Ada" })).statusCode).toBe(200);
    const after = await start(db, editedMidCycle({ reworded: "conviction", removed: "middle_name", option: "N" }));
    // The same browser, its session kept, now answered by the server on the edited definitions.
    const tab = new Client(after);
    tab.cookies = applicant.cookies;
    const stale = await tab.call("PUT", "/api/answer", { first_name: "Bea" }, { "x-form-version": before.ctx.version.hash });
    expect([stale.statusCode, json(stale)]).toEqual([409, { message: messages.formUpdated, code: "formUpdated" }]);
    const submit = await tab.call("POST", "/api/submit", undefined, { "x-form-version": before.ctx.version.hash });
    expect([submit.statusCode, json(submit).code]).toEqual([409, "formUpdated"]);
    expect(json(await tab.get("/api/profile")).answer).toEqual({ first_name: "Ada" });
    // Its account is another matter: an e-mail change goes on.
    const email = await tab.call("POST", "/api/account/email", { email: "ada.new@example.com", password: PASSWORD }, { "x-form-version": before.ctx.version.hash });
    expect([email.statusCode, json(email).message]).toEqual([200, messages.emailChangeSent]);
    // The reloaded page names the current version; a client that names none is not refused.
    expect((await tab.call("PUT", "/api/answer", { first_name: "Bea" }, { "x-form-version": after.ctx.version.hash })).statusCode).toBe(200);
    expect((await tab.put("/api/answer", { last_name: "Lovelace" })).statusCode).toBe(200);
    expect(json(await tab.get("/api/profile")).answer).toEqual({ first_name: "Bea", last_name: "Lovelace" });
  });

  it("keeps aside an answer a new condition hides, rather than clearing it at the next save", async () => {
    const db = await sharedDatabase();
    const before = await start(db);
    const applicant = await loggedInApplicant(before);
    expect((await applicant.put("/api/answer", { first_name: "Ada", middle_name: "Grace" })).statusCode).toBe(200);

    // Staff ask the middle name only of those whose first name is Bea.
    const files = structuredClone(testForm().files);
    for (const [item] of itemsOf(files)) {
      if ((item as { key?: string }).key === "middle_name") Object.assign(item, { showWhen: { key: "first_name", op: "equals", value: "Bea" } });
    }
    const after = await start(db, serverFormOf(files, TEST_DAY));
    const tab = new Client(after);
    tab.cookies = applicant.cookies;
    expect(json(await tab.get("/api/profile")).answer).toEqual({ first_name: "Ada" });
    // A save that runs the whole form clears nothing more; the hidden answer is where the office sees it.
    expect((await tab.put("/api/answer", { last_name: "Lovelace" })).statusCode).toBe(200);
    const [row] = await db.query<{ retired_answers: object; answers: object }>("SELECT retired_answers, answers FROM applications");
    expect(row).toEqual({ answers: { first_name: "Ada", last_name: "Lovelace" }, retired_answers: { middle_name: "Grace" } });
  });

  it("moves an application in progress to the current version at its next load, losing nothing: answers no longer asked kept aside, a removed option shown to fix", async () => {
    const db = await sharedDatabase();
    const before = await start(db);
    const applicant = await loggedInApplicant(before);
    const given = { first_name: "Ada", middle_name: "Grace", conviction: "Y", conviction_comment: "What happened." };
    expect((await applicant.put("/api/answer", given)).statusCode).toBe(200);
    // It started on the version the server ran when the account was made, before any load of the form.
    expect(await db.query("SELECT version FROM applications")).toEqual([{ version: before.ctx.version.hash }]);
    const stored = json(await applicant.get("/api/profile"));
    expect(stored.attention).toEqual({});

    const after = await start(db, editedMidCycle({ reworded: "conviction", removed: "middle_name", option: "N", removedOption: "Y" }));
    const tab = new Client(after);
    tab.cookies = applicant.cookies;
    const moved = json(await tab.get("/api/profile"));
    // The removed question's answer is kept aside; the rest stays, the refused choice marked to fix.
    const { middle_name: _kept, ...stillAsked } = given;
    expect(moved.answer).toEqual({ ...stillAsked, conviction_desc: expect.any(String) });
    expect(moved.attention).toEqual({ conviction: ["Please choose one of the answers offered."] });
    const [row] = await db.query<{ version: string; retired_answers: object; retired_from: object; answers: object }>("SELECT version, retired_answers, retired_from, answers FROM applications");
    expect(row!.version).toBe(after.ctx.version.hash);
    expect(row!.retired_answers).toEqual({ middle_name: "Grace" });
    // With the version it was given on, whose words the office reads it in.
    expect(row!.retired_from).toEqual({ middle_name: before.ctx.version.hash });

    // Loading again moves nothing more; the office sees what was kept aside, and the export has it in its own column.
    expect(json(await tab.get("/api/profile")).revision).toBe(moved.revision);
    const officer = await loggedInStaff(after, "admin");
    const [{ id }] = await db.query<{ id: number }>("SELECT user_id AS id FROM applications") as [{ id: number }];
    expect(json(await officer.get(`/staff/api/applications/${id}`))).toMatchObject({ retired_answers: row!.retired_answers, retired_from: row!.retired_from });
    const [header, exported] = parse((await officer.get("/staff/api/exports/csv")).body, { bom: true }) as [string[], string[]];
    expect(exported[header.indexOf("middle_name")]).toBe("Grace");

    // The refused choice cannot be submitted until it is fixed; fixed, the attention goes.
    expect((await tab.post("/api/submit")).statusCode).toBe(422);
    expect((await tab.put("/api/answer", { conviction: "N" })).statusCode).toBe(200);
    expect(json(await tab.get("/api/profile")).attention).toEqual({});
  });

  it("lists the versions for admins with the applications on each, and the changes between two in words, classed and counted", async () => {
    const db = await sharedDatabase();
    const before = await start(db);
    const submitter = await loggedInApplicant(before);
    expect((await submitter.put("/api/answer", completeApplication())).statusCode).toBe(200);
    expect((await submitter.post("/api/submit")).statusCode).toBe(200);
    const drafter = await loggedInApplicant(before);
    expect((await drafter.put("/api/answer", { middle_name: "Grace", conviction: "Y", conviction_comment: "What happened." })).statusCode).toBe(200);
    expect((await drafter.get("/api/profile")).statusCode).toBe(200);

    const edited = editedMidCycle({ reworded: "conviction", removed: "middle_name", option: "N", removedOption: "Y" });
    // Deployed an hour later: "newest first" needs two times (at one moment the order is the hashes').
    const after = await start(db, edited, new Date(before.clock.now.getTime() + 3_600_000));
    const admin = await loggedInStaff(after, "admin");
    const listed = json(await admin.get("/staff/api/versions"));
    expect(listed).toEqual({
      current: after.ctx.version.hash,
      versions: [
        { hash: after.ctx.version.hash, label: after.ctx.version.label, published_at: expect.any(String), in_progress: 0, submitted: 0 },
        { hash: before.ctx.version.hash, label: before.ctx.version.label, published_at: expect.any(String), in_progress: 1, submitted: 1 },
      ],
    });

    const diff = json(await admin.get(`/staff/api/versions/${before.ctx.version.hash}/changes/${after.ctx.version.hash}`));
    const conviction = labelIn(testForm(), "conviction");
    expect(diff.from).toBe(before.ctx.version.label);
    expect(diff.changes).toEqual(expect.arrayContaining([
      { class: "needs applicants", text: `Question conviction reworded: "${conviction}" → "${conviction} (reworded)"`, in_progress: 1, submitted: 1 },
      { class: "needs applicants", text: `Option "${optionLabelIn(testForm(), "conviction", "Y")}" (Y) removed from "${conviction} (reworded)" (conviction)`, in_progress: 1, submitted: 0 },
      { class: "needs applicants", text: `Question "${labelIn(testForm(), "middle_name")}" (middle_name) removed from ${testForm().form.pages[0]!.title}`, in_progress: 1, submitted: 1 },
    ]));

    expect((await admin.get(`/staff/api/versions/${"0".repeat(64)}/changes/${after.ctx.version.hash}`)).statusCode).toBe(404);
    expect((await admin.get(`/staff/api/versions/nope/changes/${after.ctx.version.hash}`)).statusCode).toBe(400);
    const reader = await loggedInStaff(after, "reader");
    expect((await reader.get("/staff/api/versions")).statusCode).toBe(403);
  });

  it("compiles a version once and keeps at most the bound, dropping the least recently used first; a failure is not kept", async () => {
    const db = await sharedDatabase();
    await migrate(db);
    const now = new Date(`${TEST_DAY}T09:00:00Z`);
    const [a, b, c] = await Promise.all(["Westbrook A", "Westbrook B", "Westbrook C"].map((name) => publishVersion(db, editedForm(name).files, now)));
    const reads: string[] = [];
    const counted = { ...db, query: ((sql: string, params?: unknown[]) => {
      if (sql.includes("FROM definition_versions WHERE hash")) reads.push(String(params![0]));
      return db.query(sql, params);
    }) as Database["query"] };
    const versions = formVersions(counted, testForm(), { hash: "current", label: "current", publishedAt: now }, 2);
    expect((await versions.of(a!.hash)).files.institution.institution.name).toBe("Westbrook A");
    await versions.of(a!.hash);
    await versions.of(b!.hash);
    expect(reads).toEqual([a!.hash, b!.hash]);
    await versions.of(a!.hash);
    await versions.of(c!.hash);
    // The bound is 2: b, the least recently used, went; a stayed.
    await versions.of(a!.hash);
    await versions.of(b!.hash);
    expect(reads).toEqual([a!.hash, b!.hash, c!.hash, b!.hash]);
    expect(await versions.of("current")).toBe(testForm());
    const missing = "f".repeat(64);
    await expect(versions.of(missing)).rejects.toMatchObject({ code: "versionUnavailable", missing: true });
    await expect(versions.named(missing)).rejects.toMatchObject({ status: 404, code: "versionNotFound" });
    expect(reads.filter((hash) => hash === missing)).toHaveLength(2);
  });
});
