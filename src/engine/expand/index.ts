import type { FormFiles } from "../types";
import { expandChecklist } from "./checklist";
import { expandDecisions } from "./decisions";
import { clearCompanionsToo } from "./companions";
import { createExpander, type Expansion } from "./expansion";
import { ownLookupFills } from "./lookups";
import { listTabKeys } from "./tabs";
import { expandPage } from "./walk";

export { MAX_BLOCKS } from "./add-another";
export type { Expansion, Gate, KeyReference } from "./expansion";

/** Expands every page: prefixes applied, blocks laid out to their max, options resolved, gates listed. */
export function expandDefinitions(files: FormFiles, settings: { currentYear: number }): Expansion {
  const x = createExpander(files, settings.currentYear);
  const pages = Object.entries(files.pages).sort(([, a], [, b]) => a.step - b.step);
  for (const [file, page] of pages) x.out.pages.push(expandPage(x, file, page));
  // After the walk: a question on a later page may own a lookup's fill or be named by a clear.
  ownLookupFills(x);
  clearCompanionsToo(x.out);
  // Last: the tabs list the fills their lookups own.
  listTabKeys(x.out);
  // The checklist names questions of any page.
  expandChecklist(x);
  expandDecisions(x);
  return x.out;
}
