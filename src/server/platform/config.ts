import { resolve } from "node:path";
import type { PasswordHashCost } from "../auth/passwords";

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
  /** The most mails a second a release's decision mails go at, across all workers (decisions/mail.ts); MAIL_PER_SECOND when absent. */
  mailPerSecond?: number;
  cookiePrefix: string;
  /** Log confirmation codes and reset links (never in production). */
  logSecrets: boolean;
  /** Trust X-Forwarded-For from a proxy in front (for per-address login throttling). */
  trustProxy: boolean;
  /** The built browser app (dist/client); the server serves only the API when absent. */
  clientDir?: string;
  /** Web processes sharing the port (node:cluster, main.ts); PostgreSQL only, as PGlite is one process. 1 when absent. */
  webConcurrency?: number;
  /** Argon2 hashes running at once in a process (auth/passwords.ts); 1 when absent. */
  passwordHashConcurrency?: number;
  /** Argon2's cost for new hashes: OWASP's when absent, as it always is but in a test's server (no setting reads it). */
  passwordHashCost?: PasswordHashCost;
  /** Work the durable jobs (conversions, PDF copies) in this process; false when `npm run worker` processes do. */
  workJobs: boolean;
  /** Chromium for printing PDF copies (playwright-core drives it). */
  chromiumPath: string;
  /** Where the PDF printer opens the service view: this process by default; a web process's address for a separate worker. */
  renderUrl: string;
  /** An S3-compatible bucket for files; a folder in dataDir when absent. */
  s3?: S3Config;
  /** A self-hosted Photon geocoder for street addresses (GET {url}/api?q=…); ZIP codes only when absent. */
  addressLookupUrl?: string;
  /** Prometheus metrics on a port of their own (metrics.ts); none when absent. */
  metricsPort?: number;
  /** Where the metrics port listens: the loopback interface unless an operator opens it wider. */
  metricsHost?: string;
  /** When the server answers 503 with Retry-After rather than take more work (@fastify/under-pressure). */
  pressure?: PressureLimits;
  /** How long SIGTERM waits for requests and jobs in flight before the process exits anyway. */
  shutdownTimeoutMs?: number;
}

interface PressureLimits {
  /** The event loop's delay, in ms, beyond which requests are turned away. */
  maxEventLoopDelayMs: number;
  /** V8 heap in use, in bytes; 0 turns the check off. */
  maxHeapUsedBytes: number;
  /** The process's resident memory, in bytes; 0 turns the check off. */
  maxRssBytes: number;
  /** Seconds the 503 asks the browser to wait (Retry-After). */
  retryAfterSeconds: number;
}

export interface S3Config {
  /** Absent for AWS itself, which the SDK finds from the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Both or neither: without them the SDK's own chain (environment, instance role) supplies credentials. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path, not the host name: MinIO and most self-hosted stores need it. */
  forcePathStyle: boolean;
}

const PRESSURE_DEFAULTS: PressureLimits = {
  // A second's delay: a save normally takes milliseconds, so the loop is far behind already.
  maxEventLoopDelayMs: 1000,
  // 0 (off) unless set: the right figure depends on the memory the host or container gives.
  maxHeapUsedBytes: 0,
  maxRssBytes: 0,
  retryAfterSeconds: 10,
};

/** A release's mails, a second: a relay's usual sending limit (Amazon SES starts at 14, most relays allow more). */
export const MAIL_PER_SECOND = 14;

/** Within a load balancer's usual 30 s drain; the jobs in flight get as long (jobs/queue.ts). */
export const SHUTDOWN_TIMEOUT_MS = 30_000;

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
    mailPerSecond: wholeNumber("MAIL_PER_SECOND", env.MAIL_PER_SECOND, MAIL_PER_SECOND),
    cookiePrefix: env.COOKIE_PREFIX ?? "apply_",
    logSecrets: env.NODE_ENV !== "production",
    trustProxy: env.TRUST_PROXY === "true",
    webConcurrency: wholeNumber("WEB_CONCURRENCY", env.WEB_CONCURRENCY, 1),
    passwordHashConcurrency: wholeNumber("PASSWORD_HASH_CONCURRENCY", env.PASSWORD_HASH_CONCURRENCY, 1),
    workJobs: env.WORK_JOBS !== "false",
    chromiumPath: env.CHROMIUM_PATH || "/usr/bin/chromium",
    renderUrl: (env.RENDER_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, ""),
    s3: s3FromEnv(env),
    addressLookupUrl: addressLookupUrl(env.ADDRESS_LOOKUP_URL),
    metricsPort: env.METRICS_PORT ? wholeNumber("METRICS_PORT", env.METRICS_PORT, 0) : undefined,
    metricsHost: env.METRICS_HOST || "127.0.0.1",
    pressure: {
      // PGlite runs inside this process and holds the event loop while it works (its start, a
      // burst of saves on a loaded machine): a late loop there is the database, not overload, so
      // the limit is the operator's to set. On PostgreSQL a late loop is ours alone.
      maxEventLoopDelayMs: wholeNumber("MAX_EVENT_LOOP_DELAY_MS", env.MAX_EVENT_LOOP_DELAY_MS, env.DATABASE_URL ? PRESSURE_DEFAULTS.maxEventLoopDelayMs : 0),
      maxHeapUsedBytes: sizeInBytes("MAX_HEAP_USED_BYTES", env.MAX_HEAP_USED_BYTES),
      maxRssBytes: sizeInBytes("MAX_RSS_BYTES", env.MAX_RSS_BYTES),
      retryAfterSeconds: wholeNumber("RETRY_AFTER_SECONDS", env.RETRY_AFTER_SECONDS, PRESSURE_DEFAULTS.retryAfterSeconds),
    },
    shutdownTimeoutMs: wholeNumber("SHUTDOWN_TIMEOUT_MS", env.SHUTDOWN_TIMEOUT_MS, SHUTDOWN_TIMEOUT_MS),
  };
}

/**
 * S3_BUCKET turns S3 on. An endpoint alone is refused rather than ignored: files would quietly go
 * to the local folder of one server copy. Without an endpoint the bucket is on AWS itself.
 */
function s3FromEnv(env: NodeJS.ProcessEnv): S3Config | undefined {
  const endpoint = env.S3_ENDPOINT || undefined;
  const bucket = env.S3_BUCKET || undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!bucket) {
    if (endpoint || accessKeyId || secretAccessKey) throw new Error("S3_ENDPOINT and S3 credentials need S3_BUCKET, the bucket to keep files in.");
    return undefined;
  }
  if (!accessKeyId !== !secretAccessKey) throw new Error("Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither.");
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint)) throw new Error(`S3_ENDPOINT must be a URL such as https://s3.example.org, not "${endpoint}".`);
  const forcePathStyle = env.S3_FORCE_PATH_STYLE || "false";
  if (forcePathStyle !== "true" && forcePathStyle !== "false") throw new Error(`S3_FORCE_PATH_STYLE must be "true" or "false", not "${forcePathStyle}".`);
  return { endpoint, bucket, region: env.S3_REGION || "us-east-1", accessKeyId, secretAccessKey, forcePathStyle: forcePathStyle === "true" };
}

function addressLookupUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^https?:\/\/[^/]/.test(value)) throw new Error(`ADDRESS_LOOKUP_URL must be a URL such as http://photon:2322, not "${value}".`);
  return value.replace(/\/+$/, "");
}

function sizeInBytes(name: string, value: string | undefined): number {
  if (value === undefined || value === "" || value === "0") return 0;
  return wholeNumber(name, value, 0);
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number from 1 up, not "${value}".`);
  return n;
}
