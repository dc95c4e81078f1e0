// The preview's saver: answers stay in the page's memory. Nothing is sent, nothing is kept on the
// device (a visitor's answers would go to localStorage, state/saver.ts), so trying the form never
// writes anywhere; errors still follow the answers while the preview shows them.
import { createStore } from "zustand/vanilla";
import type { SaveProgress, Saver } from "../state/saver";

const REVALIDATE_DELAY_MS = 300;

export function createMemorySaver(): Saver {
  let validateTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    status: createStore<SaveProgress>()(() => ({ status: "saved" })),
    conversionPollMs: 2000,
    unsavedChanges: () => ({}),
    recordChanges: () => {},
    afterChange: () => {},
    saveNow: () => Promise.resolve(),
    revalidateSoon: (revalidate, delay = REVALIDATE_DELAY_MS) => {
      clearTimeout(validateTimer);
      validateTimer = setTimeout(() => void revalidate(), delay);
    },
    forgetStoredAnswers: () => {},
    dispose: () => clearTimeout(validateTimer),
  };
}
