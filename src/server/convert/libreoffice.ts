// Word documents become PDF in LibreOffice, one headless process per document. Each process gets
// a new temporary directory holding its profile, input and output, and a settings file that
// turns off what an untrusted document could use (see SETTINGS); at most two run at once.
// The profile starts as a copy of a template made once per process (see profileTemplate).
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { CONVERSION_MS, WALL_FACTOR } from "./isolated";
import { isolation, type Isolation } from "./isolation";
import { GIVE_WAY } from "./priority";

export interface LibreOfficeOptions {
  sofficePath: string;
  timeoutMs: number;
}

export type LibreOfficeResult = { ok: true; pdf: Buffer } | { ok: false; reason: "timeout" | "failed" };

/** Prefix of every job's directory; the concurrency test finds the processes by it. */
export const JOB_PREFIX = "docx-to-pdf-";
/** Prefix of the directory the template profile is made in, removed once it is read. */
export const TEMPLATE_PREFIX = "libreoffice-profile-";
// From the issue: at most two at once. Each LibreOffice keeps a core busy for seconds.
const MAX_RUNNING = 2;

let running = 0;
const waiting: Array<() => void> = [];

/** Conversions holding one of the places right now: LibreOffice starting, running or being cleaned up after. */
export function runningConversions(): number {
  return running;
}

export async function docxToPdf(docx: Uint8Array, options: LibreOfficeOptions): Promise<LibreOfficeResult> {
  const network = await isolation();
  await takeTurn();
  try {
    const job = await mkdtemp(join(tmpdir(), JOB_PREFIX));
    try {
      return await convertIn(job, docx, options, network);
    } finally {
      await rm(job, { recursive: true, force: true, maxRetries: 3 });
    }
  } finally {
    passTurn();
  }
}

