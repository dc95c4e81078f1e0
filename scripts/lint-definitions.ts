// npm run lint:definitions [-- --format github] [--root DIR]
// Refuses definitions with mistakes before an applicant meets them. Each finding prints
// `file:line:column: message (JSON pointer)`; --format github prints GitHub annotations instead.
// Exit 1 on any error; warnings (data-model keys no page asks for) are listed and pass.
import { resolve } from "node:path";
import { repoRoot } from "../src/definitions/files";
import { formatFinding, lintDefinitions } from "../src/definitions/lint";

async function main(args: string[]): Promise<number> {
  let format: "text" | "github" = "text";
  let root = repoRoot;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = args[i + 1];
    if (arg === "--format" && (value === "text" || value === "github")) { format = value; i++; }
    else if (arg === "--root" && value) { root = resolve(value); i++; }
    else {
      process.stderr.write("usage: npm run lint:definitions -- [--format text|github] [--root DIR]\n");
      return 2;
    }
  }
  const { findings, sources } = lintDefinitions(root);
  findings.sort((a, b) => a.path.localeCompare(b.path) || (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
  for (const finding of findings) process.stdout.write(`${formatFinding(finding, sources, format)}\n`);
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.length - errors;
  process.stderr.write(`lint:definitions: ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}\n`);
  return errors > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
