// The keys a store accepts and the names it serves downloads under, alike for both stores.
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
  // The office's exports (exports/jobs.ts).
  csv: "text/csv; charset=utf-8", jsonl: "application/x-ndjson; charset=utf-8", zip: "application/zip",
};

/** What a download is sent as, from its name: both stores serve the name we choose, not what the uploader claimed. */
export function contentTypeOf(fileName: string): string {
  const extension = /\.(\w+)$/.exec(fileName)?.[1]?.toLowerCase();
  return (extension && TYPES[extension]) ?? "application/octet-stream";
}
