// The letter PDF's font (letter-pdf.ts): Noto Sans from @expo-google-fonts/noto-sans (SIL Open
// Font License 1.1), whose regular, bold, italic and bold italic faces write Latin with all its
// extensions, Greek and Cyrillic. Read once, shared by every letter, each of which embeds a
// subset of the glyphs it draws.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import type * as Fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";
import type { Face } from "./letter-markdown";

/** Where each face's file is: resolved as a module's path would be, the package's files not being modules. */
const faceFiles = (require: NodeJS.Require): Record<Face, string> => ({
  regular: require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf"),
  bold: require.resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf"),
  italic: require.resolve("@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf"),
  boldItalic: require.resolve("@expo-google-fonts/noto-sans/700Bold_Italic/NotoSans_700Bold_Italic.ttf"),
});

interface FaceFile { bytes: Uint8Array; font: Fontkit.Font; characters: Set<number> }

let faces: Promise<Record<Face, FaceFile>> | undefined;

/**
 * The four faces, read and parsed on the first letter and kept (2.5 MB): each letter embeds a
 * subset of the glyphs it uses, and letters share the parsed fonts (fontkit reads a font's
 * stream synchronously, so two letters never interleave in it).
 */
function loadFaces(): Promise<Record<Face, FaceFile>> {
  faces ??= Promise.all(Object.entries(faceFiles(createRequire(import.meta.url))).map(async ([face, path]): Promise<[Face, FaceFile]> => {
    const bytes = new Uint8Array(await readFile(path));
    const font = fontkit.create(bytes);
    return [face as Face, { bytes, font: embeddable(font), characters: new Set(font.characterSet) }];
  })).then(Object.fromEntries as (entries: [Face, FaceFile][]) => Record<Face, FaceFile>, (error: unknown) => {
    faces = undefined;
    throw error;
  });
  return faces;
}

/**
 * `font` as each letter embeds it, with two departures from @pdf-lib/fontkit:
 * - its layout gives each character the glyph its cmap names. fontkit's own shapes the text with
 *   the font's OpenType tables, of which pdf-lib draws the glyphs and not their positions: with
 *   Noto Sans that was most of a letter's time, spent on kerning and ligatures never drawn. A
 *   character is one glyph, so the text read back is the text written (no "ﬁ"). The glyphs are
 *   our own, one per character: one fontkit keeps is shared by every letter, and one it first
 *   made for a composite glyph's part knows no character (its text would be lost to a reader);
 * - its subset pads each glyph's outline to an even length. @pdf-lib/fontkit 1.1.1 writes a
 *   small subset's offsets in the short format, halved, without padding (fixed in fontkit 1.8,
 *   which pdf-lib's fork predates): after an outline of odd length every glyph is read a byte
 *   off, and most letters of a line are not drawn (letter-pdf.test.ts draws every glyph used).
 */
function embeddable(font: Fontkit.Font): Fontkit.Font {
  const glyphs = new Map<number, { id: number; advanceWidth: number; codePoints: number[] }>();
  const glyphOf = (codePoint: number) => {
    let glyph = glyphs.get(codePoint);
    if (!glyph) {
      const { id, advanceWidth } = font.glyphForCodePoint(codePoint);
      glyphs.set(codePoint, (glyph = { id, advanceWidth, codePoints: [codePoint] }));
    }
    return glyph;
  };
  return Object.create(font, {
    layout: { value: (text: string) => ({ glyphs: Array.from(text, (char) => glyphOf(char.codePointAt(0)!)) }) },
    createSubset: {
      value(this: Fontkit.Font) {
        const subset = font.createSubset.call(this) as Fontkit.Subset & TTFSubset;
        const addGlyph = subset._addGlyph;
        subset._addGlyph = function (this: TTFSubset, id: number) {
          const index = addGlyph.call(this, id);
          if (this.offset % 2 === 1) {
            const outline = this.glyf[index]!;
            // Its own Buffer (a browser polyfill's, bundled): the stream it is written to takes no other.
            const padded = (outline.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(outline.length + 1);
            padded.set(outline);
            this.glyf[index] = padded;
            this.offset++;
          }
          return index;
        };
        return subset;
      },
    },
  }) as Fontkit.Font;
}

/** What embeddable() reaches inside @pdf-lib/fontkit 1.1.1's TrueType subset. */
interface TTFSubset { _addGlyph(id: number): number; glyf: Uint8Array[]; offset: number }

/** The faces embedded in one letter (those embedFaces was asked for), each with the characters it writes. */
export type Fonts = Record<Face, { font: PDFFont; characters: Set<number> }>;

/** Embeds in `doc` the faces `used`, each as a subset of the glyphs drawn with it. */
export async function embedFaces(doc: PDFDocument, used: Set<Face>): Promise<Fonts> {
  const files = await loadFaces();
  doc.registerFontkit({ create: (bytes) => Object.values(files).find((file) => file.bytes === bytes)!.font });
  const embedded = await Promise.all([...used].map(async (face) =>
    [face, { font: await doc.embedFont(files[face].bytes, { subset: true }), characters: files[face].characters }] as const));
  // Only those used: a face embedded and never drawn would still be written into the PDF.
  return Object.fromEntries(embedded) as Fonts;
}

/**
 * `text` in characters the font holds: tabs as spaces, other control and format characters
 * (bidirectional controls, zero-width joiners, soft hyphens) left out, and any other character
 * it has no glyph for as "?". (Its letter without accents, as the PDF copy's cover writes, would
 * never apply: Noto Sans has every accented Latin letter, and would turn "≠" into "=".)
 */
export function writable(text: string, characters: Set<number>): string {
  return Array.from(text.normalize("NFC").replace(/\t/g, " ").replace(/\p{Cf}|(?!\n)\p{Cc}/gu, ""), (char) =>
    // U+FFFD is in the font, but says only that something was lost before it came here.
    char === "\n" || (char !== "\uFFFD" && characters.has(char.codePointAt(0)!)) ? char : "?").join("");
}
