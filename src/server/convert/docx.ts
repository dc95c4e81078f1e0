// Decides whether a zip is a Word document we are willing to hand to LibreOffice, from its
// central directory alone (zip.ts). Everything here is cheap, so it runs before the queue.
import { messages } from "../../api-contract/messages";
import { readEntry, readZip } from "./zip";

export type DocxCheck = { ok: true } | { ok: false; message: string };

/** From the issue: a Word document unpacks to at most 20 MB in at most 500 entries. */
const MAX_ENTRIES = 500;
const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
// [Content_Types].xml is a few kilobytes in any real document.
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024;

// VBA lives in vbaProject.bin (and its vbaData.xml); a .docm, .dotm or a renamed one declares
// its main part "macroEnabled". LibreOffice can run VBA, so any trace of it is refused.
const MACRO_PARTS = ["vbaproject.bin", "vbadata.xml"];
const MACRO_CONTENT_TYPES = ["macroenabled", "vbaproject"];

export function checkDocx(bytes: Uint8Array): DocxCheck {
  const zip = readZip(bytes, MAX_ENTRIES);
  if (!zip.ok) return refuse(zip.reason === "tooManyEntries" ? messages.fileWordTooBig : messages.fileWordDamaged);
  const { entries } = zip;
  if (entries.some((entry) => entry.isEncrypted)) return refuse(messages.fileWordPassword);

  const byName = new Map(entries.map((entry) => [entry.name.toLowerCase(), entry]));
  const contentTypes = byName.get("[content_types].xml");
  if (!contentTypes || !byName.has("word/document.xml")) return refuse(messages.fileNotWord);
  if ([...byName.keys()].some((name) => MACRO_PARTS.includes(name.slice(name.lastIndexOf("/") + 1)))) {
    return refuse(messages.fileWordMacros);
  }
  const unpacked = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (unpacked > MAX_UNPACKED_BYTES) return refuse(messages.fileWordTooBig);

  const types = readEntry(bytes, contentTypes, MAX_CONTENT_TYPES_BYTES);
  if (!types) return refuse(messages.fileWordDamaged);
  const text = new TextDecoder().decode(types).toLowerCase();
  if (MACRO_CONTENT_TYPES.some((type) => text.includes(type))) return refuse(messages.fileWordMacros);
  return { ok: true };
}

function refuse(message: string): DocxCheck {
  return { ok: false, message };
}
