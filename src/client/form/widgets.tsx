// One widget per question type (DEFINITIONS.md), on react-aria-components. A widget knows a kind
// of question, never an answer key of this application: it reads its definition (ViewItem), its
// own answer (useAnswer) and its errors (useErrors), and changes answers through change().
import { useId, useMemo, type ChangeEvent, type ReactNode } from "react";
import {
  Checkbox,
  CheckboxGroup,
  FieldError,
  Input,
  Label,
  Radio,
  RadioGroup,
  Text,
  TextArea,
  TextField,
} from "react-aria-components";
import { formatPhone, formatSsn } from "../../engine/format";
import type { AnswerKey, Answers, QuestionType, ResolvedOption, ViewItem } from "../../engine";
import type { CheckboxItem, CheckboxesItem, SelectItem, TextareaItem } from "../../engine/definition-format";
import { useAnswer, useAnswers, useErrors, useKeys } from "../state/answers";
import { saveNow } from "../state/saving";
import { useSession } from "../state/session";
import { change } from "./changes";

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

/** Leaving a field sends what is queued (the text area is saved on blur, §4). */
const saveOnBlur = () => {
  if (useSession.getState().is_logged_in) saveNow().catch(() => {});
};

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
  lookup: {},
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
  const onChange = (input: string) => change({ [key]: kind.format ? kind.format(input) : input });
  return (
    <TextField
      id={key}
      className="field question"
      value={typeof value === "string" ? value : ""}
      onChange={onChange}
      onBlur={saveOnBlur}
      type={kind.type ?? "text"}
      inputMode={kind.inputMode}
      maxLength={question.maxLength ?? kind.maxLength ?? TEXT_MAX_LENGTH}
      autoComplete={question.autofill ?? (question.type === "ssn" ? "off" : undefined)}
      isInvalid={errors.length > 0}
      validationBehavior="aria"
    >
      <Label className="field-label">{question.label}</Label>
      <div className="input-row">
        <Input className="input" spellCheck={kind.spellCheck} />
      </div>
      <Help view={view} note={question.type === "lookup" ? LOOKUP_NOTE : undefined} />
      <FieldError className="field-error">{errors.join(" ")}</FieldError>
    </TextField>
  );
}

const LOOKUP_NOTE = "Type the full name. Searching the list of schools and colleges is coming soon.";

/** A text area with the spec's counter, 'Character count: n / limit'; saved on blur. */
function TextareaQuestion({ view }: WidgetProps) {
  const question = view.item as TextareaItem;
  const key = view.key!;
  const value = useAnswer(key);
  const text = typeof value === "string" ? value : "";
  const errors = useErrors(key);
  const limit = question.maxLength ?? TEXTAREA_MAX_LENGTH;
  return (
    <TextField
      id={key}
      className="field question"
      value={text}
      onChange={(input) => change({ [key]: input })}
      onBlur={saveOnBlur}
      maxLength={limit}
      isInvalid={errors.length > 0}
      validationBehavior="aria"
    >
      <Label className="field-label">{question.label}</Label>
      <div className="input-row">
        <TextArea className="input textarea" rows={question.rows ?? TEXTAREA_ROWS} />
      </div>
      <Help view={view} />
      <Text slot="description" className="field-counter">{`Character count: ${text.length} / ${limit}`}</Text>
      <FieldError className="field-error">{errors.join(" ")}</FieldError>
    </TextField>
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

/**
 * A select: the browser's own, labelled and described like the react-aria fields. Country and
 * year lists run to 250 choices; a native list opens the phone's own picker, fills from the
 * browser's address autofill and costs nothing until it opens.
 */
function SelectQuestion({ view }: WidgetProps) {
  const question = view.item as SelectItem;
  const key = view.key!;
  const value = useAnswer(key);
  const errors = useErrors(key);
  const options = useOptions(view);
  const ids = useId();
  const described = [question.help && `${ids}-help`, errors.length > 0 && `${ids}-error`].filter(Boolean).join(" ");
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
          aria-describedby={described || undefined}
        >
          <option value="">{question.placeholder ?? "Select…"}</option>
          {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </select>
      </div>
      {question.help && <span id={`${ids}-help`} className="field-description">{question.help}</span>}
      {errors.length > 0 && <span id={`${ids}-error`} className="field-error">{errors.join(" ")}</span>}
    </div>
  );
}

/** Radio buttons; a short list of short labels sits in one row. */
function RadioQuestion({ view }: WidgetProps) {
  const question = questionOf(view);
  const key = view.key!;
  const value = useAnswer(key);
  const errors = useErrors(key);
  const options = useOptions(view);
  const inline = options.length <= 3 && options.every((o) => o.label.length <= 12);
  return (
    <RadioGroup
      id={key}
      className="field question"
      value={typeof value === "string" && value !== "" ? value : null}
      onChange={(chosen) => change(choose(key, chosen, options))}
      orientation={inline ? "horizontal" : "vertical"}
      isInvalid={errors.length > 0}
      validationBehavior="aria"
    >
      <Label className="field-label">{question.label}</Label>
      <div className={inline ? "choices choices-inline" : "choices"}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} className="choice">
            <span className="choice-mark choice-radio" aria-hidden="true" />
            {option.label}
          </Radio>
        ))}
      </div>
      <Help view={view} />
      <FieldError className="field-error">{errors.join(" ")}</FieldError>
    </RadioGroup>
  );
}

