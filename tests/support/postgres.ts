import { execFile, execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./free-port";

const exec = promisify(execFile);

export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
}

/** Starts a throwaway PostgreSQL server in a temp dir, listening on a free loopback port. */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = findBinDir();
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(join(tmpdir(), "pg-test-"));
  const data = join(dir, "data");
  const log = join(dir, "postgres.log");

  // PostgreSQL refuses to run as root, so as root the server runs as the postgres OS user.
  const run = (program: string, args: string[]) =>
    asRoot ? exec("runuser", ["-u", "postgres", "--", join(bin, program), ...args], { cwd: dir }) : exec(join(bin, program), args, { cwd: dir });
  if (asRoot) {
    const { stdout: uid } = await exec("id", ["-u", "postgres"]);
    const { stdout: gid } = await exec("id", ["-g", "postgres"]);
    await chown(dir, Number(uid), Number(gid));
  }

  const port = await freePort();
  try {
    // --no-sync: the cluster is thrown away, so its creation need not survive a crash.
    await run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"]);
    // -l: without a log file the server inherits pg_ctl's stdout and execFile never returns.
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=300 -c shared_buffers=128MB`;
    await run("pg_ctl", ["start", "-w", "-D", data, "-l", log, "-o", options]);
  } catch (error) {
    const serverLog = await readFile(log, "utf8").catch(() => "");
    await rm(dir, { recursive: true, force: true });
    throw new Error(`Could not start PostgreSQL: ${(error as Error).message}\n${serverLog}`, { cause: error });
  }

  let stopped = false;
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await run("pg_ctl", ["stop", "-m", "fast", "-w", "-D", data]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

function findBinDir(): string {
  const candidates: string[] = [];
  try {
    // pg_config may come from libpq-dev alone, naming a bindir with no server in it; hence the initdb check below.
    candidates.push(execFileSync("pg_config", ["--bindir"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  } catch {
    // No pg_config: fall back to the Debian layout.
  }
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((name) => /^\d+$/.test(name));
    versions.sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(debian, version, "bin")));
  }
  const found = candidates.find((bin) => existsSync(join(bin, "initdb")));
  if (!found) {
    throw new Error("PostgreSQL is not installed; on Debian run `apt-get install -y postgresql` (.ci/run does this).");
  }
  return found;
}

/** One statement on its own connection to the server at `url` (CREATE DATABASE cannot run in a pool's transaction). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
