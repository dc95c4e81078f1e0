// The applicant's answers, one store for the whole app (ARCHITECTURE: state and speed). A visitor's
// answers live only here (and ride along in navigation state to sign-up and login); a logged-in
// applicant's come from the profile.
import { create } from "zustand";
import { immer } from "zustand/middleware/immer";
import type { AnswerKey, Answers, AnswerValue } from "../../engine";

interface AnswersStore {
  answers: Answers;
  setAnswer: (answerKey: AnswerKey, value: AnswerValue) => void;
  replaceAll: (answers: Answers) => void;
}

export const useAnswers = create<AnswersStore>()(
  immer((set) => ({
    answers: {},
    setAnswer: (answerKey, value) => set((s) => void (s.answers[answerKey] = value)),
    replaceAll: (answers) => set(() => ({ answers })),
  })),
);

/** Whether a visitor has typed anything worth carrying to sign-up. */
export function hasAnswers(answers: Answers): boolean {
  return Object.values(answers).some((value) => value !== "" && value !== undefined);
}
