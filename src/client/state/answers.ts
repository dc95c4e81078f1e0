// The applicant's answers, one store for the whole app (ARCHITECTURE: state and speed), with the
// rest of the form's state: the chosen tab of each group, the block count of each add-another
// group, and the errors shown while validating. A question subscribes to its own key (useAnswer)
// and a condition to the keys it reads (useKeys), so a keystroke re-renders one question.
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { create } from "zustand";
import { isAnswered } from "../../engine/answers";
import type { AnswerKey, Answers, AnswerValue, ValidationErrors } from "../../engine/runtime";
import { useSession } from "./session";

interface AnswersStore {
  answers: Answers;
  /** Tab group id → chosen tab id (logged in; visitors see the default tab). */
  tabs: Record<string, string>;
  /** Add-another group id → number of blocks (logged in; visitors have one). */
  blocks: Record<string, number>;
  /** Errors shown on questions and in the summary; filled only while validating. */
  errors: ValidationErrors;
  /**
   * Answers given that the form now refuses (its definitions changed since: an option removed, a
   * limit lowered), shown on their questions whether or not the applicant is validating, until
   * the answer changes (GET /api/profile's attention).
   */
  attention: ValidationErrors;
  /** Sets answers as they are: the form's own changes go through form/changes.ts. */
  assign: (answers: Answers) => void;
  /** New answers (a profile, a saved set) and what of them needs attention: errors go, tabs and blocks stay. */
  replaceAll: (answers: Answers, attention?: ValidationErrors) => void;
  /** Logout: nothing of the last applicant stays. */
  reset: () => void;
}

export const useAnswers = create<AnswersStore>()((set, get) => ({
  answers: {},
  tabs: {},
  blocks: {},
  errors: {},
  attention: {},
  // The same object when nothing changes (the per-key listeners below rely on it).
  assign: (answers) => {
    const { answers: current, attention } = get();
    if (!Object.keys(answers).some((key) => current[key] !== answers[key])) return;
    // A changed answer needs no attention for what it was.
    const kept = { ...attention };
    for (const key in answers) if (current[key] !== answers[key]) delete kept[key];
    set({ answers: { ...current, ...answers }, attention: kept });
  },
  replaceAll: (answers, attention = {}) => set({ answers, errors: {}, attention }),
  reset: () => set({ answers: {}, tabs: {}, blocks: {}, errors: {}, attention: {} }),
}));

/** Whether a visitor has typed anything worth carrying to sign-up: a box ticked and unticked again is not. */
export function hasAnswers(answers: Answers): boolean {
  return Object.values(answers).some((value) => isAnswered(value) && value !== false);
}

// Per-key subscriptions: one store listener compares the keys someone listens to and wakes only
// the components whose keys changed.
const listeners = new Map<AnswerKey, Set<() => void>>();
let seen = useAnswers.getState().answers;
useAnswers.subscribe(({ answers }) => {
  if (answers === seen) return;
  const before = seen;
  seen = answers;
  for (const [key, set] of listeners) {
    if (before[key] !== answers[key]) for (const listener of set) listener();
  }
});

function subscribeKeys(keys: readonly AnswerKey[], listener: () => void): () => void {
  for (const key of keys) {
    let set = listeners.get(key);
    if (!set) listeners.set(key, (set = new Set()));
    set.add(listener);
  }
  return () => {
    for (const key of keys) {
      const set = listeners.get(key)!;
      set.delete(listener);
      if (set.size === 0) listeners.delete(key);
    }
  };
}

/** The answer to `key` in the store now ("" for none). */
const answerNow = (key: AnswerKey): AnswerValue => useAnswers.getState().answers[key] ?? "";

/** One answer; re-renders only when that answer changes. */
export function useAnswer(key: AnswerKey): AnswerValue {
  const subscribe = useCallback((listener: () => void) => subscribeKeys([key], listener), [key]);
  const snapshot = () => answerNow(key);
  // The same snapshot while hydrating: a prerendered page is taken over only with no answers yet (main.tsx).
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * One answer followed without re-rendering: returns the answer as the component is drawn, and
 * `apply` gets it each time it changes after that. A one-line input keeps what is typed itself and
 * takes only what the store changes (a mask, a restored or cleared answer), so a keystroke renders
 * no component at all. `apply` must be stable.
 */
export function useAnswerEffect(key: AnswerKey, apply: (value: AnswerValue) => void): AnswerValue {
  const drawn = answerNow(key);
  // After the paint, as useSyncExternalStore subscribes: a page's first render pays nothing more.
  useEffect(() => {
    const update = () => apply(answerNow(key));
    // Only an answer changed since the drawing is applied here, never the drawing's own: what was
    // typed into a prerendered page before React took it over stays for takeover.ts to replay.
    if (answerNow(key) !== drawn) update();
    return subscribeKeys([key], update);
  }, [key, apply, drawn]);
  return drawn;
}

/**
 * A value computed from some answers (a condition, a dependent option list); re-renders only when
 * one of `keys` changes and the value with it. `keys` must be a stable array.
 */
export function useKeys<T>(keys: readonly AnswerKey[], read: (answers: Answers) => T): T {
  const subscribe = useCallback((listener: () => void) => subscribeKeys(keys, listener), [keys]);
  const snapshot = () => read(useAnswers.getState().answers);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

const NO_ERRORS: string[] = [];
/** The errors shown on one question: while validating, and those of an answer that needs attention. */
export function useErrors(key: AnswerKey | undefined): string[] {
  const validating = useSession((s) => s.web_status === "validating");
  const errors = useAnswers((s) => (key && s.errors[key]) || NO_ERRORS);
  const attention = useAnswers((s) => (key && s.attention[key]) || NO_ERRORS);
  return validating && errors.length > 0 ? errors : attention;
}
