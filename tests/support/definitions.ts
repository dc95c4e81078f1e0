// The definitions as staff left them, for the tests that run in Node (server, scripts, browser
// tests): a question's label and options are read from form-definitions/, never copied into a
// test, so rewording a label breaks no test (CI proves it on an edited copy: scripts/staff-edits.ts).
// The client's tests have the same helpers over the bundled definitions (src/client/testing.tsx).
import { readProject } from "../../src/definitions/files";
import { assembleForm, type CompiledForm, type AnswerKey, type FormFiles, type Item, type ResolvedOption } from "../../src/engine/runtime";

let form: CompiledForm | undefined;
/**
 * form-definitions/ expanded, on first use (for completeAnswers and the like, tests/support/answer-sets.ts).
 * It does not validate: validate through the server or loadForm.
 */
export function definitions(): CompiledForm {
  form ??= assembleForm(readProject().form, () => {
    throw new Error("tests/support/definitions.ts reads the definitions; validate through the server or loadForm");
  });
  return form;
}

/** The label of the question asking `key`, as form-definitions/ gives it. */
export function labelOf(key: AnswerKey): string {
  const label = (definitions().owners.get(key)?.item.item as { label?: string } | undefined)?.label;
  if (label === undefined) throw new Error(`no question with a label asks "${key}"`);
  return label;
}

/** The options of the question asking `key`, as form-definitions/ lists them (the entry terms come from the cycle). */
export function optionsOf(key: AnswerKey): ResolvedOption[] {
  const options = definitions().owners.get(key)?.item.options;
  if (options?.kind !== "list") throw new Error(`no question with a list of options asks "${key}"`);
  return options.options;
}

/** The item asking `key` in `files`, wherever it is, to edit as staff would (mid-cycle edits). */
export function itemAsking(files: FormFiles, key: AnswerKey): Item & { label: string; type: string } {
  const walk = (items: Item[]): Item | undefined => {
    for (const item of items) {
      if ((item as { key?: string }).key === key) return item;
      const inner = item as { items?: Item[]; tabs?: { items: Item[] }[] };
      const found = walk([...(inner.items ?? []), ...(inner.tabs ?? []).flatMap((tab) => tab.items)]);
      if (found) return found;
    }
    return undefined;
  };
  for (const page of Object.values(files.pages)) {
    const found = walk(page.items);
    if (found) return found as Item & { label: string; type: string };
  }
  throw new Error(`no item asks ${key}`);
}
