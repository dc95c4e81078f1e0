// One widget per question type (DEFINITIONS.md). A widget knows a kind of question, never an
// answer key of this application: it reads its definition (ViewItem), its own answer (useAnswer)
// and its errors (useErrors), and changes answers through change().
// The widgets are the browser's own inputs, labelled and described by hand (README: "Why the form's
// widgets are plain HTML"): a page holds a hundred of them and each keystroke re-renders one.
// The lookup is the exception: a React Aria combo box, loaded once a page shows one (LookupQuestion.tsx).
import { useId, useMemo, type ChangeEvent, type ReactNode } from "react";
import { formatPhone, formatSsn } from "../../engine/format";
import type { AnswerKey, Answers, QuestionType, ResolvedOption, ViewItem } from "../../engine/runtime";
import type { CheckboxItem, CheckboxesItem, SelectItem, TextareaItem } from "../../engine/generated/definition-format";
import { useAnswer, useAnswers, useErrors, useKeys } from "../state/answers";
import { useSession } from "../state/session";
import { change } from "./changes";
import { describedBy, errorText, hint, saveOnBlur } from "./field-parts";
import { FileQuestion } from "./FileQuestion";
import { LookupQuestion } from "./LookupQuestion";

export interface WidgetProps {
  view: ViewItem;
}

/** The common properties of a question's definition. */
interface Question {
  type: string;
  key: string;
  label: string;
  help?: string;
  autofill?: string;
  maxLength?: number;
}
const questionOf = (view: ViewItem) => view.item as unknown as Question;

export const TEXT_MAX_LENGTH = 45;
export const TEXTAREA_MAX_LENGTH = 1500;
export const TEXTAREA_ROWS = 6;
const EMAIL_MAX_LENGTH = 254;

/** The id every question is found by: its answer key, the target of /{page}#{answerKey} links. */
export const anchorOf = (view: ViewItem) => view.key ?? view.keys[0] ?? view.id;

interface TextKind {
  type?: string;
  inputMode?: "text" | "tel" | "numeric" | "email";
  format?: (value: string) => string;
  maxLength?: number;
  spellCheck?: boolean;
}

const TEXT_KINDS: Record<string, TextKind> = {
  text: {},
  email: { type: "email", inputMode: "email", maxLength: EMAIL_MAX_LENGTH, spellCheck: false },
  number: { inputMode: "numeric" },
  phone: { type: "tel", inputMode: "tel", format: formatPhone, maxLength: 14 },
  ssn: { inputMode: "numeric", format: formatSsn, maxLength: 11 },
  date: { type: "date" },
};

/** text, email, number, phone, ssn, date: one line, formatted as typed where the kind has a mask. */
function TextQuestion({ view }: WidgetProps) {
  const question = questionOf(view);
  const kind = TEXT_KINDS[question.type] ?? {};
  const key = view.key!;
  const value = useAnswer(key);
  const errors = useErrors(key);
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target.value;
    change({ [key]: kind.format ? kind.format(input) : input });
  };
  return (
    <div className="field question" data-invalid={errors.length > 0 || undefined}>
      <label className="field-label" htmlFor={key}>{question.label}</label>
      <div className="input-row">
        <input
          id={key}
          className="input"
          value={typeof value === "string" ? value : ""}
          onChange={onChange}
          onBlur={saveOnBlur}
          type={kind.type ?? "text"}
          inputMode={kind.inputMode}
          maxLength={question.maxLength ?? kind.maxLength ?? TEXT_MAX_LENGTH}
          autoComplete={question.autofill ?? (question.type === "ssn" ? "off" : undefined)}
          spellCheck={kind.spellCheck}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy(id, { help: question.help, error: errors.length > 0 })}
        />
      </div>
      {hint(id, question.help)}
      {errorText(id, errors)}
    </div>
  );
}

