// What a widget is given, and what the registry (./registry.ts) keeps for each question type.
import type { ReactNode } from "react";
import type { Answers, QuestionType, ViewItem } from "../../engine";
import type { Item } from "../../engine/definition-format";
import { isAnswered } from "../../engine/answers";

type ItemByType = { [I in Item as I["type"]]: I };
/** The definition of a question of type T: TextItem for "text", SelectItem for "select", … */
export type ItemOf<T extends QuestionType> = ItemByType[T];

/** An expanded question whose definition is of type T. */
export interface QuestionView<T extends QuestionType = QuestionType> extends Omit<ViewItem, "item"> {
  item: ItemOf<T>;
}

export interface WidgetProps<T extends QuestionType = QuestionType> {
  view: QuestionView<T>;
  /**
   * Reports the answers the applicant gave. Answers, not one key and value: one choice can set
   * several keys that must change together (a select's `{key}_desc`, a lookup's fills).
   */
  onAnswer: (answers: Answers) => void;
  /** The applicant left an input (a text area is saved then, §4). */
  onBlur: () => void;
}

export interface WidgetEntry<T extends QuestionType> {
  Widget: (props: WidgetProps<T>) => ReactNode;
  /** The answer as the read-only service view prints it. */
  display: (view: QuestionView<T>, answers: Answers) => string;
  /** Whether the question counts as answered (the service view prints only those). */
  isAnswered: (view: QuestionView<T>, answers: Answers) => boolean;
}

/** Most questions keep one answer under their own key and print it as it is. */
export const answerText = (view: Pick<ViewItem, "key">, answers: Answers): string => String(answers[view.key ?? ""]);
export const hasAnswer = (view: Pick<ViewItem, "key">, answers: Answers): boolean => isAnswered(answers[view.key ?? ""]);
