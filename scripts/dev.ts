// npm run dev: the API server (restarting on change, node --watch) behind Vite's dev server (hot
// reload), which proxies /api, /public, /service and /lookup to it (vite.config.ts). Open
// http://localhost:5173. PORT picks Vite's port, API_PORT the server's.
import { spawn } from "node:child_process";
import { createServer } from "vite";

const vitePort = Number(process.env.PORT ?? 5173);
const apiPort = process.env.API_PORT ?? "8080";

const api = spawn(process.execPath, ["--import", "tsx", "--watch", "--watch-preserve-output", "src/server/main.ts"], {
  stdio: "inherit",
  // Links in mail and the Origin check name the address the browser uses: Vite's.
  env: { ...process.env, PORT: apiPort, HOST: "127.0.0.1", PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${vitePort}` },
});

process.env.API_PORT = apiPort; // read by vite.config.ts's proxy
// The runner loads vite.config.ts with its TypeScript imports (the answer validator plugin) as they are.
const vite = await createServer({ configLoader: "runner", server: { port: vitePort, strictPort: true } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill("SIGTERM");
  await vite.close();
};
api.on("exit", (code) => {
  console.error(`the API server exited (${code}); stopping`);
  void vite.close().then(() => process.exit(code ?? 1));
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop().then(() => process.exit(0)));
