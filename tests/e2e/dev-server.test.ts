// npm run dev: Vite's dev server in front of the API server, both from the sources.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port";

describe("npm run dev", () => {
  let dev: ChildProcess;
  let dataDir: string;
  let base: string;
  let output = "";

  beforeAll(async () => {
    const [vitePort, apiPort] = [await freePort(), await freePort()];
    base = `http://localhost:${vitePort}`;
    dataDir = mkdtempSync(join(tmpdir(), "dev-"));
    dev = spawn(process.execPath, ["--import", "tsx", "scripts/dev.ts"], {
      env: { ...process.env, PORT: String(vitePort), API_PORT: String(apiPort), DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "development" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    dev.stdout!.on("data", (chunk: Buffer) => (output += chunk));
    dev.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    const deadline = Date.now() + 90_000;
    for (;;) {
      const health = await fetch(`${base}/health`).catch(() => undefined);
      if (health?.ok) break;
      if (Date.now() > deadline || dev.exitCode !== null) throw new Error(`npm run dev did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  afterAll(() => {
    if (dev?.pid) process.kill(-dev.pid, "SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the app from the sources with hot reload", async () => {
    const page = await (await fetch(`${base}/login`)).text();
    expect(page).toContain("/@vite/client");
    expect(page).toContain("/src/client/boot.ts");
    const main = await fetch(`${base}/src/client/main.tsx`);
    expect(main.status).toBe(200);
    expect(await main.text()).toContain("createRoot");
  });

  it("passes the API through to the server, with the browser's origin accepted", async () => {
    const response = await fetch(`${base}/public/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify({ username: "nobody@example.com", password: "not-this-one" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Incorrect email address or password.", code: "loginWrong" });
    const profile = await fetch(`${base}/api/profile`);
    expect(profile.status).toBe(401);
  });
});
