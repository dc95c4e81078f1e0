// What an upload is, judged by its first bytes: the name and the browser's Content-Type are the
// applicant's to choose, so neither is trusted.

export type DocumentKind = "png" | "jpeg" | "pdf" | "docx";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // "PK\3\4", a zip's first local file header
// Microsoft's Compound File Binary format: old .doc files, and any Office file saved with a password.
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);
}

/** A zip is only a candidate: checkDocx decides whether it is a Word document we accept. */
export function sniff(bytes: Uint8Array): DocumentKind | null {
  if (startsWith(bytes, PNG)) return "png";
  if (startsWith(bytes, JPEG)) return "jpeg";
  if (startsWith(bytes, PDF)) return "pdf";
  if (startsWith(bytes, ZIP)) return "docx";
  return null;
}

/** Worth its own message: applicants who upload a .doc, or a .docx with a password, can fix it. */
export function isCompoundFile(bytes: Uint8Array): boolean {
  return startsWith(bytes, COMPOUND_FILE);
}
