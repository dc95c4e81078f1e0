// What changes between two definition versions, in words staff read, each with its class:
//   safe             — nothing an applicant gave is touched (help text, a new optional question,
//                      a new option, a label of an option, a limit raised);
//   needs applicants — applications already started or submitted are touched: a question removed
//                      (its answers are kept aside), a question reworded (applicants answered the
//                      old wording), a new required question, an option removed (or its code
//                      renamed), a limit lowered;
//   breaking         — an answer key now means another kind of answer (its question's type changed).
// Each change names what to count in the applications (`count`); the office's console and the
// linter count it in a tally of the applications (`touched`), made from the database
// (src/server/data/definition-versions.ts, answerTally) or read from a version file
// (definition-versions/published.json). Pure: no files, no database.
import { validateAnswers, type AnswerKey, type CompiledForm, type FormFiles, type ResolvedOption, type ViewItem } from "../engine/runtime";
import { answersSchemaOf } from "../engine/compile";
import type { CHANGE_CLASSES } from "../api-contract/versions";

type ChangeClass = (typeof CHANGE_CLASSES)[number];

/** What a change touches in the applications: answers to a key, a chosen option, answers over a limit, or a key not answered. */
export type ChangeCount =
  | { kind: "answered"; key: AnswerKey }
  | { kind: "chose"; key: AnswerKey; value: string }
  | { kind: "longer"; key: AnswerKey; limit: number }
  | { kind: "unanswered"; key: AnswerKey };

/** How many applications in progress, and how many submitted. */
export interface Touched { in_progress: number; submitted: number }

/**
 * What the applications hold, counted, without a word of any answer: how many there are, how
 * many answered each key, chose each option of a question with options, and gave an answer of
 * each length (in characters) to a question with a limit. Enough to count every change.
 */
export interface AnswerTally {
  applications: Touched;
  answered: Record<AnswerKey, Touched>;
  chose: Record<AnswerKey, Record<string, Touched>>;
  lengths: Record<AnswerKey, Record<string, Touched>>;
}

const NONE: Touched = { in_progress: 0, submitted: 0 };
const sum = (all: Touched[]): Touched => all.reduce((a, b) => ({ in_progress: a.in_progress + b.in_progress, submitted: a.submitted + b.submitted }), NONE);

/** How many applications a change touches; only applications in progress can be missing an answer a change requires. */
export function touched(tally: AnswerTally, count: ChangeCount): Touched {
  switch (count.kind) {
    case "answered": return tally.answered[count.key] ?? NONE;
    case "chose": return tally.chose[count.key]?.[count.value] ?? NONE;
    case "longer": return sum(Object.entries(tally.lengths[count.key] ?? {}).filter(([length]) => Number(length) > count.limit).map(([, n]) => n));
    case "unanswered": return { in_progress: tally.applications.in_progress - (tally.answered[count.key]?.in_progress ?? 0), submitted: 0 };
  }
}

/** The keys a tally counts options and lengths of, for changes from `version`: its questions with options, and its keys with a limit. */
export function talliedKeys(version: ComparedVersion): { choices: AnswerKey[]; limited: AnswerKey[] } {
  const choices = [...questionsOf(version.form).values()].filter((question) => optionsOf(question.view).size > 0).map((question) => question.key);
  return { choices, limited: [...limitsOf(version.files).keys()] };
}

export interface VersionChange {
  class: ChangeClass;
  /** In words: `Question "Housing" (housing) removed from Finishing Up`. */
  text: string;
  count?: ChangeCount;
}

/** A version as compared: its compiled form (with its validator) and the files it was compiled from. */
export interface ComparedVersion { form: CompiledForm; files: FormFiles }

interface Question { key: AnswerKey; view: ViewItem; page: string }

/** Every question once (a repeated block's copies are one question, under the first block's key), in page order. */
function questionsOf(form: CompiledForm): Map<AnswerKey, Question> {
  const seen = new Set<unknown>();
  const questions = new Map<AnswerKey, Question>();
  const titles = new Map(form.pages.map((page) => [page.page, page.title]));
  for (const [key, owner] of form.owners) {
    const view = owner.item;
    if (seen.has(view.item) || (view.key !== undefined && view.key !== key)) continue;
    seen.add(view.item);
    questions.set(view.key ?? key, { key: view.key ?? key, view, page: titles.get(owner.page) ?? owner.page });
  }
  return questions;
}

