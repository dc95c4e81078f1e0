// Fails a test file that reads form-definitions/ while tests/support/definition-readers.ts, which
// works out from the imports which tests do, does not count it: CI would not run it again in the
// copy with staff's edits (.ci/run), where it might break. Watches the reads the server and the
// scripts make (node:fs), in the Node projects' test files.
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, inject } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const definitions = join(root, "form-definitions");
let reads: string | undefined;

const watch = <F extends (path: fs.PathLike, ...rest: never[]) => unknown>(read: F): F =>
  function (this: unknown, path: fs.PathLike, ...rest: never[]) {
    const name = path instanceof URL ? fileURLToPath(path) : String(path);
    if (name === definitions || name.startsWith(definitions + sep)) reads ??= relative(root, name);
    return read.call(this, path, ...rest);
  } as F;

fs.readFileSync = watch(fs.readFileSync);
fs.readdirSync = watch(fs.readdirSync);
fs.readFile = watch(fs.readFile);
fs.promises.readFile = watch(fs.promises.readFile);
fs.promises.readdir = watch(fs.promises.readdir);
syncBuiltinESMExports();

// eslint-disable-next-line no-empty-pattern -- Vitest hands the file's suite to a hook as its second argument only.
afterAll(({}, suite) => {
  const file = relative(root, "filepath" in suite ? suite.filepath : suite.file.filepath);
  if (reads && !inject("definitionReaders").includes(file)) {
    throw new Error(`${file} reads ${reads}, but tests/support/definition-readers.ts does not see it in its imports, so CI would not run it with staff's edits: import the definitions through src/definitions/files.ts or tests/support/definitions.ts`);
  }
});
