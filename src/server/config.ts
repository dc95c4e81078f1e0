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
  };
}
