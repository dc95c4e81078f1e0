// Every change the form makes to answers, tabs and blocks goes through here: the engine clears
// what a change hides (clear-on-hide, a dependent choice), the change is queued for the server
// (or kept on this device for a visitor), and while validating the errors follow. The queue and
// its timers are the app's saver (state/saver.ts); useChanges binds these to it.
import { useMemo } from "react";
import { evaluateAnswers, validateEvaluation } from "../../engine/form";
import { localToday } from "../../engine/dates";
import { isAnswered } from "../../engine/answers";
import { applyAnswers, applyBlocks, applyTab } from "../../engine/changes";
import type { Answers, FormState } from "../../engine/runtime";
import { api } from "../api/calls";
import { queryClient } from "../api/queries";
import { useAnswers } from "../state/answers";
import { useSaver, type Saver } from "../state/saver";
import { useSession } from "../state/session";
import { toasts } from "../ui/Toasts";
import { form } from "./model";
import { showErrors } from "./steps";
import { loadValidator } from "./validator";

export const TABS_ERROR = "Tabs Error";
export const ADD_ANOTHER_ERROR = "Add Another Error";

const defaultTabs = Object.fromEntries([...form.tabGroups].map(([group, { default: tab }]) => [group, tab]));

/** Chosen tabs and block counts: the applicant's, or for a visitor the default tabs. */
export function formState(): FormState {
  const { tabs, blocks } = useAnswers.getState();
  return useSession.getState().is_logged_in ? { tabs: { ...defaultTabs, ...tabs }, blocks } : { tabs: defaultTabs, blocks };
}

/** Sets answers as the applicant gave them, with everything the engine clears because of them. */
function change(saver: Saver, updates: Answers): void {
  const { answers, assign } = useAnswers.getState();
  const { cleared } = applyAnswers(form, answers, formState(), updates);
  const changed = cleared.length > 0 ? { ...updates, ...Object.fromEntries(cleared.map((key) => [key, ""])) } : updates;
  assign(changed);
  saver.afterChange(changed);
  if (useSession.getState().web_status === "validating") saver.revalidateSoon(revalidate);
}

/** The engine's errors for the answers as they are now (the same rules the server runs). */
export async function revalidate(): Promise<void> {
  const validator = await loadValidator();
  if (useSession.getState().web_status !== "validating") return;
  const evaluation = evaluateAnswers(form, useAnswers.getState().answers, formState());
  showErrors(validateEvaluation({ ...form, validator }, evaluation, localToday()));
}

/** Answers the server cleared (a tab left, a block removed): cleared here, nothing to send. */
function clearLocally(saver: Saver, keys: string[]): void {
  const { answers, assign } = useAnswers.getState();
  const cleared = keys.filter((key) => isAnswered(answers[key]));
  if (cleared.length > 0) assign(Object.fromEntries(cleared.map((key) => [key, ""])));
  if (useSession.getState().web_status === "validating") saver.revalidateSoon(revalidate, 0);
}

/**
 * What choosing a tab came to: chosen (with the documents of the tab left that were kept, not
 * deleted), held back by a document still converting or a failed delete, or failed (toast shown).
 */
export type TabChoice = { outcome: "chosen"; keptDocuments: string[] } | { outcome: "busy" | "failed" };

export interface TabOptions {
  /** Keep the documents of the tab left for an Undo (useTabSwitch deletes them when it is over); else they are deleted first. */
  keepDocuments?: boolean;
  /** Answers to put back once the tab is chosen: an Undo's. */
  restore?: Answers;
}

/** The document questions of a tab: those inside it and those it lists to clear. */
function documentKeys(group: string, tab: string): string[] {
  const left = form.tabGroups.get(group)?.tabs.find((t) => t.id === tab);
  if (!left) return [];
  return [...new Set([...left.keys, ...left.clear])].filter((key) => form.owners.get(key)?.item.item.type === "file");
}

/**
 * Chooses a tab: saved with PUT /api/tabs, which clears the answers listed for the tab
 * left; queued changes go first so none of them lands after the clearing. A document in the tab
 * left must have finished converting and is deleted first (or kept, with keepDocuments); while
 * one converts the tab stays.
 */
async function chooseTab(saver: Saver, group: string, tab: string, groupLabel: string, options: TabOptions = {}): Promise<TabChoice> {
  const before = formState().tabs![group];
  if (before === tab) return { outcome: "chosen", keptDocuments: [] };
  try {
    const documents = before ? documentKeys(group, before) : [];
    let keptDocuments: string[] = [];
    if (documents.length > 0) {
      // The upload machinery loads only for a tab that holds a document question.
      const { deleteDocuments, settledDocuments } = await import("./documents");
      const held = await settledDocuments(documents);
      if (held === "busy") return { outcome: "busy" };
      if (options.keepDocuments) keptDocuments = held;
      else if (!(await deleteDocuments({ saver, change: (updates) => change(saver, updates) }, held))) return { outcome: "busy" };
    }
    await saver.saveNow();
    const reply = await api.chooseTab(group, tab);
    const { cleared, tabs } = applyTab(form, useAnswers.getState().answers, formState(), group, tab);
    useAnswers.setState({ tabs });
    clearLocally(saver, [...cleared, ...reply.cleared]);
    if (options.restore) {
      change(saver, options.restore);
      // Put back here at once; a save that fails is the saver's to retry, not a failed switch.
      await saver.saveNow().catch(() => {});
    }
    return { outcome: "chosen", keptDocuments };
  } catch (error) {
    console.error(error);
    toasts.error(`Error handling tabs for ${groupLabel}`, TABS_ERROR);
    // What a document's conversion and the stored list are is known again from the server.
    void queryClient.invalidateQueries({ queryKey: ["document-answer"] });
    return { outcome: "failed" };
  }
}

/**
 * Sets the number of blocks of an add-another group; fewer blocks clear the
 * removed ones. `failure` is the error toast's text.
 */
async function setBlocks(saver: Saver, group: string, count: number, failure: string): Promise<boolean> {
  try {
    await saver.saveNow();
    const reply = await api.setBlocks(group, count);
    const { cleared, blocks } = applyBlocks(form, useAnswers.getState().answers, formState(), group, count);
    useAnswers.setState({ blocks });
    clearLocally(saver, [...cleared, ...reply.cleared]);
    return true;
  } catch (error) {
    console.error(error);
    toasts.error(failure, ADD_ANOTHER_ERROR);
    return false;
  }
}

/** What the form's questions, tabs and blocks do with answers, through one saver. */
export interface FormChanges {
  saver: Saver;
  /** Sets answers as the applicant gave them, with everything the engine clears because of them. */
  change: (updates: Answers) => void;
  /** Leaving a field sends what is queued (a text area is saved on blur). */
  saveOnBlur: () => void;
  chooseTab: (group: string, tab: string, groupLabel: string, options?: TabOptions) => Promise<TabChoice>;
  setBlocks: (group: string, count: number, failure: string) => Promise<boolean>;
}

export function formChanges(saver: Saver): FormChanges {
  return {
    saver,
    change: (updates) => change(saver, updates),
    saveOnBlur: () => {
      if (useSession.getState().is_logged_in) saver.saveNow().catch(() => {});
    },
    chooseTab: (group, tab, groupLabel, options) => chooseTab(saver, group, tab, groupLabel, options),
    setBlocks: (group, count, failure) => setBlocks(saver, group, count, failure),
  };
}

/** The form's changes through the app's saver; the same functions on every render. */
export function useChanges(): FormChanges {
  const saver = useSaver();
  return useMemo(() => formChanges(saver), [saver]);
}
