// npm run preview's options, said in words: --help prints them and starts nothing, a wrong option
// or port is one line and exit 2. The preview itself is tested in the browser (tests/e2e/preview.test.ts).
import { describe, expect, it } from "vitest";
import { runCommand, runScript } from "../tests/support/commands";
import { SPAWNING_MS } from "../tests/support/spawning";
import { previewCommand } from "./preview";

/** npm run preview -- …args, in this process (nothing here gets as far as starting the preview). */
const preview = (...args: string[]) => runCommand("preview", previewCommand, args, { ...process.env, PORT: "" });
/** The same, as a process of its own, as staff run it. */
const previewInItsOwnProcess = (...args: string[]) => runScript("scripts/preview.ts", args, { PORT: "" });

describe("npm run preview", () => {
  it("prints its options for --help and starts nothing", async () => {
    const { code, stdout, stderr } = await previewInItsOwnProcess("--help");
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toMatch(/^usage: npm run preview -- \[--port N\] \[--no-open\]\n/);
    expect(stdout).toContain("--port N    serve on port N instead (PORT=N does the same)");
  }, SPAWNING_MS);

  it("refuses a port that is not one, and an option it does not know, in one line and exit 2", async () => {
    expect(await preview("--port", "80a")).toEqual({ code: 2, stdout: "", stderr: 'preview: the port must be a whole number from 1 to 65535, not "80a"\n' });
    const unknown = await preview("--prot", "5175");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown option '--prot'.*\n\nusage: npm run preview/);
  });
});
