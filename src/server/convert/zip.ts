// Reads a zip's central directory by hand instead of unpacking it: the checks in docx.ts need
// each entry's name, flags and declared sizes, and unpacking an applicant's zip to learn them
// is exactly what a zip bomb wants. Only the one small part we read is ever inflated.
import { inflateRawSync } from "node:zlib";

export interface ZipEntry {
  name: string;
  isEncrypted: boolean;
  method: number;
  compressedSize: number;
  size: number;
  dataStart: number;
}

export type ZipReading = { ok: true; entries: ZipEntry[] } | { ok: false; reason: "invalid" | "tooManyEntries" };

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const END_SIZE = 22;
const STORED = 0;
const DEFLATED = 8;
const invalid = { ok: false, reason: "invalid" } as const;

export function readZip(bytes: Uint8Array, maxEntries: number): ZipReading {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEnd(view);
  if (end < 0) return invalid;
  const total = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryStart = view.getUint32(end + 16, true);
  // Split archives and ZIP64 (0xFFFF… markers) never come from a Word document of an upload's size.
  const isSplit = view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0 || view.getUint16(end + 8, true) !== total;
  if (total > maxEntries) return { ok: false, reason: "tooManyEntries" };
  if (isSplit || directoryStart === 0xffffffff || directoryStart + directorySize > end) return invalid;

  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  const directoryEnd = directoryStart + directorySize;
  let at = directoryStart;
  for (let i = 0; i < total; i++) {
    if (at + 46 > directoryEnd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return invalid;
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > directoryEnd) return invalid;
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const entry = {
      name: new TextDecoder().decode(nameBytes),
      isEncrypted: (view.getUint16(at + 8, true) & 1) === 1,
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      dataStart: localDataStart(view, view.getUint32(at + 42, true), nameBytes, directoryStart),
    };
    at = next;
    // Two entries with one name would let our check read one and LibreOffice the other.
    const key = entry.name.toLowerCase();
    if (seen.has(key) || entry.dataStart < 0 || entry.dataStart + entry.compressedSize > directoryStart) return invalid;
    if (entry.method !== STORED && entry.method !== DEFLATED && !entry.isEncrypted) return invalid;
    if (entry.size === 0xffffffff) return invalid;
    seen.add(key);
    entries.push(entry);
  }
  return { ok: true, entries };
}

/** The entry's bytes, or null if it is damaged or would unpack to more than maxBytes. */
export function readEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array | null {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.isEncrypted) return null;
  if (entry.method === STORED) return data.length <= maxBytes ? data : null;
  try {
    // maxOutputLength stops a bomb hidden in the one entry we do inflate.
    return inflateRawSync(data, { maxOutputLength: maxBytes });
  } catch {
    return null;
  }
}

/** The end-of-central-directory record sits in the last 22 bytes plus up to 64 KB of comment. */
function findEnd(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - END_SIZE - 0xffff);
  for (let at = view.byteLength - END_SIZE; at >= lowest; at--) {
    if (view.getUint32(at, true) === END_SIGNATURE && at + END_SIZE + view.getUint16(at + 20, true) <= view.byteLength) return at;
  }
  return -1;
}

/** Where an entry's data starts, or -1 when its local header is missing or names another file. */
function localDataStart(view: DataView, at: number, name: Uint8Array, limit: number): number {
  if (at + 30 > limit || view.getUint32(at, true) !== LOCAL_SIGNATURE) return -1;
  const nameLength = view.getUint16(at + 26, true);
  if (nameLength !== name.length || at + 30 + nameLength > limit) return -1;
  for (let i = 0; i < nameLength; i++) if (view.getUint8(at + 30 + i) !== name[i]) return -1;
  return at + 30 + nameLength + view.getUint16(at + 28, true);
}
