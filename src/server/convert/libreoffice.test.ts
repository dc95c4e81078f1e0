import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getPriority, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../api-contract/messages";
import { convertToPdf, isolation } from "./index";
import { WALL_FACTOR } from "./isolated";
import { JOB_PREFIX, profileTemplate, runningConversions, TEMPLATE_PREFIX } from "./libreoffice";
import { docx, docxWithPictures, pdfWithText, png, textOf } from "../../../tests/support/files";

// Every job directory of this file goes under a directory of its own, to be seen removed.
const originalTmp = process.env.TMPDIR;
let jobsRoot = "";
beforeAll(() => {
  jobsRoot = mkdtempSync(join(tmpdir(), "convert-test-"));
  process.env.TMPDIR = jobsRoot;
});
afterAll(() => {
  // Assigning undefined would set "undefined": the files after this one in the worker made their
  // temporary folders under ./undefined.
  if (originalTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = originalTmp;
  rmSync(jobsRoot, { recursive: true, force: true });
});

/** Job directories still there; the template profile and the tests' own files may stay. */
const jobsLeft = () => readdirSync(jobsRoot).filter((name) => name.startsWith(JOB_PREFIX));

/** LibreOffice processes started by this test process (other test files run their own). */
async function ourSoffices(): Promise<number> {
  const { stdout } = await promisify(execFile)("ps", ["-eo", "pid=,ppid=,args="]);
  const processes = stdout
    .trim()
    .split("\n")
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line)!.slice(1));
  const ours = new Set([String(process.pid)]);
  for (let size = 0; size !== ours.size;) {
    size = ours.size;
    for (const [pid, parent] of processes) if (ours.has(parent!)) ours.add(pid!);
  }
  const soffices = processes.filter(([pid, , args]) => ours.has(pid!) && args!.includes("soffice.bin") && args!.includes(JOB_PREFIX));
  // A LibreOffice forks to start helpers; until the child execs, it shows its parent's command line.
  const pids = new Set(soffices.map(([pid]) => pid));
  return soffices.filter(([, parent]) => !pids.has(parent)).length;
}

