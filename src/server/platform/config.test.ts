import { describe, expect, it } from "vitest";
import { configFromEnv } from "./config";

describe("the S3 settings", () => {
  it("keep files in the local folder when no S3 variable is set", () => {
    expect(configFromEnv({}).s3).toBeUndefined();
  });

  it("use the bucket at the endpoint, with its credentials and path-style addresses", () => {
    const env = {
      S3_ENDPOINT: "http://minio:9000", S3_BUCKET: "applicant-files", S3_REGION: "eu-central-1",
      S3_ACCESS_KEY_ID: "admissions", S3_SECRET_ACCESS_KEY: "secret", S3_FORCE_PATH_STYLE: "true",
    };
    expect(configFromEnv(env).s3).toEqual({
      endpoint: "http://minio:9000", bucket: "applicant-files", region: "eu-central-1", accessKeyId: "admissions", secretAccessKey: "secret", forcePathStyle: true,
    });
  });

  it("use a bucket on AWS itself, with the SDK's own credentials, when only the bucket is set", () => {
    expect(configFromEnv({ S3_BUCKET: "applicant-files" }).s3).toEqual({
      endpoint: undefined, bucket: "applicant-files", region: "us-east-1", accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false,
    });
  });

  it.each([
    [{ S3_ENDPOINT: "http://minio:9000" }, "S3_ENDPOINT and S3 credentials need S3_BUCKET, the bucket to keep files in."],
    [{ S3_BUCKET: "files", S3_ACCESS_KEY_ID: "admissions" }, "Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither."],
    [{ S3_BUCKET: "files", S3_ENDPOINT: "minio:9000" }, 'S3_ENDPOINT must be a URL such as https://s3.example.org, not "minio:9000".'],
    [{ S3_BUCKET: "files", S3_FORCE_PATH_STYLE: "yes" }, 'S3_FORCE_PATH_STYLE must be "true" or "false", not "yes".'],
  ])("stop the server from starting when they make no sense (%j)", (env, message) => {
    expect(() => configFromEnv(env)).toThrow(message);
  });
});

describe("the address lookup setting", () => {
  it("names the geocoder without a trailing slash, or nothing", () => {
    expect(configFromEnv({ ADDRESS_LOOKUP_URL: "http://photon:2322/" }).addressLookupUrl).toBe("http://photon:2322");
    expect(configFromEnv({}).addressLookupUrl).toBeUndefined();
  });

  it("stops the server from starting when it is not a URL", () => {
    expect(() => configFromEnv({ ADDRESS_LOOKUP_URL: "photon:2322" })).toThrow('ADDRESS_LOOKUP_URL must be a URL such as http://photon:2322, not "photon:2322".');
  });
});

describe("the operations settings", () => {
  it("default to no metrics port, the loopback interface, a second's loop delay on PostgreSQL, no memory limits and 30 s to drain", () => {
    const config = configFromEnv({ DATABASE_URL: "postgres://apply@127.0.0.1/apply" });
    expect(config.metricsPort).toBeUndefined();
    expect(config.metricsHost).toBe("127.0.0.1");
    // Every interface, as a container needs (OPERATIONS.md); HOST=127.0.0.1 keeps it off the network.
    expect(config.host).toBe("0.0.0.0");
    expect(config.pressure).toEqual({ maxEventLoopDelayMs: 1000, maxHeapUsedBytes: 0, maxRssBytes: 0, retryAfterSeconds: 10 });
    expect(config.shutdownTimeoutMs).toBe(30_000);
    expect(config.passwordHashConcurrency).toBe(1);
    // Argon2's cost is OWASP's (auth/passwords.ts): no setting lowers it.
    expect(config.passwordHashCost).toBeUndefined();
  });

  it("set no loop-delay limit on PGlite, which holds this process's loop while it works, unless the operator sets one", () => {
    expect(configFromEnv({}).pressure?.maxEventLoopDelayMs).toBe(0);
    expect(configFromEnv({ MAX_EVENT_LOOP_DELAY_MS: "2000" }).pressure?.maxEventLoopDelayMs).toBe(2000);
  });

  it("read what the operator sets", () => {
    const config = configFromEnv({ HOST: "127.0.0.1", PORT: "8081", METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5", MAX_EVENT_LOOP_DELAY_MS: "250", MAX_HEAP_USED_BYTES: "800000000", MAX_RSS_BYTES: "1500000000", RETRY_AFTER_SECONDS: "3", SHUTDOWN_TIMEOUT_MS: "45000", PASSWORD_HASH_CONCURRENCY: "2" });
    expect([config.host, config.port]).toEqual(["127.0.0.1", 8081]);
    expect(config.metricsPort).toBe(9464);
    expect(config.metricsHost).toBe("10.0.0.5");
    expect(config.pressure).toEqual({ maxEventLoopDelayMs: 250, maxHeapUsedBytes: 800_000_000, maxRssBytes: 1_500_000_000, retryAfterSeconds: 3 });
    expect(config.shutdownTimeoutMs).toBe(45_000);
    expect(config.passwordHashConcurrency).toBe(2);
  });

  it("stop the server from starting on a value that is not a whole number", () => {
    expect(() => configFromEnv({ METRICS_PORT: "metrics" })).toThrow('METRICS_PORT must be a whole number from 1 up, not "metrics".');
    expect(() => configFromEnv({ MAX_RSS_BYTES: "1.5GB" })).toThrow('MAX_RSS_BYTES must be a whole number from 1 up, not "1.5GB".');
    expect(() => configFromEnv({ PASSWORD_HASH_CONCURRENCY: "0" })).toThrow('PASSWORD_HASH_CONCURRENCY must be a whole number from 1 up, not "0".');
  });
});
