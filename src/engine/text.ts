/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): typed
 * into an answer or a file name, they reorder what is shown after them ("gpj.exe" reading as
 * "exe.jpg"). Read-only views and the PDF copy show answers and file names without them.
 */
const REORDERING = "\\u202A-\\u202E\\u2066-\\u2069";
const BIDI_CONTROLS = new RegExp(`[${REORDERING}]`, "g");

/**
 * Any bidirectional control: those above, and the marks (U+200E, U+200F, U+061C) that set one
 * direction at one place. An export writes each out where a reader sees it, and the integration
 * API flags a text holding one (src/server/exports/csv.ts, staff/integration.ts).
 */
export const BIDI_CONTROL = new RegExp(`[${REORDERING}\\u061C\\u200E\\u200F]`);

/** `text` as a read-only view shows it: with bidirectional controls removed. */
export function displayText(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}
