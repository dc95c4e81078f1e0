import { resolve } from "node:path";

/** Everything the server reads from the environment; every variable is optional. */
export interface Config {
  port: number;
  host: string;
  /** Where applicants reach the site, e.g. https://apply.westbrook.edu; links in mail point here. */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL; PGlite in dataDir when absent. */
  databaseUrl?: string;
  /** Real SMTP; .eml files in dataDir/outbox when absent. */
  smtpUrl?: string;
  /** The sender of account mail; the institution's admission office when absent. */
  mailFrom?: string;
  cookiePrefix: string;
  /** Log confirmation codes and reset links (never in production). */
  logSecrets: boolean;
  /** Trust X-Forwarded-For from a proxy in front (for per-address login throttling). */
  trustProxy: boolean;
  /** The built browser app (dist/client); the server serves only the API when absent. */
  clientDir?: string;
  /** Web processes sharing the port (node:cluster, main.ts); PostgreSQL only, as PGlite is one process. 1 when absent. */
  webConcurrency?: number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    dataDir: resolve(env.DATA_DIR ?? "data"),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    cookiePrefix: env.COOKIE_PREFIX ?? "apply_",
    logSecrets: env.NODE_ENV !== "production",
    trustProxy: env.TRUST_PROXY === "true",
    webConcurrency: wholeNumber("WEB_CONCURRENCY", env.WEB_CONCURRENCY, 1),
  };
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number from 1 up, not "${value}".`);
  return n;
}
