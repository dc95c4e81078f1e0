// npm run lint:definitions against a published version, and npm run definitions (export, write),
// from the command line: what staff run before they ship an edit mid-cycle, and to go back.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { itemAsking } from "../tests/support/definitions";
import { readProject, repoRoot, writeProject } from "../src/definitions/files";
import { versionOf } from "../src/definitions/version";
import { INTENDED_FILE, parseVersionFile, VERSION_FILE, type VersionFile } from "../src/definitions/version-file";
import type { FormFiles } from "../src/engine/runtime";
import { openDatabase } from "../src/server/db/database";
import { migrate } from "../src/server/db/migrate";
import { publishVersion } from "../src/server/data/definition-versions";
import { runCommand, runScript } from "../tests/support/commands";
import { SPAWNING_MS } from "../tests/support/spawning";
import { temporaryFolders } from "../tests/support/temporary-folders";
import { definitionsCommand } from "./definitions";
import { lintDefinitionsCommand } from "./lint-definitions";

const folders = temporaryFolders();
const folder = folders.empty;

/** A project of its own: the shipped definitions and schemas, as `files` (shipped when not given). */
function project(files?: FormFiles): string {
  const root = folder("definitions-");
  cpSync(join(repoRoot, "schemas"), join(root, "schemas"), { recursive: true });
  cpSync(join(repoRoot, "form-definitions"), join(root, "form-definitions"), { recursive: true });
  if (files) writeProject(root, files);
  return root;
}

const COMMANDS = { "lint-definitions": ["lint:definitions", lintDefinitionsCommand], definitions: ["definitions", definitionsCommand] } as const;

/** `npm run <script> -- …args` with `env` added to this process's environment, in this process. */
function cli(script: keyof typeof COMMANDS, args: string[], env: Record<string, string> = {}) {
  const [name, command] = COMMANDS[script];
  return runCommand(name, command, args, { ...process.env, ...env });
}

/** The same, as a process of its own, as staff run it. */
const cliInItsOwnProcess = (script: keyof typeof COMMANDS, args: string[], env: Record<string, string> = {}) => runScript(`scripts/${script}.ts`, args, env);

const shipped = () => structuredClone(readProject().form);


const counts = (in_progress: number, submitted: number) => ({ in_progress, submitted });

