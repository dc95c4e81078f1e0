import { fork, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { previewFindings } from "../definitions/preview-findings";
import { isPreviewed, SETTLE_MS } from "./preview-server";

/**
 * `virtual:lint-findings`: what `npm run lint:definitions` finds, each finding with its line and
 * column, for the preview (src/client/preview). The linter reads files with Node, so it runs here:
 * in the office's build, the findings of the definitions it ships; under `npm run preview`, in a
 * process of its own (scripts/preview-lint.ts), started again the moment a file is saved.
 */
export function lintFindings(mode: string): Plugin {
  const id = "virtual:lint-findings";
  const toModule = (findings: unknown) => `export default ${JSON.stringify(findings)};`;
  let linter: ChildProcess | undefined;
  let latest: Promise<string> | undefined;
  let settling: ReturnType<typeof setTimeout> | undefined;
  const failed = (why: string) => toModule([{ path: "", pointer: "", line: 1, column: 1, message: why, severity: "error", text: why }]);
  const lintApart = () =>
    (latest = new Promise<string>((done) => {
      if (!linter) {
        linter = fork(resolve("scripts/preview-lint.ts"), { execArgv: ["--import", "tsx"] });
        linter.once("exit", (code) => {
          linter = undefined;
          latest = Promise.resolve(failed(`the linter stopped (exit ${code}); save a file to start it again`));
        });
      }
      const running = linter;
      const onExit = () => done(failed("the linter stopped; save a file to start it again"));
      running.once("exit", onExit);
      running.once("message", (reply: { findings?: unknown[]; error?: string }) => {
        running.off("exit", onExit);
        done(reply.findings ? toModule(reply.findings) : failed(`the linter failed: ${reply.error}`));
      });
      running.send(process.cwd());
    }));
  return {
    name: "lint-findings",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      if (mode !== "preview" || this.environment?.mode !== "dev") return toModule(previewFindings(process.cwd()));
      return latest ?? lintApart();
    },
    configureServer(server) {
      if (mode !== "preview") return;
      void lintApart();
      server.httpServer?.once("close", () => linter?.disconnect());
    },
    hotUpdate({ file }) {
      if (mode !== "preview" || this.environment.name !== "client" || !isPreviewed(file)) return;
      // The module waits for the files to settle: a save can reach the watcher while half written.
      const settled = new Promise<void>((done) => {
        clearTimeout(settling);
        settling = setTimeout(done, SETTLE_MS);
      });
      latest = settled.then(lintApart);
    },
  };
}