describe("Word documents in LibreOffice", () => {
  it("converts four documents sent at once, never running more than two LibreOffices", async () => {
    // seen: the most two readings in a row agreed on; glimpsed: the most one reading showed.
    let most = { counted: 0, seen: 0, glimpsed: 0 };
    let watching = true;
    // One reading at a time, 25 ms apart: on a busy machine a ps every 25 ms whatever the last
    // one's progress piled up dozens of them, which slowed the LibreOffices out of sight.
    const watch = (async () => {
      while (watching) {
        // ps reads one process after another: a LibreOffice that ended while it read can show up
        // beside the one that replaced it. Two readings in a row agree on what really overlaps.
        const [first, second] = [await ourSoffices(), await ourSoffices()];
        most = { counted: Math.max(most.counted, runningConversions()), seen: Math.max(most.seen, Math.min(first, second)), glimpsed: Math.max(most.glimpsed, first, second) };
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const sentences = [1, 2, 3, 4].map((n) => `Reference letter number ${n} for the applicant.`);
    // The 30 s limit has its own test below; on a busy machine four LibreOffices two at a time can take longer.
    const results = await Promise.all(sentences.map((sentence) => convertToPdf(docx([sentence]), { timeoutMs: 110_000 })));
    watching = false;
    await watch;
    for (const [i, result] of results.entries()) {
      if (!result.ok) throw new Error(result.message);
      expect(await textOf(result.pdf)).toContain(sentences[i]);
    }
    expect(most.counted).toBe(2);
    // The watcher saw LibreOffice run: on a busy machine, a conversion can end between two readings.
    expect(most.glimpsed).toBeGreaterThan(0);
    expect(most.seen).toBeLessThanOrEqual(2);
    expect(runningConversions()).toBe(0);
    expect(jobsLeft()).toEqual([]);
  }, 120_000);

  it("stops a conversion that takes too long, and leaves nothing behind", async () => {
    // 20 ms: LibreOffice cannot even start in that.
    const result = await convertToPdf(docx(["A document LibreOffice has no time for."]), { timeoutMs: 20 });
    expect(result).toEqual({ ok: false, message: messages.fileTooSlow });
    expect(await ourSoffices()).toBe(0);
    expect(jobsLeft()).toEqual([]);
  }, 60_000);

  it("puts neither a picture linked from the server's disk nor one from the network into the PDF", async () => {
    const secret = join(jobsRoot, "secret.png");
    writeFileSync(
      secret,
      png(50, 50, () => [255, 0, 0]),
    );
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(request.url ?? "");
      response.end(png(50, 50, () => [0, 0, 255]));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await convertToPdf(
        docxWithPictures(["Pictures linked from elsewhere:"], [{ link: `file://${secret}` }, { link: `http://127.0.0.1:${port}/picture.png` }]),
      );
      if (!result.ok) throw new Error(result.message);
      expect(await textOf(result.pdf)).toContain("Pictures linked from elsewhere:");
      const doc = await PDFDocument.load(result.pdf);
      const objects = doc.context.enumerateIndirectObjects().map(([, object]) => object.toString());
      expect(objects.filter((object) => object.includes("/Subtype /Image"))).toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      server.close();
      rmSync(secret);
    }
  }, 60_000);

  it("runs LibreOffice 10 nice steps below the server, giving way to it", async () => {
    const dir = mkdtempSync(join(jobsRoot, "nice-"));
    const noted = join(dir, "nice");
    const soffice = join(dir, "soffice");
    // Notes its nice value and makes no PDF, as a LibreOffice that could not read the document.
    writeFileSync(soffice, `#!/bin/sh\nnice > '${noted}'\n`, { mode: 0o755 });
    expect(await convertToPdf(docx(["Hello"]), { sofficePath: soffice })).toEqual({ ok: false, message: messages.fileWordFailed });
    expect(Number(readFileSync(noted, "utf8"))).toBe(Math.min(19, getPriority() + 10));
    expect(jobsLeft()).toEqual([]);
  });

  it("counts LibreOffice's CPU time, not its wait: a document kept waiting past its limit by a busy machine still converts", async () => {
    const dir = mkdtempSync(join(jobsRoot, "waiting-"));
    const made = join(dir, "made.pdf");
    writeFileSync(made, await (await pdfWithText(["Converted after a wait"])).save());
    const soffice = join(dir, "soffice");
    // Waits 1.5 s without working, then writes a PDF where LibreOffice would.
    writeFileSync(soffice, `#!/bin/sh\nsleep 1.5\nwhile [ $# -gt 0 ]; do [ "$1" = --outdir ] && out=$2; shift; done\n[ -n "$out" ] && mkdir -p "$out" && cp '${made}' "$out/input.pdf"\nexit 0\n`, { mode: 0o755 });
    const result = await convertToPdf(docx(["Hello"]), { sofficePath: soffice, timeoutMs: 1_000 });
    expect(result.ok && (await textOf(result.pdf))).toContain("Converted after a wait");
    // The clock still ends one that waits WALL_FACTOR times its limit.
    expect(await convertToPdf(docx(["Hello"]), { sofficePath: soffice, timeoutMs: 1_500 / WALL_FACTOR - 100 })).toEqual({ ok: false, message: messages.fileTooSlow });
    expect(jobsLeft()).toEqual([]);
  });

  it("throws, as our own fault, when LibreOffice is not where we were told", async () => {
    await expect(convertToPdf(docx(["Hello"]), { sofficePath: "/nowhere/soffice" })).rejects.toThrow("LibreOffice could not be started as /nowhere/soffice");
    expect(jobsLeft()).toEqual([]);
    expect(runningConversions()).toBe(0);
  });

  it("starts LibreOffice where the network can't be reached", async () => {
    const { prefix } = await isolation();
    expect(prefix, "unshare is not permitted on this machine").not.toEqual([]);
    const server = createServer((_, response) => response.end("reached"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const attempt = (wrapper: string[]) =>
      new Promise<number | null>((resolve) => {
        const script = `require("http").get("http://127.0.0.1:${port}/", () => process.exit(0)).on("error", () => process.exit(3))`;
        spawn(wrapper[0] ?? process.execPath, [...wrapper.slice(1), ...(wrapper.length ? [process.execPath] : []), "-e", script]).once("exit", resolve);
      });
    try {
      expect(await attempt([])).toBe(0);
      expect(await attempt(prefix)).toBe(3);
    } finally {
      server.close();
    }
  });

  describe("profiles", () => {
    const realSoffice = process.env.SOFFICE_PATH ?? "soffice";

    /**
     * A soffice that notes each profile it is started with, and whether that profile holds our
     * settings and LibreOffice's record of a previous start, then runs the real one. With
     * `dropSetting`, it takes a setting out of the template after making it, as a LibreOffice
     * that did not keep it would.
     */
    function loggingSoffice(dropSetting = false) {
      const dir = mkdtempSync(join(jobsRoot, "soffice-"));
      const log = join(dir, "starts.log");
      const script = join(dir, "soffice");
      writeFileSync(
        script,
        [
          "#!/bin/sh",
          'for arg; do case $arg in -env:UserInstallation=file://*) profile=${arg#-env:UserInstallation=file://};; esac; done',
          'settings=$(grep -c MacroSecurityLevel "$profile/user/registrymodifications.xcu")',
          'started=$(test -f "$profile/user/extensions/buildid" && echo yes || echo no)',
          `echo "$profile $settings $started" >> '${log}'`,
          `'${realSoffice}' "$@"; status=$?`,
          dropSetting ? 'case "$*" in *--terminate_after_init*) sed -i /MacroSecurityLevel/d "$profile/user/registrymodifications.xcu";; esac' : "",
          "exit $status",
        ].join("\n"),
        { mode: 0o755 },
      );
      const starts = () =>
        readFileSync(log, "utf8")
          .trim()
          .split("\n")
          .map((line) => line.split(" "))
          .map(([profile, settings, started]) => ({ dir: relative(jobsRoot, profile!).split("/")[0]!, hasSettings: settings === "1", wasStarted: started === "yes" }));
      return { sofficePath: script, starts };
    }

    const templateDirs = () => readdirSync(jobsRoot).filter((name) => name.startsWith(TEMPLATE_PREFIX));

    it("makes one template for jobs starting together, and starts each job on its own copy of it", async () => {
      const { sofficePath, starts } = loggingSoffice();
      const sentences = ["First of two letters.", "Second of two letters."];
      const results = await Promise.all(sentences.map((sentence) => convertToPdf(docx([sentence]), { sofficePath })));
      for (const [i, result] of results.entries()) {
        if (!result.ok) throw new Error(result.message);
        expect(await textOf(result.pdf)).toContain(sentences[i]);
      }
      const [made, ...jobs] = starts();
      expect(made!.dir.startsWith(TEMPLATE_PREFIX)).toBe(true);
      expect(made!.hasSettings).toBe(true);
      expect(jobs).toHaveLength(2);
      expect(new Set(jobs.map((job) => job.dir)).size).toBe(2);
      for (const job of jobs) expect(job).toEqual({ dir: expect.stringMatching(new RegExp(`^${JOB_PREFIX}`)), hasSettings: true, wasStarted: true });

      const template = await profileTemplate(sofficePath, await isolation());
      expect(template!.map((file) => file.path)).toContain("user/extensions/buildid");
      // Made without a document: nothing in it names one, or a job.
      const text = template!.map((file) => file.bytes.toString("latin1")).join("\n");
      for (const name of [".docx", JOB_PREFIX]) expect(text).not.toContain(name);
      expect(templateDirs()).toEqual([]);
      expect(jobsLeft()).toEqual([]);
    }, 120_000);

    it("converts from a profile of its own when LibreOffice did not keep our settings in the template", async () => {
      const { sofficePath, starts } = loggingSoffice(true);
      const result = await convertToPdf(docx(["No template for this one."]), { sofficePath });
      if (!result.ok) throw new Error(result.message);
      expect(await textOf(result.pdf)).toContain("No template for this one.");
      expect(await profileTemplate(sofficePath, await isolation())).toBeNull();
      const [, job] = starts();
      expect(job).toEqual({ dir: expect.stringMatching(new RegExp(`^${JOB_PREFIX}`)), hasSettings: true, wasStarted: false });
      expect(templateDirs()).toEqual([]);
      expect(jobsLeft()).toEqual([]);
    }, 120_000);
  });
});
