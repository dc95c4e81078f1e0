// Choices the form offered (SECURITY.md: the server trusts no choice it did not offer). A select's
// or radio's answer is one of its options: its own list, a year list counted from this year, or
// the list its controlling answer chooses (the state list of the chosen country). Its label,
// `{key}_desc`, is written from that option, never taken from whoever sent the answer. The server
// refuses a save with any other value, and validation (server, browser, answers:check) reports it.
import { isClosed } from "./cycle";
import type { Expansion } from "./expand";
import type { AnswerKey, Answers, ResolvedOption, ResolvedOptions } from "./types";

type Shape = Pick<Expansion, "owners" | "companions">;

const labelMaps = new WeakMap<ResolvedOption[], Map<string, string>>();
function labelsOf(list: ResolvedOption[]): Map<string, string> {
  let labels = labelMaps.get(list);
  if (!labels) labelMaps.set(list, (labels = new Map(list.map((option) => [option.value, option.label]))));
  return labels;
}

function offered(options: ResolvedOptions, answers: Answers): ResolvedOption[] | undefined {
  return options.kind === "list" ? options.options : options.lists[String(answers[options.controlKey] ?? "")];
}

/** Whether `key` is a select or radio. */
export function isChoice(form: Shape, key: AnswerKey): boolean {
  return form.companions.has(key);
}

/**
 * The label of `value` among the options `key`'s question offers with these answers; undefined
 * when `key` is no select or radio, or `value` is not among them.
 */
export function choiceLabel(form: Shape, key: AnswerKey, value: string, answers: Answers): string | undefined {
  const options = form.owners.get(key)?.item.options;
  const list = options && offered(options, answers);
  return list && labelsOf(list).get(value);
}

/** The keys among `keys` whose answer is a choice its question does not offer (unanswered is fine). */
export function unofferedChoices(form: Shape, answers: Answers, keys: Iterable<AnswerKey> = Object.keys(answers)): AnswerKey[] {
  const unoffered: AnswerKey[] = [];
  for (const key of keys) {
    const value = answers[key];
    if (value === undefined || value === "" || !isChoice(form, key)) continue;
    if (typeof value !== "string" || choiceLabel(form, key, value, answers) === undefined) unoffered.push(key);
  }
  return unoffered;
}

/**
 * The keys among `keys` whose answer is an option closed by `today` (an application plan past its
 * deadline), with the option's last day.
 */
export function closedChoices(form: Shape, answers: Answers, today: string, keys: Iterable<AnswerKey> = Object.keys(answers)): { key: AnswerKey; closedAfter: string }[] {
  const closed: { key: AnswerKey; closedAfter: string }[] = [];
  for (const key of keys) {
    const value = answers[key];
    if (typeof value !== "string" || value === "" || !isChoice(form, key)) continue;
    const options = form.owners.get(key)?.item.options;
    const option = options && offered(options, answers)?.find((o) => o.value === value);
    if (option && isClosed(option, today)) closed.push({ key, closedAfter: option.closesAfter! });
  }
  return closed;
}

const labelKeys = new WeakMap<Shape["companions"], Set<AnswerKey>>();
/** Whether `key` is a choice's label (`{key}_desc`), which only the engine writes. */
export function isChoiceLabel(form: Shape, key: AnswerKey): boolean {
  let keys = labelKeys.get(form.companions);
  if (!keys) labelKeys.set(form.companions, (keys = new Set(form.companions.values())));
  return keys.has(key);
}

/** Writes every choice's label into `answers` from its option ("" when unanswered); answers them. */
export function writeChoiceLabels(form: Shape, answers: Answers): Answers {
  for (const [key, desc] of form.companions) {
    const value = answers[key];
    const label = typeof value === "string" && value !== "" ? choiceLabel(form, key, value, answers) ?? "" : "";
    if (label !== "" || (answers[desc] ?? "") !== "") answers[desc] = label;
  }
  return answers;
}

/** A change as sent, less any choice label in it: labels are the engine's to write. */
export function withoutChoiceLabels(form: Shape, sent: Answers): Answers {
  const kept: Answers = {};
  for (const key in sent) if (!isChoiceLabel(form, key)) kept[key] = sent[key]!;
  return kept;
}
