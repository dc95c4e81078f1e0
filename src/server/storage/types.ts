import type { Readable } from "node:stream";

// What every store offers (local.ts, s3.ts); storage.ts picks one. Apart from storage.ts so the
// stores import the interface without importing the module that opens them.
/**
 * How long a download link lasts when whoever asked follows it at once (the office's documents and
 * exports, the integration's documents): a few minutes is enough, and a leaked one soon dies.
 */
export const LINK_SECONDS = 5 * 60;

export interface UploadForm { url: string; fields: Record<string, string> }

export interface Storage {
  readonly kind: "local" | "s3";
  /** A POST policy allowing exactly `key`, 1 B to maxBytes, until expiresInSeconds from now. */
  presignUpload(key: string, options: { maxBytes: number; expiresInSeconds: number }): Promise<UploadForm>;
  /** The object's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The object's bytes as they come (the applicant's own-data zip streams files it never holds whole), or null when there is none. */
  readStream(key: string): Promise<Readable | null>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Writes what `body` gives as it comes, never holding it whole (an export of 100,000
   * applications). The object appears only once `body` has ended; when `body` fails, nothing is
   * stored and the promise rejects with its error.
   */
  writeStream(key: string, body: Readable, contentType: string): Promise<void>;
  /** Removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** A URL the browser can GET for expiresInSeconds, downloading as fileName. */
  downloadUrl(key: string, options: { fileName: string; expiresInSeconds: number }): Promise<string>;
  /** Every object under `folder` ("documents", "pdf", "exports") with the time it was last written. */
  list(folder: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
}

export interface StorageDeps {
  dataDir: string;
  publicUrl: string;
  /** Signs the local store's forms and links: an HMAC under a server key (auth/secrets.ts). */
  sign: (text: string) => string;
  now: () => Date;
}
