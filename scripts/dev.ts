// npm run dev: the API server (restarting on change, tsx watch) behind Vite's dev server (hot
// reload), which proxies /api, /public, /service and /lookup to it (vite.config.ts). Open
// http://localhost:5173. PORT picks Vite's port, API_PORT the server's.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const vitePort = process.env.PORT ?? "5173";
const apiPort = process.env.API_PORT ?? "8080";

const children: ChildProcess[] = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "--watch-preserve-output", "src/server/main.ts"], {
    stdio: "inherit",
    // Links in mail and the Origin check name the address the browser uses: Vite's.
    env: { ...process.env, PORT: apiPort, HOST: "127.0.0.1", PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${vitePort}`, LOG_LEVEL: process.env.LOG_LEVEL ?? "info" },
  }),
  spawn(process.execPath, [require.resolve("vite/bin/vite.js"), "--port", vitePort, "--strictPort"], {
    stdio: "inherit",
    env: { ...process.env, API_PORT: apiPort },
  }),
];

let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exitCode = code;
};
for (const child of children) child.on("exit", (code) => stop(code ?? 1));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(0));
