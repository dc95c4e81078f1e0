import { ITEM_TYPES, type Item, type PageDefinition } from "../generated/definition-format";
import type { PageView, Source, ViewItem } from "../types";
import { expandBlocks } from "./add-another";
import { expandAddress } from "./addresses";
import { conditionGate } from "./condition-gates";
import { report, type Expander, type Position } from "./expansion";
import { pageScope } from "./prefixes";
import { expandQuestion } from "./questions";
import { expandTabs } from "./tabs";

export function expandPage(x: Expander, file: string, page: PageDefinition): PageView {
  const items = walkItems(x, page.items, { file, pointer: "/items", page: page.page, scope: pageScope(), gate: -1, idSuffix: "" });
  return { page: page.page, route: page.route, title: page.title, step: page.step, file, items };
}

/** The items' views; an item of unknown type has none. */
function walkItems(x: Expander, items: Item[], at: Position): ViewItem[] {
  return items.flatMap((item, i) => {
    const view = walkItem(x, item, { ...at, pointer: `${at.pointer}/${i}` });
    return view ? [view] : [];
  });
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(ITEM_TYPES);

function walkItem(x: Expander, item: Item, outer: Position): ViewItem | undefined {
  const source: Source = { file: outer.file, pointer: outer.pointer };
  if (!KNOWN_TYPES.has(item.type)) {
    report(x, "unknown-type", `unknown item type "${String(item.type)}"; use one of ${ITEM_TYPES.join(", ")}`, source);
    return undefined;
  }
  const at = { ...outer, gate: conditionGate(x, item, outer, source) };
  const view: ViewItem = { id: `${at.page}:${source.file}#${source.pointer}${at.idSuffix}`, item, source, gate: at.gate, keys: [] };
  const walk = (items: Item[], inner: Position) => walkItems(x, items, inner);

  switch (item.type) {
    case "section":
      view.children = walk(item.items, { ...at, pointer: `${source.pointer}/items` });
      return view;
    case "content":
      return view;
    case "address":
      return expandAddress(x, item, view, at, walk);
    case "tabs":
      return expandTabs(x, item, view, at, walk);
    case "addAnother":
      return expandBlocks(x, item, view, at, walk);
    default:
      return expandQuestion(x, item, view, at);
  }
}
