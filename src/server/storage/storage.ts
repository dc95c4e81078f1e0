// Where applicants' files live: a folder under DATA_DIR by default, an S3-compatible bucket when
// configured. The browser uploads straight to the store with a signed POST form, as S3 requires,
// so the local store answers the same kind of form (routes.ts).
import type { S3Config } from "../config";
import { openLocalStorage, type LocalStorage } from "./local";
import { openS3Storage, type S3Storage } from "./s3";

export interface UploadForm { url: string; fields: Record<string, string> }

export interface Storage {
  readonly kind: "local" | "s3";
  /** A POST policy allowing exactly `key`, 1 B to maxBytes, until expiresInSeconds from now. */
  presignUpload(key: string, options: { maxBytes: number; expiresInSeconds: number }): Promise<UploadForm>;
  /** The object's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** A URL the browser can GET for expiresInSeconds, downloading as fileName. */
  downloadUrl(key: string, options: { fileName: string; expiresInSeconds: number }): Promise<string>;
  /** Every object under `folder` ("documents", "pdf") with the time it was last written. */
  list(folder: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
}

export interface StorageConfig { s3?: S3Config }

export interface StorageDeps {
  dataDir: string;
  publicUrl: string;
  /** Signs the local store's forms and links: an HMAC under a server key (auth/secrets.ts). */
  sign: (text: string) => string;
  now: () => Date;
}

/** Narrow on `kind`: the local store also needs its routes (routes.ts). */
export function openStorage(config: StorageConfig, deps: StorageDeps): LocalStorage | S3Storage {
  return config.s3 ? openS3Storage(config.s3, deps.now) : openLocalStorage(deps);
}

/**
 * Our keys are random names we make (`documents/<random>`, `pdf/<random>.pdf`): segments of
 * letters, digits, `_`, `-` and `.`, each starting with a letter or digit, so no key climbs out of
 * the folder (`..`), hides (`.x`) or needs escaping in a path or a URL. Capitals are allowed for
 * randomId()'s base64url; random names never differ by case alone.
 */
const KEY = /^[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)*$/;

export const isKey = (key: string): boolean => key.length <= 200 && KEY.test(key) && !key.includes("..");

/** Keys come from our code, never from a request: a bad one is our bug. */
export function assertKey(key: string): void {
  if (!isKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}

/**
 * `attachment` with the name twice: plain ASCII for old clients, and RFC 5987 UTF-8 for the rest.
 * Path separators, quotes and control characters are dropped so the name cannot break the header
 * or choose a folder.
 */
export function attachment(fileName: string): string {
  const clean = fileName.normalize("NFC").replace(/[\p{Cc}\p{Cf}/\\"]/gu, "").trim().slice(0, 150) || "download";
  const ascii = clean.replace(/[^\x20-\x7e]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

const TYPES: Record<string, string> = {
  pdf: "application/pdf", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp",
  heic: "image/heic", txt: "text/plain; charset=utf-8", doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** What a download is sent as, from its name: both stores serve the name we choose, not what the uploader claimed. */
export function contentTypeOf(fileName: string): string {
  const extension = /\.(\w+)$/.exec(fileName)?.[1]?.toLowerCase();
  return (extension && TYPES[extension]) ?? "application/octet-stream";
}