const labelOf = (question: Question) => (question.view.item as { label?: string }).label ?? question.key;
const named = (question: Question) => `"${labelOf(question)}" (${question.key})`;
const helpOf = (question: Question) => (question.view.item as { help?: string }).help ?? "";

/** A question's options, every list of a dependent one together, by value. */
function optionsOf(view: ViewItem): Map<string, ResolvedOption> {
  const options = view.options;
  const all = !options ? [] : options.kind === "list" ? options.options : Object.values(options.lists).flat();
  return new Map(all.map((option) => [option.value, option]));
}

/** The most characters an answer to `key` may have, from the data model (and the essay limit). */
function limitsOf(files: FormFiles): Map<AnswerKey, number> {
  const properties = (answersSchemaOf(files) as { properties?: Record<string, { maxLength?: number }> }).properties ?? {};
  return new Map(Object.entries(properties).flatMap(([key, schema]) => (schema.maxLength === undefined ? [] : [[key, schema.maxLength] as const])));
}

/** The questions asked with nothing answered that say they must be answered. */
function requiredKeys(form: CompiledForm, today: string): Set<AnswerKey> {
  return new Set(Object.keys(validateAnswers(form, {}, { today, deadlineDay: today })));
}

/** The changes from `before` to `after`, questions in `after`'s page order, removed ones last. */
export function versionChanges(before: ComparedVersion, after: ComparedVersion, today: string): VersionChange[] {
  const changes: VersionChange[] = [];
  const was = questionsOf(before.form);
  const is = questionsOf(after.form);
  const [limitsBefore, limitsAfter] = [limitsOf(before.files), limitsOf(after.files)];
  const [requiredBefore, requiredAfter] = [requiredKeys(before.form, today), requiredKeys(after.form, today)];

  for (const [key, now] of is) {
    const then = was.get(key);
    if (!then) {
      const isRequired = requiredAfter.has(key);
      changes.push(isRequired
        ? { class: "needs applicants", text: `Question ${named(now)} added to ${now.page}, required`, count: { kind: "unanswered", key } }
        : { class: "safe", text: `Question ${named(now)} added to ${now.page}` });
      continue;
    }
    if (then.view.item.type !== now.view.item.type) {
      changes.push({ class: "breaking", text: `Answer key ${key} now belongs to a ${now.view.item.type} question, not a ${then.view.item.type} one`, count: { kind: "answered", key } });
      continue;
    }
    if (labelOf(then) !== labelOf(now)) {
      changes.push({ class: "needs applicants", text: `Question ${key} reworded: "${labelOf(then)}" → "${labelOf(now)}"`, count: { kind: "answered", key } });
    }
    if (helpOf(then) !== helpOf(now)) changes.push({ class: "safe", text: `Help text of ${named(now)} changed` });
    if (!requiredBefore.has(key) && requiredAfter.has(key)) {
      changes.push({ class: "needs applicants", text: `${named(now)} is now required`, count: { kind: "unanswered", key } });
    }
    const [optionsThen, optionsNow] = [optionsOf(then.view), optionsOf(now.view)];
    for (const [value, option] of optionsThen) {
      const kept = optionsNow.get(value);
      if (!kept) changes.push({ class: "needs applicants", text: `Option "${option.label}" (${value}) removed from ${named(now)}`, count: { kind: "chose", key, value } });
      else if (kept.label !== option.label) changes.push({ class: "safe", text: `Option ${value} of ${named(now)} relabelled: "${option.label}" → "${kept.label}"` });
    }
    for (const [value, option] of optionsNow) {
      if (!optionsThen.has(value)) changes.push({ class: "safe", text: `Option "${option.label}" (${value}) added to ${named(now)}` });
    }
    for (const limitKey of new Set([key, ...now.view.keys])) {
      const [limitThen, limitNow] = [limitsBefore.get(limitKey), limitsAfter.get(limitKey)];
      if (limitThen === undefined || limitNow === undefined || limitThen === limitNow) continue;
      changes.push(limitNow < limitThen
        ? { class: "needs applicants", text: `Limit of ${named(now)} lowered from ${limitThen} to ${limitNow} characters`, count: { kind: "longer", key: limitKey, limit: limitNow } }
        : { class: "safe", text: `Limit of ${named(now)} raised from ${limitThen} to ${limitNow} characters` });
    }
  }
  for (const [key, then] of was) {
    if (!is.has(key)) changes.push({ class: "needs applicants", text: `Question ${named(then)} removed from ${then.page}`, count: { kind: "answered", key } });
  }
  return changes;
}
