import { closedChoices, unofferedChoices } from "./choices";
import { longDate } from "./cycle";
import { localToday } from "./dates";
import type { InstitutionFile } from "./generated/definition-format";
import { expandDefinitions, type Expansion } from "./expand";
import type { AnswerKey, Answers, BrowserFiles, Evaluation, FormFiles, FormState, PageView, ValidationErrors } from "./types";
import type { AnswerValidator } from "./errors";
import { message } from "./messages";
import { evaluate, type EvaluateOptions } from "./visibility";

/** The definitions, loaded and compiled once; every later call is cheap. */
export interface CompiledForm extends Pick<Expansion, "gates" | "owners" | "companions" | "tabGroups" | "blockGroups" | "dependents" | "checklist" | "decisions"> {
  pages: PageView[];
  institution: InstitutionFile["institution"];
  /** The page that asks for a key, for links such as /{page}#{answerKey}. */
  pageOf(key: AnswerKey): string | undefined;
  validator: AnswerValidator;
}

export interface LoadOptions {
  /** The day year lists count from (YYYY-MM-DD); defaults to today. */
  today?: string;
}

/** Browser files as the engine reads them: with no data model and no rules, which only the validator needs. */
export const withoutValidation = (files: BrowserFiles): FormFiles => ({ ...files, answersSchema: {}, rules: {} });

/**
 * Expands the definitions around a validator compiled from the same files: at run time on the
 * server (loadForm), at build time for the browser. Definitions with errors are a deployment bug
 * (the linter refuses them before build), so this throws, listing them.
 */
export function assembleForm(files: FormFiles, validator: AnswerValidator, options: LoadOptions = {}): CompiledForm {
  const today = options.today ?? localToday();
  const expansion = expandDefinitions(files, { currentYear: Number(today.slice(0, 4)) });
  const errors = expansion.findings.filter((f) => f.severity === "error");
  if (errors.length > 0) {
    throw new Error(`the definitions have errors; run npm run lint:definitions\n${errors.map((f) => `${f.source.file}${f.source.pointer}: ${f.message}`).join("\n")}`);
  }
  const { pages, gates, owners, companions, tabGroups, blockGroups, dependents, checklist, decisions } = expansion;
  return {
    pages, gates, owners, companions, tabGroups, blockGroups, dependents, checklist, decisions,
    institution: files.institution.institution,
    pageOf: (key) => owners.get(key)?.page,
    validator,
  };
}

export interface ValidateOptions extends FormState {
  /** The day the date rules count from (YYYY-MM-DD); defaults to today. */
  today?: string;
  /** The day deadlines are judged on; defaults to `today`. The server's is anywhere on Earth's. */
  deadlineDay?: string;
}

/**
 * The errors of every shown question, after clearing. Empty and hidden answers are left out
 * first, so a rule's `required` means "answer this shown question"; questions on a tab not
 * chosen, or behind a false condition, are not validated.
 */
export function validateAnswers(form: CompiledForm, answers: Answers, options: ValidateOptions = {}): ValidationErrors {
  return validateEvaluation(form, evaluate(form, answers, options), options.today, options.deadlineDay);
}

export function validateEvaluation(form: CompiledForm, evaluation: Evaluation, today = localToday(), deadlineDay = today): ValidationErrors {
  const data: Answers = {};
  for (const [key, value] of Object.entries(evaluation.answers)) {
    if (value !== "" && evaluation.isShown(key)) data[key] = value;
  }
  const errors = form.validator(data, today);
  for (const key of Object.keys(errors)) {
    if (!evaluation.isShown(key)) delete errors[key];
  }
  for (const key of unofferedChoices(form, data)) {
    if (!errors[key]?.includes(message("notAChoice"))) (errors[key] ??= []).push(message("notAChoice"));
  }
  for (const { key, closedAfter } of closedChoices(form, data, deadlineDay)) {
    (errors[key] ??= []).push(message("closed", { day: longDate(closedAfter) }));
  }
  return errors;
}

/** Visibility and clearing (see evaluate), for a compiled form. */
export function evaluateAnswers(form: CompiledForm, answers: Answers, options: EvaluateOptions = {}): Evaluation {
  return evaluate(form, answers, options);
}

/** The checklist's items that apply to these answers (institution.json "checklist"), in its order. */
export function checklistFor(form: CompiledForm, answers: Answers): CompiledForm["checklist"] {
  return form.checklist.filter((item) => !item.condition || item.condition.test(answers));
}
