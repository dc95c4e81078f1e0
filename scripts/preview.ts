// npm run preview [-- --port N] [--no-open]: the three pages drawn from this working copy's
// definitions, on http://localhost:5174 (--port, or PORT, picks another), without an account, a
// server or a database. The page reloads when a definition, a rule or a sample answer set is
// saved (src/vite-plugins/preview-server.ts). A wrong option or a port in use is said in one line.
import { parseArgs } from "node:util";
import { createServer } from "vite";
import { plainError, runStaffCommand } from "./lib/staff-command";

const USAGE = `usage: npm run preview -- [--port N] [--no-open]

Draws the application from this copy's form-definitions/ on http://localhost:5174 and opens it
in the browser; it reloads when you save a definition, a rule or a sample answer set.

--port N    serve on port N instead (PORT=N does the same)
--no-open   do not open the browser`;

async function main(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { port: { type: "string" }, "no-open": { type: "boolean" }, help: { type: "boolean" } } }));
  } catch (error) {
    console.error(`${plainError(error)}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const port = Number(values.port ?? process.env.PORT ?? 5174);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`preview: the port must be a whole number from 1 to 65535, not "${values.port ?? process.env.PORT}"`);
    return 2;
  }
  // The runner loads vite.config.ts with its TypeScript imports (the linter, the answer validator) as they are.
  const vite = await createServer({ mode: "preview", configLoader: "runner", server: { port, strictPort: true, open: values["no-open"] ? false : "/" } });
  try {
    await vite.listen();
  } catch (error) {
    const inUse = /already in use/.test(plainError(error));
    console.error(inUse ? `preview: port ${port} is in use (another preview?): npm run preview -- --port ${port + 1} picks another` : `preview: ${plainError(error)}`);
    // Now, not once the loop is empty: the linter's process the preview started with the server
    // ends when the server closes after listening, which this one never did.
    await vite.close();
    process.exit(1);
  }
  console.log(`Preview of the application: http://localhost:${port}/ (reloads when a file in form-definitions/, schemas/ or examples/answers/ is saved)`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void vite.close().then(() => process.exit(0)));
  return 0;
}

// A server that runs until stopped: only ever as a process of its own.
await runStaffCommand("preview", main, import.meta.url);
