/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): typed
 * into an answer or a file name, they reorder what is shown after them ("gpj.exe" reading as
 * "exe.jpg"). Read-only views and the PDF copy show answers and file names without them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** `text` as a read-only view shows it: with bidirectional controls removed. */
export function displayText(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}
