// A decision letter's Markdown as its PDF draws it (letter-pdf.ts): markdown-it's tokens
// (letters.ts's parse, the one the status page's HTML is drawn from) as headings, paragraphs,
// list items with their bullets or numbers, quotes, table rows and rules, each a run of text in
// the face its bold and italic ask for. A link is its words, an image its description.
import type { Token } from "markdown-it";

export type Face = "regular" | "bold" | "italic" | "boldItalic";

const faceOf = (isBold: boolean, isItalic: boolean): Face => (isBold ? (isItalic ? "boldItalic" : "bold") : isItalic ? "italic" : "regular");

/** A run of text in one face: "\n" in it is a line break. */
export interface Span { text: string; face: Face }

/** What the letter is drawn as: a heading, a paragraph (a list item's, a quote's, a table's row) or a rule. */
export interface Block {
  kind: "heading" | "paragraph" | "rule";
  /** 1 to 6 for a heading. */
  level: number;
  /** Points from the left margin: lists and quotes nest. */
  indent: number;
  /** A list item's bullet or number, drawn before its first line. */
  marker: string | null;
  spans: Span[];
  isQuoted: boolean;
  /** An item of a tight list: no space after it. */
  isTight: boolean;
}

const INDENT = 22;

/** The letter's blocks, from markdown-it's tokens. */
export function blocksOf(tokens: Token[]): Block[] {
  const blocks: Block[] = [];
  /** Each open list: the next item's number, null for bullets. */
  const lists: { next: number | null }[] = [];
  let quotes = 0;
  let heading = 0;
  let isTight = false;
  let isHeaderCell = false;
  let marker: string | null = null;
  let row: Span[] | null = null;
  const push = (kind: Block["kind"], spans: Span[]) => {
    blocks.push({ kind, level: heading, indent: (lists.length + quotes) * INDENT, marker, spans, isQuoted: quotes > 0, isTight });
    marker = null;
  };
  for (const token of tokens) {
    switch (token.type) {
      case "heading_open": heading = Number(token.tag.slice(1)); break;
      case "heading_close": heading = 0; break;
      // markdown-it hides the paragraphs of a tight list's items.
      case "paragraph_open": isTight = token.hidden; break;
      case "bullet_list_open": lists.push({ next: null }); break;
      case "ordered_list_open": lists.push({ next: Number(token.attrGet("start") ?? 1) }); break;
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        // What follows a list is spaced from it as from a paragraph.
        if (lists.length === 0) {
          isTight = false;
          if (blocks.length > 0) blocks.at(-1)!.isTight = false;
        }
        break;
      case "list_item_open": {
        // An item that holds only a list: its marker on a line of its own.
        if (marker !== null) push("paragraph", []);
        const list = lists.at(-1)!;
        marker = list.next === null ? "•" : `${list.next++}.`;
        break;
      }
      case "list_item_close": if (marker !== null) push("paragraph", []); break;
      case "blockquote_open": quotes++; break;
      case "blockquote_close": quotes--; break;
      case "hr": push("rule", []); break;
      case "code_block":
      case "fence": push("paragraph", [{ text: token.content.replace(/\n$/, ""), face: "regular" }]); break;
      case "tr_open": row = []; break;
      case "tr_close": push("paragraph", row ?? []); row = null; break;
      case "th_open": isHeaderCell = true; break;
      case "th_close": isHeaderCell = false; break;
      case "inline": {
        const spans = spansOf(token.children ?? [], heading > 0 || isHeaderCell);
        if (row) row.push(...(row.length > 0 ? [{ text: "  |  ", face: "regular" as const }] : []), ...spans);
        else push(heading > 0 ? "heading" : "paragraph", spans);
        break;
      }
    }
  }
  return blocks;
}

/** An inline token's text in its faces: a link as its words, an image as its description. */
function spansOf(children: Token[], isBold: boolean): Span[] {
  const spans: Span[] = [];
  let strong = isBold ? 1 : 0;
  let em = 0;
  const add = (text: string) => {
    if (text !== "") spans.push({ text, face: faceOf(strong > 0, em > 0) });
  };
  for (const child of children) {
    switch (child.type) {
      case "strong_open": strong++; break;
      case "strong_close": strong--; break;
      case "em_open": em++; break;
      case "em_close": em--; break;
      case "softbreak": add(" "); break;
      case "hardbreak": add("\n"); break;
      case "text":
      case "code_inline":
      case "html_inline":
      case "image": add(child.content); break;
    }
  }
  return spans;
}
