// Files in {dataDir}/files/{key}. The upload form and download links are signed by the server, so
// the local store grants exactly what an S3 POST policy or presigned GET would (routes.ts).
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { assertKey, isKey } from "./keys";
import type { Storage, StorageDeps } from "./types";

/** What a signed upload form allows. */
interface UploadPolicy { key: string; minBytes: number; maxBytes: number }

export type UploadRefusal = "incomplete" | "unknownField" | "signature" | "expired" | "otherKey";
export type DownloadRefusal = "badLink" | "expiredLink";

type Checked<T, R> = { ok: true; value: T } | { ok: false; refusal: R };

export interface LocalStorage extends Storage {
  readonly kind: "local";
  /** The upload a form's fields allow: checked as S3 checks its POST policy (signature, expiry, key). */
  checkUpload(fields: Readonly<Record<string, string>>): Checked<UploadPolicy, UploadRefusal>;
  /** The file a download link names, if the link is ours and not expired. */
  checkDownload(key: string, query: { expires?: string; name?: string; signature?: string }): Checked<{ key: string; fileName: string }, DownloadRefusal>;
}

interface PolicyDocument { expiration: string; key: string; size: [number, number] }

const FORM_FIELDS = new Set(["key", "policy", "signature"]);

export function openLocalStorage(deps: StorageDeps): LocalStorage {
  const root = join(deps.dataDir, "files");
  // Keys start with a letter or digit, so no key reaches this folder.
  const pending = join(root, ".tmp");
  const pathOf = (key: string) => {
    assertKey(key);
    return join(root, key);
  };
  // A prefix per use, so an upload signature is never a valid download signature or the other way round.
  const signUpload = (policy: string) => deps.sign(`upload:${policy}`);
  const signDownload = (key: string, expires: string, name: string) => deps.sign(`download:${key}:${expires}:${name}`);

  /** Writes a file beside the store, then moves it in: a reader sees the old file or the whole new one, never a part. */
  const writeWhole = async (target: string, writeTo: (temporary: string) => Promise<void>) => {
    const temporary = join(pending, randomBytes(16).toString("hex"));
    await mkdir(pending, { recursive: true });
    await mkdir(dirname(target), { recursive: true });
    try {
      await writeTo(temporary);
      await rename(temporary, target);
    } finally {
      await rm(temporary, { force: true });
    }
  };

  return {
    kind: "local",

    async presignUpload(key, { maxBytes, expiresInSeconds }) {
      assertKey(key);
      const document: PolicyDocument = { expiration: new Date(deps.now().getTime() + expiresInSeconds * 1000).toISOString(), key, size: [1, maxBytes] };
      const policy = Buffer.from(JSON.stringify(document)).toString("base64url");
      return { url: `${deps.publicUrl}/upload`, fields: { key, policy, signature: signUpload(policy) } };
    },

    checkUpload(fields) {
      const { key, policy, signature } = fields;
      if (key === undefined || policy === undefined || signature === undefined) return { ok: false, refusal: "incomplete" };
      if (Object.keys(fields).some((name) => !FORM_FIELDS.has(name))) return { ok: false, refusal: "unknownField" };
      if (!sameText(signature, signUpload(policy))) return { ok: false, refusal: "signature" };
      // Signed by us, so it parses; a failure here is our bug.
      const document = JSON.parse(Buffer.from(policy, "base64url").toString()) as PolicyDocument;
      if (Date.parse(document.expiration) <= deps.now().getTime()) return { ok: false, refusal: "expired" };
      if (key !== document.key) return { ok: false, refusal: "otherKey" };
      return { ok: true, value: { key: document.key, minBytes: document.size[0], maxBytes: document.size[1] } };
    },

    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async readStream(key) {
      try {
        const file = await open(pathOf(key));
        return file.createReadStream();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    // The type is not kept: a download is sent as the type of the name it is downloaded under
    // (routes.ts), as the S3 store does, so both stores serve the same headers.
    async write(key, body, _contentType) {
      await writeWhole(pathOf(key), (temporary) => writeFile(temporary, body));
    },

    async writeStream(key, body, _contentType) {
      await writeWhole(pathOf(key), (temporary) => pipeline(body, createWriteStream(temporary)));
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

    async *list(folder) {
      const names = await readdir(pathOf(folder)).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const name of names) {
        const key = `${folder}/${name}`;
        const info = await stat(pathOf(key)).catch(() => null);
        if (info?.isFile()) yield { key, modifiedAt: info.mtime };
      }
    },

    async downloadUrl(key, { fileName, expiresInSeconds }) {
      assertKey(key);
      const expires = String(Math.floor(deps.now().getTime() / 1000) + expiresInSeconds);
      const query = new URLSearchParams({ expires, name: fileName, signature: signDownload(key, expires, fileName) });
      return `${deps.publicUrl}/files/${key}?${query}`;
    },

    checkDownload(key, { expires, name, signature }) {
      if (!isKey(key) || expires === undefined || name === undefined || signature === undefined) return { ok: false, refusal: "badLink" };
      if (!sameText(signature, signDownload(key, expires, name))) return { ok: false, refusal: "badLink" };
      if (Number(expires) * 1000 <= deps.now().getTime()) return { ok: false, refusal: "expiredLink" };
      return { ok: true, value: { key, fileName: name } };
    },
  };
}

/** Compares in time independent of where the texts differ, so a signature cannot be guessed byte by byte. */
function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}
