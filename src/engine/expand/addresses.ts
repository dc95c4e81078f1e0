import type { AddressItem } from "../generated/definition-format";
import type { ViewItem } from "../types";
import { report, type Expander, type Position, type WalkItems } from "./expansion";
import { declaredKeys, type Scope } from "./prefixes";

/** An address item becomes the template's questions (address.json), each key behind the item's prefix. */
export function expandAddress(x: Expander, item: AddressItem, view: ViewItem, at: Position, walk: WalkItems): ViewItem {
  if (at.scope.ownPrefix && item.prefix.startsWith(at.scope.ownPrefix)) {
    report(x, "prefix-in-key", `address prefix "${item.prefix}" repeats its block's prefix "${at.scope.ownPrefix}", which is added already`, view.source);
  }
  const template = x.files.addressTemplate.items;
  const scope: Scope = { prefix: at.scope.prefix + item.prefix, ownPrefix: item.prefix, local: declaredKeys(template, template), outer: at.scope };
  // A template key asked twice or missing from the data model comes from where the address is
  // placed, so findings about its keys point at this item, not at address.json.
  view.children = walk(template, { ...at, file: "address.json", pointer: "/items", scope, anchor: at.anchor ?? view.source });
  return view;
}
