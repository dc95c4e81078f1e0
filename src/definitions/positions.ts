import { findNodeAtLocation, parseTree, type Node } from "jsonc-parser";

export interface Position {
  line: number;
  column: number;
}

/** A property name as one part of a JSON pointer: "options/a.json" → "options~1a.json". */
export const escapePointer = (name: string) => name.replace(/~/g, "~0").replace(/\//g, "~1");

/** "/items/0/key" → ["items", 0, "key"]; "" → []. */
function pointerSegments(pointer: string): (string | number)[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((part) => {
    const segment = part.replace(/~1/g, "/").replace(/~0/g, "~");
    return /^\d+$/.test(segment) ? Number(segment) : segment;
  });
}

/** The line and column of a character, counted from 1. */
export function positionOfOffset(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === "\n") {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Where a JSON pointer lands in a file's text: the value it names, or the nearest existing parent
 * when it names something missing (a required property not written).
 */
export function locate(text: string, pointer: string): Position {
  const tree = parseTree(text);
  if (!tree) return { line: 1, column: 1 };
  const segments = pointerSegments(pointer);
  for (let n = segments.length; n >= 0; n--) {
    const node: Node | undefined = findNodeAtLocation(tree, segments.slice(0, n));
    if (!node) continue;
    // Point at the property's name when the pointer names a property: that is what a person reads.
    const target = node.parent?.type === "property" && n === segments.length ? node.parent : node;
    return positionOfOffset(text, target.offset);
  }
  return { line: 1, column: 1 };
}
