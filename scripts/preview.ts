// npm run preview [-- --port N] [--no-open]: the three pages drawn from this working copy's
// definitions, on http://localhost:5174 (--port, or PORT, picks another), without an account, a
// server or a database. The page reloads when a definition, a rule or a sample answer set is
// saved (src/vite-plugins/preview-server.ts). A wrong option or a port in use is said in one line.
import { parseArgs } from "node:util";
import { createServer } from "vite";
import { plainError, runStaffCommand, type CommandIo } from "./lib/staff-command";

const USAGE = `usage: npm run preview -- [--port N] [--no-open]

Draws the application from this copy's form-definitions/ on http://localhost:5174 and opens it
in the browser; it reloads when you save a definition, a rule or a sample answer set.

--port N    serve on port N instead (PORT=N does the same)
--no-open   do not open the browser`;

/** Exit code 0 once the preview listens: it runs on until the process is stopped. */
export async function previewCommand(args: string[], io: CommandIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { port: { type: "string" }, "no-open": { type: "boolean" }, help: { type: "boolean" } } }));
  } catch (error) {
    io.err(`${plainError(error)}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  const port = Number(values.port ?? io.env.PORT ?? 5174);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    io.err(`preview: the port must be a whole number from 1 to 65535, not "${values.port ?? io.env.PORT}"\n`);
    return 2;
  }
  // The runner loads vite.config.ts with its TypeScript imports (the linter, the answer validator) as they are.
  const vite = await createServer({ mode: "preview", configLoader: "runner", server: { port, strictPort: true, open: values["no-open"] ? false : "/" } });
  try {
    await vite.listen();
  } catch (error) {
    const inUse = /already in use/.test(plainError(error));
    io.err(`${inUse ? `preview: port ${port} is in use (another preview?): npm run preview -- --port ${port + 1} picks another` : `preview: ${plainError(error)}`}\n`);
    // Now, not once the loop is empty: the linter's process the preview started with the server
    // ends when the server closes after listening, which this one never did.
    await vite.close();
    process.exit(1);
  }
  io.out(`Preview of the application: http://localhost:${port}/ (reloads when a file in form-definitions/, schemas/ or examples/answers/ is saved)\n`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void vite.close().then(() => process.exit(0)));
  return 0;
}

await runStaffCommand("preview", previewCommand, import.meta.url);
