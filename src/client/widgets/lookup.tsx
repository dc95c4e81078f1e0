// The `lookup` widget: a search as
// you type (./LookupCombo.tsx, a React Aria combo box) that loads once a page shows a school's
// lookup, not with the page, since a first visit to /about must stay light and its school lookups
// are hidden at first. An address's first line (category `address`) is on /about at first, in
// every address block: its combo box loads when the pointer comes over the input or it takes the focus.
// Until then the question is a plain text input that looks the same and stores what is typed the
// same way. The page the server draws ahead (prerender.tsx) shows that input, and React takes it
// over as drawn; when the combo box replaces it, the combo box takes over its focus and caret.
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from "react";
import { useAnswers } from "../state/answers";
import { LOOKUP_MAX_LENGTH, typedAnswers, useIsUserDriven } from "../form/lookup";
import { handOver, lookupNote } from "./lookup-parts";
import { QuestionFrame } from "./QuestionFrame";
import { hasAnswer, useQuestion, type WidgetEntry, type WidgetProps } from "./widget";

// Not React.lazy: a lazy component suspends on its first render even once its code is here (the
// input would be replaced twice), and React takes over a Suspense boundary in the prerendered page
// in a later pass than the page around it, possibly after takeover.ts has replayed what was typed
// into it. This switch draws the plain input until the code is here, then the combo box at once.
let LookupCombo: ((props: WidgetProps<"lookup">) => ReactNode) | undefined;
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

function LookupQuestion(props: WidgetProps<"lookup">) {
  const showsCombo = useSyncExternalStore(subscribe, isLoaded, asDrawnAhead);
  // A page that shows a school's lookup fetches the combo box as it appears.
  const isAddress = props.view.item.category === "address";
  useEffect(() => {
    if (!isAddress) void preloadLookup();
  }, [isAddress]);
  return showsCombo && LookupCombo ? <LookupCombo {...props} /> : <PlainLookup {...props} />;
}

function PlainLookup({ view, onAnswer, onBlur }: WidgetProps<"lookup">) {
  const question = view.item;
  const { key, value, errors, id } = useQuestion(view);
  const isUserDriven = useIsUserDriven(view);
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
    <QuestionFrame id={id} answerKey={key} label={question.label} help={question.help} note={lookupNote(isUserDriven)} errors={errors} labels="input">
      {(describedBy) => (
        <div className="input-row">
          <input
            ref={input}
            id={key}
            className="input"
            value={typeof value === "string" ? value : ""}
            onChange={(event) => onAnswer(typedAnswers(view, event.target.value, useAnswers.getState().answers))}
            onBlur={onBlur}
            onFocus={() => void preloadLookup()}
            onPointerEnter={() => void preloadLookup()}
            maxLength={question.maxLength ?? LOOKUP_MAX_LENGTH}
            autoComplete={question.autofill ?? "off"}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
        </div>
      )}
    </QuestionFrame>
  );
}

export const lookup: WidgetEntry<"lookup"> = {
  Widget: LookupQuestion,
  display: (view, answers) => {
    const value = String(answers[view.key ?? ""]);
    const code = view.fills?.ceeb ? answers[view.fills.ceeb] : undefined;
    return code ? `${value} (Ceeb: ${String(code)})` : value;
  },
  isAnswered: hasAnswer,
};