/** A text area with the spec's counter, 'Character count: n / limit'; saved on blur. */
function TextareaQuestion({ view }: WidgetProps) {
  const question = view.item as TextareaItem;
  const key = view.key!;
  const value = useAnswer(key);
  const text = typeof value === "string" ? value : "";
  const errors = useErrors(key);
  const id = useId();
  const limit = question.maxLength ?? TEXTAREA_MAX_LENGTH;
  return (
    <div className="field question" data-invalid={errors.length > 0 || undefined}>
      <label className="field-label" htmlFor={key}>{question.label}</label>
      <div className="input-row">
        <textarea
          id={key}
          className="input textarea"
          value={text}
          onChange={(event) => change({ [key]: event.target.value })}
          onBlur={saveOnBlur}
          maxLength={limit}
          rows={question.rows ?? TEXTAREA_ROWS}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy(id, { help: question.help, counter: true, error: errors.length > 0 })}
        />
      </div>
      {hint(id, question.help)}
      <span id={`${id}-counter`} className="field-counter">{`Character count: ${text.length} / ${limit}`}</span>
      {errorText(id, errors)}
    </div>
  );
}

/** The options of a select or radio: its list, or the list its controlling answer picks (state by country). */
function useOptions(view: ViewItem): readonly ResolvedOption[] {
  const options = view.options;
  const controlKeys = useMemo(() => (options?.kind === "byAnswer" ? [options.controlKey] : NONE), [options]);
  return useKeys(controlKeys, (answers) => {
    if (!options) return NO_OPTIONS;
    if (options.kind === "list") return options.options;
    return options.lists[String(answers[options.controlKey] ?? "")] ?? NO_OPTIONS;
  });
}
const NONE: AnswerKey[] = [];
const NO_OPTIONS: ResolvedOption[] = [];

/** The answer and the chosen label in `{key}_desc` (§3). */
const choose = (key: AnswerKey, value: string, options: readonly ResolvedOption[]): Answers => ({
  [key]: value,
  [`${key}_desc`]: options.find((o) => o.value === value)?.label ?? "",
});

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]!);
const optionHtml = new WeakMap<readonly ResolvedOption[], string>();

/**
 * A list's <option> tags, built once per list: React then makes one element of a select, not 250
 * (the page's first render does a select's options as fast as the browser parses them).
 */
function optionTags(options: readonly ResolvedOption[]): string {
  let html = optionHtml.get(options);
  if (html === undefined) {
    html = options.map((o) => `<option value="${escapeHtml(o.value)}">${escapeHtml(o.label)}</option>`).join("");
    optionHtml.set(options, html);
  }
  return html;
}

/**
 * A select: the browser's own. Country and year lists run to 250 choices; a native list opens
 * the phone's own picker, fills from the browser's address autofill and costs nothing until it opens.
 */
function SelectQuestion({ view }: WidgetProps) {
  const question = view.item as SelectItem;
  const key = view.key!;
  const value = useAnswer(key);
  const errors = useErrors(key);
  const options = useOptions(view);
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => change(choose(key, event.target.value, options));
  return (
    <div className="field question" data-invalid={errors.length > 0 || undefined}>
      <label className="field-label" htmlFor={key}>{question.label}</label>
      <div className="input-row select-row">
        <select
          id={key}
          className="input select"
          value={String(value)}
          onChange={onChange}
          onBlur={saveOnBlur}
          autoComplete={question.autofill}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy(id, { help: question.help, error: errors.length > 0 })}
          dangerouslySetInnerHTML={{ __html: `<option value="">${escapeHtml(question.placeholder ?? "Select…")}</option>${optionTags(options)}` }}
        />
      </div>
      {hint(id, question.help)}
      {errorText(id, errors)}
    </div>
  );
}

/** Radio buttons, the browser's own under a labelled radiogroup; a short list of short labels sits in one row. */
function RadioQuestion({ view }: WidgetProps) {
  const question = questionOf(view);
  const key = view.key!;
  const value = useAnswer(key);
  const errors = useErrors(key);
  const options = useOptions(view);
  const id = useId();
  const inline = options.length <= 3 && options.every((o) => o.label.length <= 12);
  return (
    <div
      id={key}
      role="radiogroup"
      className="field question"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy(id, { help: question.help, error: errors.length > 0 })}
      aria-invalid={errors.length > 0 || undefined}
      data-invalid={errors.length > 0 || undefined}
    >
      <span id={`${id}-label`} className="field-label">{question.label}</span>
      <div className={inline ? "choices choices-inline" : "choices"}>
        {options.map((option) => (
          <Choice
            key={option.value}
            type="radio"
            name={key}
            checked={value === option.value}
            onChange={() => change(choose(key, option.value, options))}
            label={option.label}
          />
        ))}
      </div>
      {hint(id, question.help)}
      {errorText(id, errors)}
    </div>
  );
}

