// docs/server.md's curl walkthrough, run line for line against the built server (npm run build,
// npm start) on the embedded defaults: PGlite, mail in the outbox.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayAnywhereOnEarth } from "../../src/engine/runtime";
import { completeAnswers } from "../support/answer-sets";
import { definitions } from "../support/definitions";
import { repoRoot, startBuiltServer, type BuiltServer } from "./support";

describe("the curl walkthrough of docs/server.md", () => {
  const dir = mkdtempSync(join(tmpdir(), "walkthrough-"));
  let server: BuiltServer;

  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("signs up, confirms with the code from the outbox, logs in, saves, validates and submits", async () => {
    const doc = readFileSync(join(repoRoot, "docs/server.md"), "utf8");
    const block = /<!-- curl-walkthrough -->\n```sh\n([\s\S]*?)```/.exec(doc)![1]!;
    // The example names the term and plan of the cycle it was written in; this cycle's, with a plan
    // open today (the built server's clock is the real one), take their place.
    const answers = join(dir, "complete.json");
    writeFileSync(answers, JSON.stringify(completeAnswers(definitions(), dayAnywhereOnEarth())));
    expect(block).toContain("@examples/answers/complete.json");
    const script = block
      .replaceAll("@examples/answers/complete.json", `@${answers}`)
      .replaceAll("http://localhost:8080", server.url)
      .replaceAll("data/outbox", join(server.dataDir, "outbox"))
      .replaceAll("cookies.txt", join(dir, "cookies.txt"));
    const { stdout } = await promisify(execFile)("bash", ["-euo", "pipefail", "-c", script.replace(/\n(?=curl)/g, "\necho\n")], { cwd: repoRoot });
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
