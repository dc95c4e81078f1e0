// The definitions in the browser: every file of form-definitions/ bundled with the form's pages
// (this module loads with the first form page, never with the account cards), expanded by the
// same engine the server runs. The validator comes later (./validator.ts): only validating needs it.
import { assembleForm, withoutValidation, type CompiledForm } from "../../engine/form";
import type { AnswerKey, BrowserFiles, FormFiles, ViewItem } from "../../engine/runtime";
import type { InstitutionFile, OptionListFile, PageDefinition, TemplateFile } from "../../engine/generated/definition-format";

// Not the decisions: their letters are the server's to give, each to its applicant once released.
const definitions = import.meta.glob<unknown>(["../../../form-definitions/**/*.json", "!**/decisions.json"], { eager: true, import: "default" });

/** form-definitions/ as the engine names its files: `about.json`, `options/months.json`. */
function formFiles(files: Record<string, unknown> = definitions): BrowserFiles {
  const pages: FormFiles["pages"] = {};
  const optionLists: FormFiles["optionLists"] = {};
  let addressTemplate: TemplateFile | undefined;
  let institution: InstitutionFile | undefined;
  for (const [path, json] of Object.entries(files)) {
    const name = path.slice(path.indexOf("form-definitions/") + "form-definitions/".length);
    const file = json as Record<string, unknown>;
    // The same sort as classifyDefinitionFile (src/definitions/classify.ts), written out: calling
    // it would pull the classifier into the first visit to /about. The linter refuses files they would sort apart.
    if (name.startsWith("options/")) optionLists[name] = file as unknown as OptionListFile;
    else if (typeof file.route === "string") pages[name] = file as unknown as PageDefinition;
    else if (file.template === "address") addressTemplate = file as unknown as TemplateFile;
    else if (file.institution) institution = file as unknown as InstitutionFile;
  }
  if (!addressTemplate || !institution) throw new Error("form-definitions/ needs address.json and institution.json");
  return { pages, optionLists, addressTemplate, institution };
}

/** Never called: validation goes through ./validator.ts, which loads the precompiled validator. */
const notLoaded = () => {
  throw new Error("validate through loadValidator()");
};

/**
 * A form to draw (never to validate) from a version's files: the bundled ones, or a published
 * version's (an application submitted on another version, api.definitions). The data model and
 * the rules are compiled into the validator at build time.
 */
export const formOfFiles = (files: BrowserFiles): CompiledForm => assembleForm(withoutValidation(files), notLoaded);

/** The definition files this build bundles. */
export const bundledFiles: BrowserFiles = formFiles();

export const form: CompiledForm = formOfFiles(bundledFiles);

/** The name of the definition version this build bundles (its hash, as the server names it). */
export { default as bundledVersion } from "virtual:definition-version";

export const pageView = (route: string) => form.pages.find((p) => p.route === route);

/** The label a person knows a question by: its own, after its place (`Sibling 2: Age`, `Mailing address: City`). */
export function questionLabel(key: AnswerKey): string | undefined {
  const owner = form.owners.get(key);
  if (!owner) return undefined;
  const item = owner.item.item as { label?: string };
  const label = item.label ?? key;
  const place = placeOf(owner.item);
  return place ? `${place}: ${label}` : label;
}

/**
 * A question's messages as the validation summary lists them, after the question's place: a
 * message that starts by naming that place itself (the spec's "Parent 2/Guardian 2: …" under the
 * heading "Parent/Guardian 2", "Mailing: …" under "Mailing address") leaves that name out, so
 * the entry names its block once.
 */
export function summaryMessages(key: AnswerKey, messages: string[]): string[] {
  const owner = form.owners.get(key);
  const place = owner && placeOf(owner.item);
  if (!place) return messages;
  return messages.map((message) => {
    const colon = message.indexOf(": ");
    return colon > 0 && namesPlace(message.slice(0, colon), place) ? message.slice(colon + 2) : message;
  });
}

/** Whether `name` is a way of writing `place`: its words begin the place's, its numbers are the place's. */
function namesPlace(name: string, place: string): boolean {
  const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}]/gu, "");
  const numbers = (text: string) => new Set(text.match(/\d+/g) ?? []);
  const [nameNumbers, placeNumbers] = [numbers(name), numbers(place)];
  return (
    letters(name) !== "" &&
    letters(place).startsWith(letters(name)) &&
    nameNumbers.size === placeNumbers.size &&
    [...nameNumbers].every((n) => placeNumbers.has(n))
  );
}

/**
 * Where a question is, by item id, gathered on first use: a block's heading (`Sibling 2`) for
 * everything in the block, else a prefixed address's title (`Mailing address`).
 */
let places: Map<string, string> | undefined;
function placeOf(view: ViewItem): string | undefined {
  if (!places) {
    places = new Map();
    for (const page of form.pages) collectPlaces(page.items, places);
  }
  return places.get(view.id);
}
function collectPlaces(items: ViewItem[], into: Map<string, string>) {
  for (const view of items) {
    const item = view.item;
    if (item.type === "addAnother") {
      view.blocks?.forEach((block, i) => {
        const heading = item.blockTitle ? item.blockTitle.replace("{n}", String(i + 1)) : "";
        for (const inner of walk(block)) if (heading) into.set(inner.id, heading);
      });
    }
    if (item.type === "address" && item.prefix && item.title) {
      for (const inner of walk(view.children ?? [])) into.set(inner.id, item.title);
    }
    collectPlaces([...(view.children ?? []), ...(view.tabs ?? []).flatMap((t) => t.items)], into);
  }
}
function* walk(items: ViewItem[]): Generator<ViewItem> {
  for (const view of items) {
    yield view;
    yield* walk([...(view.children ?? []), ...(view.tabs ?? []).flatMap((t) => t.items), ...(view.blocks ?? []).flat()]);
  }
}