async function takeTurn() {
  if (running < MAX_RUNNING) {
    running++;
    return;
  }
  // passTurn hands the slot straight over, so `running` stays counted for the waiting job.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function passTurn() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

// Written into every new profile before LibreOffice first reads it: the template's (see
// profileTemplate), or a job's own when there is no template.
//   DisableMacrosExecution, MacroSecurityLevel 3: no macro runs, signed or not, whatever the
//     document says. A fresh profile's default (level 2) already blocks unsigned macros but
//     still runs signed ones; docx.ts refuses VBA before we get here anyway.
//   BlockUntrustedRefererLinks, Writer Update/Link 0 (never): a picture or section linked to a
//     path such as file:///etc/… is not loaded into the PDF. Without these, LibreOffice 7.4
//     embeds a linked local image in the output: a way to read the server's files.
//   ooSetupLastVersion: the last version that ran on this profile, here far above any real one.
//     Until the profile names a version at least its own, LibreOffice runs its graphics
//     self-tests (over a second of CPU) at every start, and headless it never records one.
const SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Setup/Product"><prop oor:name="ooSetupLastVersion" oor:op="fuse"><value>9999.9</value></prop></item>
</oor:items>
`;

const FLAGS = ["--headless", "--norestore", "--nolockcheck", "--nodefault", "--nofirststartwizard"];

async function convertIn(job: string, docx: Uint8Array, options: LibreOfficeOptions, network: Isolation): Promise<LibreOfficeResult> {
  const profile = join(job, "profile");
  const template = await profileTemplate(options.sofficePath, network);
  if (template) await writeFiles(profile, template);
  else await writeSettings(profile);
  await writeFile(join(job, "input.docx"), docx);
  const args = [
    `-env:UserInstallation=${pathToFileURL(profile).href}`,
    ...FLAGS,
    ...["--convert-to", "pdf", "--outdir", join(job, "out"), join(job, "input.docx")],
  ];
  const exit = await run([...network.prefix, ...GIVE_WAY, ...cpuLimit(options.timeoutMs), options.sofficePath, ...args], job, options.timeoutMs);
  if (exit === 127) throw new Error(`LibreOffice could not be started as ${options.sofficePath} (set SOFFICE_PATH)`);
  if (exit === "timeout") return { ok: false, reason: "timeout" };
  // soffice exits 0 even when it could not load the document; the missing PDF is what tells.
  const pdf = await readFile(join(job, "out", "input.pdf")).catch(() => null);
  return pdf && pdf.length > 0 ? { ok: true, pdf } : { ok: false, reason: "failed" };
}

/** A new profile holding nothing but SETTINGS. */
async function writeSettings(profile: string) {
  await mkdir(join(profile, "user"), { recursive: true });
  await writeFile(join(profile, "user", "registrymodifications.xcu"), SETTINGS);
}

// LibreOffice's first start on an empty profile fills it and, finding no record of which build
// last used it (user/extensions/buildid), clears its extension cache and restarts itself: about a
// quarter of a second of CPU more than a start on a profile it has seen. So the first job makes a
// template once, by starting LibreOffice on an empty profile with SETTINGS until it is ready
// (--terminate_after_init: no document at all), under the same isolation and limits and in its
// place in the queue. The files are kept in memory, so nothing can change them, and each job's profile starts
// as a copy of them: as new as an empty one. Keyed by soffice, as the template is its work, and
// tried once: if it cannot be made, jobs start from an empty profile with SETTINGS as before.
const templates = new Map<string, Promise<ProfileFile[] | null>>();

export interface ProfileFile {
  /** Relative to the profile's directory. */
  path: string;
  bytes: Buffer;
}

/** The template profile for this soffice, or null if it could not be made: jobs then start empty. */
export function profileTemplate(sofficePath: string, network: Isolation): Promise<ProfileFile[] | null> {
  let template = templates.get(sofficePath);
  if (!template) {
    template = makeTemplate(sofficePath, network);
    templates.set(sofficePath, template);
  }
  return template;
}

async function makeTemplate(sofficePath: string, network: Isolation): Promise<ProfileFile[] | null> {
  const dir = await mkdtemp(join(tmpdir(), TEMPLATE_PREFIX));
  const profile = join(dir, "profile");
  try {
    await writeSettings(profile);
    const args = [`-env:UserInstallation=${pathToFileURL(profile).href}`, ...FLAGS, "--terminate_after_init"];
    const exit = await run([...network.prefix, ...GIVE_WAY, ...cpuLimit(CONVERSION_MS), sofficePath, ...args], dir, CONVERSION_MS);
    const files = exit === 0 ? await readFiles(profile) : [];
    // Whatever went wrong (soffice missing or killed, a setting not kept), jobs still convert
    // from an empty profile, and a missing soffice is reported by the job itself.
    return hasSettings(files) ? files : null;
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** Whether LibreOffice kept every line of SETTINGS when it rewrote the settings file. */
function hasSettings(files: ProfileFile[]): boolean {
  const written = files.find((file) => file.path === join("user", "registrymodifications.xcu"))?.bytes.toString("utf8") ?? "";
  return SETTINGS.split("\n")
    .filter((line) => line.startsWith("<item "))
    .every((line) => written.includes(line));
}

async function readFiles(dir: string): Promise<ProfileFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return Promise.all(files.map(async (file) => ({ path: relative(dir, file), bytes: await readFile(file) })));
}

/** All at once: a few rounds of the event loop, however busy it is with other conversions. */
async function writeFiles(dir: string, files: ProfileFile[]) {
  const dirs = new Set(files.map((file) => dirname(join(dir, file.path))));
  await Promise.all([...dirs].map((path) => mkdir(path, { recursive: true })));
  await Promise.all(files.map((file) => writeFile(join(dir, file.path), file.bytes)));
}

/**
 * A LibreOffice gets `timeoutMs` of CPU time, each of its processes (prlimit): it gives way to
 * the server (priority.ts), so on a busy machine it waits, and waiting is not the document's
 * fault. The kernel kills a process over its limit; `run` kills the group after WALL_FACTOR times
 * the limit on the clock.
 */
const cpuLimit = (timeoutMs: number) => ["prlimit", `--cpu=${Math.ceil(timeoutMs / 1000)}`, "--"];

/** Killed: by `run` or by the kernel at its CPU limit (SIGKILL, SIGXCPU), seen directly or in a script's exit status. */
const KILLED = { signals: ["SIGKILL", "SIGXCPU"], codes: [128 + 9, 128 + 24] };

/** The exit code, or "timeout" when it was killed for time. */
function run([command, ...args]: string[], job: string, timeoutMs: number): Promise<number | null | "timeout"> {
  return new Promise((resolve, reject) => {
    const child = spawn(command!, args, {
      // Its own process group, so one kill reaches oosplash and soffice.bin behind the script.
      detached: true,
      stdio: "ignore",
      // Nothing of the server's environment (database, mail and storage credentials) goes along;
      // HOME and TMPDIR keep LibreOffice's other files inside the job's directory.
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: job, TMPDIR: job, LANG: "C.UTF-8" },
    });
    const timer = setTimeout(() => killGroup(child.pid), timeoutMs * WALL_FACTOR);
    // A missing soffice is a deployment fault, not the applicant's, so it throws: as a spawn
    // error when run directly, as exit code 127 ("command not found") from unshare or a shell.
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      // Leftovers of a normal exit go too, before the directory they use is removed.
      killGroup(child.pid);
      const isKilled = (signal !== null && KILLED.signals.includes(signal)) || (code !== null && KILLED.codes.includes(code));
      resolve(isKilled ? "timeout" : code);
    });
  });
}

function killGroup(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: the whole group has already exited.
  }
}
