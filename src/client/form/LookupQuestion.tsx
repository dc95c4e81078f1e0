// The `lookup` widget (DEFINITIONS.md; application-form §4 school choice, §9 lookup): a search as
// you type (./LookupCombo.tsx, a React Aria combo box) that loads once a page shows a lookup, not
// with the page, since a first visit to /about must stay light and its lookups are hidden at first.
// Until then the question is a plain text input that looks the same and stores what is typed the
// same way. The page the server draws ahead (prerender.tsx) shows that input, and React takes it
// over as drawn; when the combo box replaces it, the combo box takes over its focus and caret.
import { useEffect, useId, useLayoutEffect, useRef, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import type { AnswerKey } from "../../engine/runtime";
import type { LookupItem } from "../../engine/generated/definition-format";
import { useAnswer, useAnswers, useErrors } from "../state/answers";
import { change } from "./changes";
import { describedBy, errorText, hint, saveOnBlur } from "./field-parts";
import { LOOKUP_MAX_LENGTH, typedAnswers, useIsUserDriven, USER_DRIVEN_NOTE } from "./lookup";
import type { WidgetProps } from "./widgets";

// Not React.lazy: a lazy component suspends on its first render even once its code is here (the
// input would be replaced twice), and React takes over a Suspense boundary in the prerendered page
// in a later pass than the page around it, possibly after takeover.ts has replayed what was typed
// into it. This switch draws the plain input until the code is here, then the combo box at once.
let LookupCombo: ComponentType<WidgetProps> | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Loads the combo box: once, or again after a failed download (the plain input stays meanwhile). */
export function preloadLookup(): Promise<void> {
  loading ??= import("./LookupCombo").then(
    (module) => {
      LookupCombo = module.LookupCombo;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      loading = undefined;
      console.error("The lookup's search did not load", error);
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const isLoaded = () => LookupCombo !== undefined;
// While prerendering and taking the page over: the plain input, as the server drew it.
const asDrawnAhead = () => false;

export function LookupQuestion({ view }: WidgetProps) {
  const showsCombo = useSyncExternalStore(subscribe, isLoaded, asDrawnAhead);
  // A page that shows a lookup fetches the combo box as it appears.
  useEffect(() => void preloadLookup(), []);
  return showsCombo && LookupCombo ? <LookupCombo view={view} /> : <PlainLookup view={view} />;
}

function PlainLookup({ view }: WidgetProps) {
  const question = view.item as LookupItem;
  const key = view.key!;
  const value = useAnswer(key);
  const errors = useErrors(key);
  const isUserDriven = useIsUserDriven(view);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const element = input.current;
    // Runs while React removes the input, before it leaves the page.
    return () => {
      if (element && document.activeElement === element) handOver(key, element);
    };
  }, [key]);
  const invalid = errors.length > 0;
  return (
    <div className="field question" data-invalid={invalid || undefined}>
      <label className="field-label" htmlFor={key}>{question.label}</label>
      <div className="input-row">
        <input
          ref={input}
          id={key}
          className="input"
          value={typeof value === "string" ? value : ""}
          onChange={(event) => change(typedAnswers(view, event.target.value, useAnswers.getState().answers))}
          onBlur={saveOnBlur}
          maxLength={LOOKUP_MAX_LENGTH}
          autoComplete={question.autofill ?? "off"}
          aria-invalid={invalid || undefined}
          aria-describedby={lookupDescribedBy(id, question, isUserDriven, invalid)}
        />
      </div>
      {lookupParts(id, question, isUserDriven, errors)}
    </div>
  );
}

/** The ids that describe a lookup's input: its hint, the note for a typed school, its errors. */
export const lookupDescribedBy = (id: string, question: LookupItem, isUserDriven: boolean, invalid: boolean) =>
  describedBy(id, { help: question.help, note: isUserDriven, error: invalid });

/** What a lookup shows under its input, the same before and after the combo box loads. */
export function lookupParts(id: string, question: LookupItem, isUserDriven: boolean, errors: string[]): ReactNode {
  return (
    <>
      {hint(id, question.help)}
      {isUserDriven && <span id={`${id}-note`} className="field-description lookup-note">{USER_DRIVEN_NOTE}</span>}
      {errorText(id, errors)}
    </>
  );
}

/** The plain input's caret as the combo box replaced it, by answer key: kept for that one commit. */
const handovers = new Map<AnswerKey, { start: number | null; end: number | null }>();

function handOver(key: AnswerKey, element: HTMLInputElement): void {
  handovers.set(key, { start: element.selectionStart, end: element.selectionEnd });
  queueMicrotask(() => handovers.delete(key));
}

/** Called by the combo box as it replaces the plain input: the focus and caret move to its input. */
export function takeOver(key: AnswerKey, element: HTMLInputElement | null): void {
  const caret = handovers.get(key);
  handovers.delete(key);
  // Unless the focus has gone somewhere else meanwhile.
  if (!caret || !element || (document.activeElement && document.activeElement !== document.body)) return;
  element.focus();
  element.setSelectionRange(caret.start, caret.end);
}
