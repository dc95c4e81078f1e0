// docs/server.md's curl walkthrough, run line for line against the built server (npm run build,
// npm start) on the embedded defaults: a fresh data folder, PGlite, mail in the outbox.
import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayAnywhereOnEarth } from "../../src/engine/runtime";
import { completeAnswers } from "../support/answer-sets";
import { definitions } from "../support/definitions";
import { freePort } from "../support/free-port";

const root = new URL("../..", import.meta.url).pathname;

describe("the curl walkthrough of docs/server.md", () => {
  const dir = mkdtempSync(join(tmpdir(), "walkthrough-"));
  let server: ChildProcess;
  let base: string;

  beforeAll(async () => {
    execFileSync("npm", ["run", "-s", "build"], { cwd: root, stdio: "ignore" });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["dist/server/main.js"], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: join(dir, "data"), LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    // A first start on a new PGlite folder takes seconds, tens of them while other suites load the machine.
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline && server.exitCode === null) {
      if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server did not start (${server.exitCode === null ? "still starting" : `exited ${server.exitCode}`}):\n${output}`);
  }, 240_000);
  afterAll(() => {
    server?.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("signs up, confirms with the code from the outbox, logs in, saves, validates and submits", async () => {
    const doc = readFileSync(join(root, "docs/server.md"), "utf8");
    const block = /<!-- curl-walkthrough -->\n```sh\n([\s\S]*?)```/.exec(doc)![1]!;
    // The example names the term and plan of the cycle it was written in; this cycle's, with a plan
    // open today (the built server's clock is the real one), take their place.
    const answers = join(dir, "complete.json");
    writeFileSync(answers, JSON.stringify(completeAnswers(definitions(), dayAnywhereOnEarth())));
    expect(block).toContain("@examples/answers/complete.json");
    const script = block
      .replaceAll("@examples/answers/complete.json", `@${answers}`)
      .replaceAll("http://localhost:8080", base)
      .replaceAll("data/outbox", join(dir, "data/outbox"))
      .replaceAll("cookies.txt", join(dir, "cookies.txt"));
    const { stdout } = await promisify(execFile)("bash", ["-euo", "pipefail", "-c", script.replace(/\n(?=curl)/g, "\necho\n")], { cwd: root });
    const replies = stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(replies.map((a) => a.message ?? Object.keys(a).length)).toEqual([
      "We sent a confirmation code to your email address. Enter it within 10 minutes to confirm your account.",
      "Your account is confirmed. You can now log in.",
      "You are logged in.",
      "Your answers were saved.",
      "Your application status was saved.",
      0,
      "Your application was successfully submitted.",
    ]);
  });
});
