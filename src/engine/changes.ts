// What a change does to an application, the same in the browser and on the server: answers set, a
// tab chosen, the number of blocks of an add-another group set. Each returns the answers after the
// change, with what it hid or left cleared, and the keys it cleared; the server stores them, the
// browser shows them at once rather than wait for the server's reply.
import { copyAnswers } from "./answers";
import type { Expansion } from "./expand";
import { savesAlone } from "./saves-alone";
import type { AnswerKey, Answers, FormState } from "./types";
import { evaluate } from "./visibility";

type Shape = Pick<Expansion, "gates" | "owners" | "companions" | "tabGroups" | "blockGroups" | "dependents">;

/** The answers after a change, and the keys it cleared (set to ""), sorted. */
export interface Change {
  answers: Answers;
  cleared: AnswerKey[];
}

/**
 * Sets `updates` over `answers`, clearing what they hide and a dependent choice whose list they
 * changed. Answers that control nothing, asked where shown, clear nothing (savesAlone), so the
 * engine need not run over the whole application on each keystroke.
 */
export function applyAnswers(form: Shape, answers: Answers, state: FormState, updates: Answers): Change {
  const merged = Object.assign(copyAnswers(answers), updates);
  if (savesAlone(form, answers, Object.keys(updates))) return { answers: merged, cleared: [] };
  const { answers: after, cleared } = evaluate(form, merged, { tabs: state.tabs, blocks: state.blocks, previous: answersBefore(form, answers, updates) });
  return { answers: after, cleared };
}

/**
 * Chooses `tab` in `group`: the tab shown before (the one chosen, else the one holding answers,
 * else the default) is left, and the answers it lists to clear are cleared. `tabs` is the state's
 * choices with this one.
 */
export function applyTab(form: Shape, answers: Answers, state: FormState, group: string, tab: string): Change & { tabs: Record<string, string> } {
  const previousTabs = evaluate(form, answers, { tabs: state.tabs, blocks: state.blocks }).tabs;
  const tabs = { ...state.tabs, [group]: tab };
  const { answers: after, cleared } = evaluate(form, answers, { tabs, blocks: state.blocks, previousTabs });
  return { answers: after, cleared, tabs };
}

/**
 * Sets the number of blocks of the add-another `group` to `count`: the answers of blocks beyond it
 * are cleared. `blocks` is the state's counts with this one.
 */
export function applyBlocks(form: Shape, answers: Answers, state: FormState, group: string, count: number): Change & { blocks: Record<string, number> } {
  const blocks = { ...state.blocks, [group]: count };
  const { answers: after, cleared } = evaluate(form, answers, { tabs: state.tabs, blocks });
  return { answers: after, cleared, blocks };
}

/**
 * The answers before `updates`, as evaluate's `previous` reads them: a dependent answer changed
 * together with its controlling answer (a chosen school's state with its country) was chosen after
 * it, so it stays.
 */
function answersBefore(form: Pick<Shape, "dependents">, previous: Answers, updates: Answers): Answers {
  let before = previous;
  for (const { key, controlKey } of form.dependents) {
    if (!(key in updates) || !(controlKey in updates)) continue;
    if (before === previous) before = copyAnswers(previous);
    before[controlKey] = updates[controlKey]!;
  }
  return before;
}
