// What a widget is given, and what the registry (./registry.ts) keeps for each question type.
// One widget per question type. A widget knows a kind of question, never an
// answer key of this application: it reads its definition (view.item), its own answer and errors (useQuestion),
// and reports what the applicant gives through onAnswer.
// The widgets are the browser's own inputs, labelled and described by hand (docs/choices.md:
// the form's widgets): a page holds a hundred of them and a keystroke re-renders at most one
// (a one-line input, none: it keeps what is typed itself, widgets/text.tsx).
// The lookup is the exception: a React Aria combo box, loaded once a page shows one (./lookup.tsx).
import { useId, type ReactNode } from "react";
import type { Answers, CompiledForm, ItemByType, QuestionType, ViewItem } from "../../engine/runtime";
import { isAnswered } from "../../engine/answers";
import { useAnswer, useErrors } from "../state/answers";

/** An expanded question whose definition is of type T: TextItem for "text", SelectItem for "select", … */
export interface QuestionView<T extends QuestionType = QuestionType> extends Omit<ViewItem, "item"> {
  item: ItemByType[T];
}

export interface WidgetProps<T extends QuestionType = QuestionType> {
  view: QuestionView<T>;
  /**
   * Reports the answers the applicant gave. Answers, not one key and value: one choice can set
   * several keys that must change together (a select's `{key}_desc`, a lookup's fills).
   */
  onAnswer: (answers: Answers) => void;
  /** The applicant left an input (a text area is saved then). */
  onBlur: () => void;
}

export interface WidgetEntry<T extends QuestionType> {
  Widget: (props: WidgetProps<T>) => ReactNode;
  /** The answer as the read-only service view prints it, with the form (of the application's version) it is drawn with. */
  display: (view: QuestionView<T>, answers: Answers, form: CompiledForm) => string;
  /** Whether the question counts as answered (the service view prints only those). */
  isAnswered: (view: QuestionView<T>, answers: Answers) => boolean;
}

/** Most questions keep one answer under their own key and print it as it is. */
export const answerText = (view: Pick<ViewItem, "key">, answers: Answers): string => String(answers[view.key ?? ""]);
export const hasAnswer = (view: Pick<ViewItem, "key">, answers: Answers): boolean => isAnswered(answers[view.key ?? ""]);

/** What a widget reads of its question: its answer key, its answer, its errors, and the id its parts are named by. */
export function useQuestion(view: Pick<ViewItem, "key">) {
  const key = view.key!;
  return { key, value: useAnswer(key), errors: useErrors(key), id: useId() };
}
