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