/** One tick box: true/false, or "Y"/"N" when the definition says `stores: yesNo`. */
function CheckboxQuestion({ view }: WidgetProps) {
  const question = view.item as CheckboxItem;
  const key = view.key!;
  const value = useAnswer(key);
  const errors = useErrors(key);
  const yesNo = question.stores === "yesNo";
  const ids = useId();
  const described = [question.help && `${ids}-help`, errors.length > 0 && `${ids}-error`].filter(Boolean).join(" ");
  return (
    <div id={key} className="field question" data-invalid={errors.length > 0 || undefined}>
      <Checkbox
        className="choice"
        isSelected={yesNo ? value === "Y" : value === true}
        onChange={(selected) => change({ [key]: yesNo ? (selected ? "Y" : "N") : selected })}
        isInvalid={errors.length > 0}
        aria-describedby={described || undefined}
      >
        <span className="choice-mark choice-box" aria-hidden="true" />
        {question.label}
      </Checkbox>
      {question.help && <span id={`${ids}-help`} className="field-description">{question.help}</span>}
      {errors.length > 0 && <span id={`${ids}-error`} className="field-error">{errors.join(" ")}</span>}
    </div>
  );
}

/** Several tick boxes under one label, each its own true/false answer. */
function CheckboxesQuestion({ view }: WidgetProps) {
  const question = view.item as CheckboxesItem;
  const keys = view.keys;
  const chosen = useKeys(keys, (answers) => keys.filter((key) => answers[key] === true).join(" "));
  const errors = useErrorsOf(keys);
  return (
    <CheckboxGroup
      className="field question"
      value={chosen === "" ? [] : chosen.split(" ")}
      onChange={(values) => change(Object.fromEntries(keys.map((key) => [key, values.includes(key)])))}
      isInvalid={errors.length > 0}
      validationBehavior="aria"
    >
      <Label className="field-label">{question.label}</Label>
      <div className="choices">
        {question.options.map((option, i) => (
          <Checkbox key={keys[i]} value={keys[i]!} className="choice" id={keys[i]}>
            <span className="choice-mark choice-box" aria-hidden="true" />
            {option.label}
          </Checkbox>
        ))}
      </div>
      <Help view={view} />
      <FieldError className="field-error">{errors.join(" ")}</FieldError>
    </CheckboxGroup>
  );
}

/** The errors of several keys (a checkbox group), merged. */
function useErrorsOf(keys: AnswerKey[]): string[] {
  const validating = useSession((s) => s.web_status === "validating");
  const joined = useAnswers((s) => keys.flatMap((key) => s.errors[key] ?? []).join("\n"));
  return useMemo(() => (!validating || joined === "" ? NONE : [...new Set(joined.split("\n"))]), [validating, joined]);
}

/** A document upload; the upload itself comes with the documents release. */
function FileQuestion({ view }: WidgetProps) {
  const question = questionOf(view);
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const errors = useErrors(view.key);
  return (
    <div id={view.key} className="field question placeholder-question" data-invalid={errors.length > 0 || undefined}>
      <p className="field-label">{question.label}</p>
      <p className="field-description">
        {isLoggedIn
          ? "Uploading documents opens soon. You will be able to attach this file here before you submit."
          : "This question can be finished once you have created an account."}
      </p>
      {errors.length > 0 && <p className="field-error">{errors.join(" ")}</p>}
    </div>
  );
}

/** The question's hint, as react-aria's description (linked by aria-describedby). */
function Help({ view, note }: { view: ViewItem; note?: ReactNode }) {
  const help = (view.item as { help?: string }).help;
  if (!help && !note) return null;
  return (
    <Text slot="description" className="field-description">
      {help}
      {help && note ? " " : null}
      {note}
    </Text>
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
  lookup: TextQuestion,
  textarea: TextareaQuestion,
  select: SelectQuestion,
  radio: RadioQuestion,
  checkbox: CheckboxQuestion,
  checkboxes: CheckboxesQuestion,
  file: FileQuestion,
};
