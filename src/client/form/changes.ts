// Every change the form makes to answers, tabs and blocks goes through here: the engine clears
// what a change hides (clear-on-hide, a dependent choice), the change is queued for the server
// (or kept on this device for a visitor), and while validating the errors follow.
import { evaluateAnswers, validateEvaluation } from "../../engine/form";
import { localToday } from "../../engine/dates";
import { answersBefore } from "../../engine/visibility";
import type { Answers, FormState } from "../../engine/runtime";
import { api } from "../api/calls";
import { queryClient } from "../api/queries";
import { useAnswers } from "../state/answers";
import { keepVisitorAnswers, recordChanges, saveNow } from "../state/saving";
import { useSession } from "../state/session";
import { toasts } from "../ui/Toasts";
import { form, reactiveKeys } from "./model";
import { showErrors } from "./steps";
import { loadValidator } from "./validator";

export const TABS_ERROR = "Tabs Error";
export const ADD_ANOTHER_ERROR = "Add Another Error";

const defaultTabs = Object.fromEntries([...form.tabGroups].map(([group, { default: tab }]) => [group, tab]));

/** Chosen tabs and block counts: the applicant's, or for a visitor the default tabs (§6). */
export function formState(): FormState {
  const { tabs, blocks } = useAnswers.getState();
  return useSession.getState().is_logged_in ? { tabs: { ...defaultTabs, ...tabs }, blocks } : { tabs: defaultTabs, blocks };
}

/** Sets answers as the applicant gave them, with everything the engine clears because of them. */
export function change(updates: Answers): void {
  const { answers: previous, assign } = useAnswers.getState();
  let changed = updates;
  if (Object.keys(updates).some((key) => reactiveKeys.has(key))) {
    const { cleared } = evaluateAnswers(form, { ...previous, ...updates }, { ...formState(), previous: answersBefore(form, previous, updates) });
    if (cleared.length > 0) changed = { ...updates, ...Object.fromEntries(cleared.map((key) => [key, ""])) };
  }
  assign(changed);
  afterChange(changed);
}

/** Answers changed here or by the server: queue or keep them, and refresh the errors. */
function afterChange(changes: Answers): void {
  if (useSession.getState().is_logged_in) recordChanges(changes);
  else keepVisitor();
  if (useSession.getState().web_status === "validating") revalidateSoon();
}

let visitorTimer: ReturnType<typeof setTimeout> | undefined;
function keepVisitor(): void {
  clearTimeout(visitorTimer);
  visitorTimer = setTimeout(keepVisitorNow, 250);
}
function keepVisitorNow(): void {
  clearTimeout(visitorTimer);
  visitorTimer = undefined;
  keepVisitorAnswers(useAnswers.getState().answers);
}
// A reload, a closed tab or a phone putting the page away within those 250 ms keeps the last keystrokes.
if (typeof window !== "undefined") {
  const flush = () => void (visitorTimer !== undefined && keepVisitorNow());
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => void (document.visibilityState === "hidden" && flush()));
}

let validateTimer: ReturnType<typeof setTimeout> | undefined;
/** Errors follow the answers a moment after typing stops, not on every keystroke. */
export function revalidateSoon(delay = 300): void {
  clearTimeout(validateTimer);
  validateTimer = setTimeout(() => void revalidate(), delay);
}

/** The engine's errors for the answers as they are now (the same rules the server runs). */
export async function revalidate(): Promise<void> {
  const validator = await loadValidator();
  if (useSession.getState().web_status !== "validating") return;
  const evaluation = evaluateAnswers(form, useAnswers.getState().answers, formState());
  showErrors(validateEvaluation({ ...form, validator }, evaluation, localToday()));
}

/** Answers the server cleared (a tab left, a block removed): cleared here, nothing to send. */
function clearLocally(keys: string[]): void {
  const { answers, assign } = useAnswers.getState();
  const cleared = keys.filter((key) => answers[key] !== undefined && answers[key] !== "");
  if (cleared.length > 0) assign(Object.fromEntries(cleared.map((key) => [key, ""])));
  if (useSession.getState().web_status === "validating") revalidateSoon(0);
}

/** What choosing a tab came to: chosen, held back by a document still converting, or failed (toast shown). */
export type TabChoice = "chosen" | "busy" | "failed";

/** The document questions of a tab: those inside it and those it lists to clear. */
function documentKeys(group: string, tab: string): string[] {
  const left = form.tabGroups.get(group)?.tabs.find((t) => t.id === tab);
  if (!left) return [];
  return [...new Set([...left.keys, ...left.clear])].filter((key) => form.owners.get(key)?.item.item.type === "file");
}

/**
 * Chooses a tab (§4 tabs): saved with PUT /api/tabs, which clears the answers listed for the tab
 * left; queued changes go first so none of them lands after the clearing. A document in the tab
 * left must have finished converting and is deleted first; while one converts the tab stays.
 */
export async function chooseTab(group: string, tab: string, groupLabel: string): Promise<TabChoice> {
  const before = formState().tabs![group];
  if (before === tab) return "chosen";
  try {
    const documents = before ? documentKeys(group, before) : [];
    if (documents.length > 0) {
      // The upload machinery loads only for a tab that holds a document question.
      const { releaseDocuments } = await import("./documents");
      if ((await releaseDocuments(documents)) === "busy") return "busy";
    }
    await saveNow();
    const reply = await api.chooseTab(group, tab);
    const tabs = { ...useAnswers.getState().tabs, [group]: tab };
    const { cleared } = evaluateAnswers(form, useAnswers.getState().answers, { tabs, blocks: useAnswers.getState().blocks, previousTabs: formState().tabs });
    useAnswers.setState({ tabs });
    clearLocally([...cleared, ...reply.cleared]);
    return "chosen";
  } catch (error) {
    console.error(error);
    toasts.error(`Error handling tabs for ${groupLabel}`, TABS_ERROR);
    // What a document's conversion and the stored list are is known again from the server.
    void queryClient.invalidateQueries({ queryKey: ["document-answer"] });
    return "failed";
  }
}

/**
 * Sets the number of blocks of an add-another group (§4 add another); fewer blocks clear the
 * removed ones. `failure` is the error toast's text.
 */
export async function setBlocks(group: string, count: number, failure: string): Promise<boolean> {
  try {
    await saveNow();
    const reply = await api.setBlocks(group, count);
    const blocks = { ...useAnswers.getState().blocks, [group]: count };
    const { cleared } = evaluateAnswers(form, useAnswers.getState().answers, { tabs: formState().tabs, blocks });
    useAnswers.setState({ blocks });
    clearLocally([...cleared, ...reply.cleared]);
    return true;
  } catch (error) {
    console.error(error);
    toasts.error(failure, ADD_ANOTHER_ERROR);
    return false;
  }
}