describe("npm run lint:definitions against the published version", () => {
  it("lists each change with its class and the applications it touches; a breaking change is an error until marked intended", async () => {
    const published = shipped();
    const { hash } = versionOf(published);
    const majors = published.optionLists["options/majors.json"]!.options!;
    const [renamed, dropped] = [majors[1]!, majors[2]!];
    const limit = published.institution.institution.character_limit;
    const version: VersionFile = {
      hash, label: `2026-10-02 · ${hash.slice(0, 7)}`, published_at: "2026-10-02T12:00:00.000Z", exported_at: "2026-12-01T09:00:00.000Z",
      files: published,
      tally: {
        applications: counts(400, 50),
        answered: { conviction: counts(300, 50), middle_name: counts(120, 30) },
        chose: { applied_major: { [renamed.value]: counts(312, 12), [dropped.value]: counts(4, 0) }, applied_major_2: { [dropped.value]: counts(2, 1) } },
        lengths: { personal_statement_essay: { "90": counts(200, 40), [String(limit - 1999)]: counts(3, 1), [String(limit)]: counts(2, 0) } },
      },
    };

    // Staff's edits: a major's code renamed, another major removed, the essay limit lowered, a question reworded.
    const files = shipped();
    const editedMajors = files.optionLists["options/majors.json"]!.options!;
    editedMajors[1]!.value = `${renamed.value}X`;
    editedMajors.splice(2, 1);
    files.institution.institution.character_limit = limit - 2000;
    const conviction = itemAsking(files, "conviction");
    const wording = conviction.label;
    conviction.label = `${wording} (reworded)`;
    const root = project(files);
    mkdirSync(join(root, "definition-versions"));
    writeFileSync(join(root, VERSION_FILE), JSON.stringify(version));

    const major = `"${itemAsking(files, "applied_major").label}" (applied_major)`;
    const major2 = `"${itemAsking(files, "applied_major_2").label}" (applied_major_2)`;
    const essay = `"${itemAsking(files, "personal_statement_essay").label}" (personal_statement_essay)`;
    const clean = await cli("lint-definitions", ["--root", root]);
    expect(clean.stderr).toContain("lint:definitions: 0 errors, 0 warnings");
    expect(clean.code).toBe(0);
    const lines = clean.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(`${VERSION_FILE}: changes from version ${version.label} (applications counted 2026-12-01):`);
    expect(lines).toEqual(expect.arrayContaining([
      `  needs applicants: Option "${renamed.label}" (${renamed.value}) removed from ${major} — 312 applications in progress and 12 submitted chose it`,
      `  safe: Option "${renamed.label}" (${renamed.value}X) added to ${major}`,
      `  needs applicants: Option "${dropped.label}" (${dropped.value}) removed from ${major} — 4 applications in progress and 0 submitted chose it`,
      `  needs applicants: Option "${dropped.label}" (${dropped.value}) removed from ${major2} — 2 applications in progress and 1 submitted chose it`,
      `  needs applicants: Limit of ${essay} lowered from ${limit} to ${limit - 2000} characters — 5 applications in progress and 1 submitted gave more than ${limit - 2000} characters`,
      `  needs applicants: Question conviction reworded: "${wording}" → "${wording} (reworded)" — 300 applications in progress and 50 submitted answered it`,
    ]));

    // An answer key given to another kind of question: refused until staff say they mean it.
    itemAsking(files, "middle_name").type = "textarea";
    writeProject(root, files);
    const breaking = "Answer key middle_name now belongs to a textarea question, not a text one";
    const refused = await cli("lint-definitions", ["--root", root, "--format", "github"]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(`::error title=definition change::breaking: ${breaking} — 120 applications in progress and 30 submitted answered it; if you mean it, add its text to ${INTENDED_FILE}\n`);
    expect(refused.stderr).toContain("lint:definitions: 1 error, 0 warnings");
    writeFileSync(join(root, INTENDED_FILE), JSON.stringify({ intended: [breaking, "Answer key gpa now belongs to a number question, not a text one"] }));
    const intended = await cli("lint-definitions", ["--root", root]);
    expect(intended.code).toBe(0);
    expect(intended.stdout).toContain(`  breaking: ${breaking} — 120 applications in progress and 30 submitted answered it\n`);
    expect(intended.stdout).toContain(`${INTENDED_FILE}: warning: names a breaking change these definitions do not make: "Answer key gpa now belongs to a number question, not a text one"; remove it\n`);

    // A version file edited by hand is refused, not compared.
    writeFileSync(join(root, VERSION_FILE), JSON.stringify({ ...version, label: "x", files: { ...version.files, pages: {} } }));
    const tampered = await cli("lint-definitions", ["--root", root]);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toBe(`lint:definitions: ${VERSION_FILE} was edited by hand: its files are no longer version x; export it again (npm run definitions -- export)\n`);
  });

  it("compares the project with the version file it ships, which is one: the edits since pass", async () => {
    const shippedFile = parseVersionFile(VERSION_FILE, readFileSync(join(repoRoot, VERSION_FILE), "utf8"));
    expect(shippedFile).not.toHaveProperty("problem");
    const { stdout, code } = await cli("lint-definitions", []);
    expect(code).toBe(0);
    // Nothing to list when the definitions are that version (in the copy with staff's yearly edits, they are not).
    if ((shippedFile as VersionFile).hash === versionOf(readProject().form).hash) expect(stdout).toBe("");
  });
});

describe("npm run definitions", () => {
  it("exports the version a server started on last, counted; writes an older one back in place of the definitions", async () => {
    const dataDir = folders.data("definitions-data-");
    const files = shipped();
    const edited = shipped();
    const conviction = itemAsking(edited, "conviction");
    conviction.label = `${conviction.label} (reworded)`;
    const db = await openDatabase({ dataDir });
    try {
      await migrate(db);
      const first = await publishVersion(db, files, new Date("2026-10-02T12:00:00Z"));
      const second = await publishVersion(db, edited, new Date("2026-11-02T12:00:00Z"));
      // Gone back to the first version's files: nothing new is published, and it is the one applicants meet.
      expect(await publishVersion(db, files, new Date("2026-11-03T12:00:00Z"))).toEqual(first);
      await db.query("INSERT INTO users (username, password_hash, created_at) VALUES ('a@example.org', 'x', now()), ('b@example.org', 'x', now())");
      await db.query(
        `INSERT INTO applications (user_id, answers, updated_at, submitted_at)
         SELECT id, $1::jsonb, now(), CASE WHEN username LIKE 'a%' THEN now() END FROM users`, [JSON.stringify({ conviction: "N", middle_name: "" })]);

      await db.close();
      const out = join(folder("definitions-out-"), "published.json");
      const exported = await cliInItsOwnProcess("definitions", ["export", "--out", out], { DATA_DIR: dataDir });
      expect(exported.stdout).toBe(`Wrote version ${first.label} to ${out}, with 1 applications in progress and 1 submitted counted.\n`);
      const version = parseVersionFile(out, readFileSync(out, "utf8")) as VersionFile;
      expect(version).toMatchObject({ hash: first.hash, label: first.label, files });
      expect(version.tally.applications).toEqual(counts(1, 1));
      expect(version.tally.answered).toEqual({ conviction: counts(1, 1) });
      expect(version.tally.chose.conviction).toEqual({ N: counts(1, 1) });

      // Writing the second version out makes the project that version; a name that is none is refused.
      const root = project();
      const written = await cli("definitions", ["write", second.hash.slice(0, 9), "--root", root], { DATA_DIR: dataDir });
      expect(written.stdout).toContain(`Wrote version ${second.label} to form-definitions/ and schemas/.`);
      expect(versionOf(readProject(root).form).hash).toBe(second.hash);
      expect(await cli("definitions", ["write", out, "--root", root])).toMatchObject({ code: 0 });
      expect(versionOf(readProject(root).form).hash).toBe(first.hash);
      expect(await cli("definitions", ["write", "0000000", "--root", root], { DATA_DIR: dataDir })).toMatchObject({
        code: 1, stderr: 'No published version is "0000000": the office lists them under Versions.\n',
      });
      expect(await cli("definitions", ["write", "v1; rm -rf /", "--root", root])).toMatchObject({ code: 1, stderr: expect.stringContaining("is not a version") });
      expect(await cli("definitions", ["publish"])).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command "publish"') });
    } finally {
      await db.close().catch(() => undefined);
    }
  }, SPAWNING_MS);

  it("says in one line, never a stack trace, that the database does not answer or the folder has no definitions", async () => {
    const out = join(folder("definitions-out-"), "published.json");
    expect(await cli("definitions", ["export", "--out", out], { DATABASE_URL: "postgres://staff@127.0.0.1:1/admission" })).toMatchObject({
      code: 1, stdout: "", stderr: "The database cannot be opened: connect ECONNREFUSED 127.0.0.1:1.\n",
    });
    const empty = folder("definitions-empty-");
    expect(await cli("definitions", ["write", join(repoRoot, VERSION_FILE), "--root", empty])).toMatchObject({
      code: 1, stdout: "", stderr: `${empty} has no form-definitions/ folder: give --root the project's folder.\n`,
    });
  });
});
