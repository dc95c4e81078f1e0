// Characters the PDF copy cannot print (warnings: the form itself shows them). The copy is
// Chromium's print of the service view (src/server/pdf-copy): it prints the pages' titles, the
// items' labels and titles, the blocks' titles and the chosen options' labels, in the app's font,
// system-ui, which is DejaVu Sans on the Debian server (Debian's fontconfig comes with
// fonts-dejavu-core). A character DejaVu Sans lacks prints as an empty box: an emoji such as 🎓
// (DejaVu draws a few, such as ☺). Its cover page is drawn by pdf-lib in Helvetica, which writes
// WinAnsi (Western European) only: the institution's and office's names and the entry term's label.
import { StandardFontEmbedder, StandardFonts } from "pdf-lib";
import type { ProjectFiles } from "../files";
import { escapePointer } from "../positions";
import { DEJAVU_SANS_CHARSET } from "./dejavu-sans";
import type { LintFinding } from "./finding";

interface PdfFont {
  name: string;
  /** Where in the copy it prints. */
  where: string;
  /** Whether it prints the text at this place of a file. */
  prints(path: string, pointer: string): boolean;
  canDraw(codePoint: number): boolean;
  /** What it prints instead, and what staff can do. */
  instead: string;
}

const PRINTED = new Set(["title", "label", "blockTitle", "termLabel"]);
const COVER = /^\/institution\/(name|office_name|cycle\/termLabel|cycle\/laterTerms\/\d+\/label)$/;
const INSTITUTION = "form-definitions/institution.json";

const dejaVuSans = DEJAVU_SANS_CHARSET.split(" ").map((range) => {
  const [first, last = first] = range.split("-").map((hex) => parseInt(hex, 16));
  return [first!, last!] as const;
});
// pdf-lib's own font names are its StandardFonts, typed apart from the embedder's.
const helvetica = StandardFontEmbedder.for(StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0]);
const winAnsi = new Set(helvetica.encoding.supportedCodePoints);

/** The first font that cannot draw a text is the one a finding names: leaving the character out mends both. */
const FONTS: PdfFont[] = [
  {
    name: "DejaVu Sans",
    where: "the PDF copy",
    prints: (path, pointer) => path.startsWith("form-definitions/") && PRINTED.has(pointer.slice(pointer.lastIndexOf("/") + 1)),
    canDraw: (codePoint) => dejaVuSans.some(([first, last]) => first <= codePoint && codePoint <= last),
    instead: "prints an empty box instead; leave it out, or say it in words",
  },
  {
    name: "Helvetica",
    where: "the PDF copy's cover page",
    prints: (path, pointer) => path === INSTITUTION && COVER.test(pointer),
    canDraw: (codePoint) => winAnsi.has(codePoint),
    instead: "prints the letter without its accent, or \"?\", instead; the pages after the cover print it as written",
  },
];

// Spaces, line breaks and joiners (the invisible parts of an emoji) are never drawn as a box.
const UNDRAWN = /[\p{White_Space}\p{Cc}\p{Default_Ignorable_Code_Point}]/u;

/** Every string in `node`, with its pointer. */
function textsIn(node: unknown, pointer = ""): { pointer: string; text: string }[] {
  if (typeof node === "string") return [{ pointer, text: node }];
  if (typeof node !== "object" || node === null) return [];
  return Object.entries(node).flatMap(([name, child]) => textsIn(child, `${pointer}/${escapePointer(name)}`));
}

export function lintPrintable(project: ProjectFiles): LintFinding[] {
  return project.sources.flatMap((source) => textsIn(source.json).flatMap(({ pointer, text }): LintFinding[] => {
    for (const font of FONTS.filter((f) => f.prints(source.path, pointer))) {
      const missing = [...new Set(text)].filter((char) => !UNDRAWN.test(char) && !font.canDraw(char.codePointAt(0)!));
      if (missing.length === 0) continue;
      const chars = missing.map((char) => JSON.stringify(char)).join(", ");
      return [{
        path: source.path, pointer, severity: "warning",
        message: `${font.where} cannot print ${chars}: its font, ${font.name}, has no such character, and ${font.instead}`,
      }];
    }
    return [];
  }));
}
