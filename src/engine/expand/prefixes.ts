import type { Item } from "../generated/definition-format";
import type { AnswerKey } from "../types";

/** Which prefix the keys written at one place in a page take, and which keys were written there. */
export interface Scope {
  /** The whole prefix put before keys written in this scope ("parent_2_" for block 2 of parents). */
  prefix: string;
  /** The container's own prefix as written ("parent_", "mailing_"); "" on a page. */
  ownPrefix: string;
  /** Keys written in this scope; a key written here means prefix + key. */
  local: ReadonlySet<string>;
  outer?: Scope;
}

export const pageScope = (): Scope => ({ prefix: "", ownPrefix: "", local: new Set() });

/**
 * The answer key a key written in a scope means. A condition inside a block may name a question of
 * its own block (written without the prefix) or one outside it; the innermost scope that wrote the
 * key wins, and a key no scope wrote is taken as it stands.
 */
export function resolveIn(scope: Scope, key: string): AnswerKey {
  for (let s: Scope | undefined = scope; s; s = s.outer) {
    if (s.local.has(key)) return s.prefix + key;
  }
  return key;
}

/** The data model's scheme: block 1 keeps the bare prefix (sibling_), block n adds its number (sibling_2_). */
export const blockPrefix = (prefix: string, index: number): string => (index === 1 ? prefix : `${prefix}${index}_`);

/**
 * Keys written in a list of items, nested addresses' prefixes included. An add-another group inside
 * is left out: its blocks are scopes of their own.
 */
export function declaredKeys(items: Item[], template: Item[], into = new Set<string>(), prefix = ""): Set<string> {
  for (const item of items) {
    switch (item.type) {
      case "section":
        declaredKeys(item.items, template, into, prefix);
        break;
      case "tabs":
        for (const tab of item.tabs) declaredKeys(tab.items, template, into, prefix);
        break;
      case "address":
        declaredKeys(template, template, into, prefix + item.prefix);
        break;
      case "checkboxes":
        for (const option of item.options) into.add(prefix + option.key);
        break;
      case "lookup":
        into.add(prefix + item.key);
        for (const key of Object.values(item.fills)) into.add(prefix + key);
        break;
      case "addAnother":
      case "content":
        break;
      default:
        if ("key" in item && typeof item.key === "string") into.add(prefix + item.key);
    }
  }
  return into;
}
