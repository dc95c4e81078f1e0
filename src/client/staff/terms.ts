// The entry terms the form offers, for the list's filter and its column. They come with the form's
// definitions (../form/model.ts), which the list and application pages load; the login does not.
import { form } from "../form/model";
import type { Choice } from "./fields";

/** The entry terms, as the form's entry_term question lists them (form-definitions/options). */
export const entryTerms: readonly Choice[] = (() => {
  const options = form.owners.get("entry_term")?.item.options;
  return options?.kind === "list" ? options.options.map(({ value, label }) => ({ value: String(value), label })) : [];
})();

/** A term code as its label (FA26 → Fall 2026); a code the form no longer offers as it is. */
export const termLabel = (code: string | null) => (code ? entryTerms.find((term) => term.value === code)?.label ?? code : "—");