/** One tick box: true/false, or "Y"/"N" when the definition says `stores: yesNo`. */
function CheckboxQuestion({ view }: WidgetProps) {
  const question = view.item as CheckboxItem;
  const key = view.key!;
  const value = useAnswer(key);
  const errors = useErrors(key);
  const yesNo = question.stores === "yesNo";
  const id = useId();
  return (
    <div id={key} className="field question" data-invalid={errors.length > 0 || undefined}>
      <Choice
        type="checkbox"
        checked={yesNo ? value === "Y" : value === true}
        onChange={(selected) => change({ [key]: yesNo ? (selected ? "Y" : "N") : selected })}
        label={question.label}
        invalid={errors.length > 0}
        describedBy={describedBy(id, { help: question.help, error: errors.length > 0 })}
      />
      {hint(id, question.help)}
      {errorText(id, errors)}
    </div>
  );
}

/** Several tick boxes under one label, each its own true/false answer. */
function CheckboxesQuestion({ view }: WidgetProps) {
  const question = view.item as CheckboxesItem;
  const keys = view.keys;
  const chosen = useKeys(keys, (answers) => keys.filter((key) => answers[key] === true).join(" "));
  const errors = useErrorsOf(keys);
  const id = useId();
  const selected = new Set(chosen.split(" "));
  return (
    <div
      role="group"
      className="field question"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy(id, { help: question.help })}
      data-invalid={errors.length > 0 || undefined}
    >
      <span id={`${id}-label`} className="field-label">{question.label}</span>
      <div className="choices">
        {question.options.map((option, i) => (
          <Choice
            key={keys[i]}
            id={keys[i]}
            type="checkbox"
            checked={selected.has(keys[i]!)}
            onChange={(on) => change(Object.fromEntries(keys.map((key) => [key, key === keys[i] ? on : selected.has(key)])))}
            label={option.label}
            invalid={errors.length > 0}
            describedBy={describedBy(id, { error: errors.length > 0 })}
          />
        ))}
      </div>
      {hint(id, question.help)}
      {errorText(id, errors)}
    </div>
  );
}

/** The errors of several keys (a checkbox group), merged. */
function useErrorsOf(keys: AnswerKey[]): string[] {
  const validating = useSession((s) => s.web_status === "validating");
  const joined = useAnswers((s) => keys.flatMap((key) => s.errors[key] ?? []).join("\n"));
  return useMemo(() => (!validating || joined === "" ? NONE : [...new Set(joined.split("\n"))]), [validating, joined]);
}

interface ChoiceProps {
  type: "radio" | "checkbox";
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  id?: string;
  name?: string;
  invalid?: boolean;
  describedBy?: string;
}

/** A radio button or tick box: the browser's own input, drawn as the theme's mark beside its label. */
function Choice({ type, label, checked, onChange, id, name, invalid, describedBy }: ChoiceProps) {
  return (
    <label className="choice" data-selected={checked || undefined}>
      <input
        id={id}
        type={type}
        className="choice-input"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      <span className={`choice-mark ${type === "radio" ? "choice-radio" : "choice-box"}`} aria-hidden="true" />
      {label}
    </label>
  );
}

/** Question type → widget. The linter refuses other types; the renderer shows a fallback for them. */
export const widgets: Record<QuestionType, (props: WidgetProps) => ReactNode> = {
  text: TextQuestion,
  email: TextQuestion,
  number: TextQuestion,
  phone: TextQuestion,
  ssn: TextQuestion,
  date: TextQuestion,
  lookup: LookupQuestion,
  textarea: TextareaQuestion,
  select: SelectQuestion,
  radio: RadioQuestion,
  checkbox: CheckboxQuestion,
  checkboxes: CheckboxesQuestion,
  file: FileQuestion,
};
