// npm run preview [-- --no-open]: the three pages drawn from this working copy's definitions, on
// http://localhost:5174 (PORT picks another), without an account, a server or a database. The
// page reloads when a definition, a rule or a sample answer set is saved (src/vite-plugins/preview-server.ts).
import { createServer } from "vite";

const port = Number(process.env.PORT ?? 5174);
const open = !process.argv.includes("--no-open");
// The runner loads vite.config.ts with its TypeScript imports (the linter, the answer validator) as they are.
const vite = await createServer({ mode: "preview", configLoader: "runner", server: { port, strictPort: true, open: open ? "/" : false } });
await vite.listen();
console.log(`Preview of the application: http://localhost:${port}/ (reloads when a file in form-definitions/, schemas/ or examples/answers/ is saved)`);

for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void vite.close().then(() => process.exit(0)));
