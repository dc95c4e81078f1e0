// Switching tabs loses nothing by a slip: leaving a tab whose essay is written or whose document
// is attached asks first, and after the switch the toast offers Undo for 10 seconds, which
// chooses the tab again and puts back what the switch cleared. The documents of the tab left are
// kept until the Undo is over (the toast closes, another switch of the group, or the page is
// left) and deleted then; should the browser close first, their answers are cleared already and
// the server's sweep removes them a day later. React Aria's toasts stop their clock while hovered
// or focused (F8), so the 10 seconds are not a race for a keyboard or screen-reader user.
// This module loads with a group's first choice (Renderer's TabGroup draws the tabs without it):
// most pages have no tabs.
import { useCallback, useEffect, useEffectEvent, useRef, useState, type ReactNode } from "react";
import type { TabsItem } from "../../engine/generated/definition-format";
import { isAnswered } from "../../engine/answers";
import type { Answers } from "../../engine/runtime";
import { useAnswers } from "../state/answers";
import { useSession } from "../state/session";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { LazyModal } from "../ui/lazy";
import { toasts } from "../ui/Toasts";
import { useChanges } from "./changes";
import { form } from "./model";

export const UNDO_MS = 10_000;
export const TAB_SWITCH_LABEL = "Tab Switch Notification";

/** What leaving a tab deletes, as the question names it. */
type Loss = "essay" | "document" | "answers";

/** What leaving `tab` of `group` would delete: its document, its essay, its answers, or nothing. */
export function whatLeavingDeletes(group: string, tab: string, answers: Answers): Loss | undefined {
  const left = form.tabGroups.get(group)?.tabs.find((t) => t.id === tab);
  const answered = [...new Set([...(left?.keys ?? []), ...(left?.clear ?? [])])].filter((key) => isAnswered(answers[key]));
  if (answered.length === 0) return undefined;
  const items = answered.map((key) => form.owners.get(key)?.item.item);
  if (items.some((item) => item?.type === "file")) return "document";
  return items.every((item) => item?.type === "textarea" && item.essay) ? "essay" : "answers";
}

/** One switch whose Undo is still offered. */
interface Undoable {
  toastKey: string;
  /** The tab left, chosen again by Undo. */
  left: string;
  /** The answers the switch cleared. */
  restore: Answers;
  /** Documents of the tab left, kept for the Undo and deleted when it is over. */
  documents: string[];
  username: string | null;
  isOver: boolean;
}

/**
 * The tab group's switching: `choose(tab)` asks first when the tab left holds something, then
 * switches and offers Undo. `dialogs` are the confirmation and 'File Upload in Progress'.
 * `focusTab` moves the focus to a tab's button (after an Undo, whose toast button goes away).
 */
export function useTabSwitch(item: TabsItem, label: string, focusTab: (tab: string) => void): { choose: (tab: string) => void; dialogs: ReactNode } {
  const changes = useChanges();
  const [asked, setAsked] = useState<{ tab: string; loss: Loss }>();
  const [isAsking, setAsking] = useState(false);
  const [isUploading, setUploading] = useState(false);
  const last = useRef<Undoable | null>(null);

  /** Ends an Undo: its toast goes and the documents it kept are deleted. */
  const end = useCallback(async (undo: Undoable) => {
    if (undo.isOver) return;
    undo.isOver = true;
    if (last.current === undo) last.current = null;
    toasts.close(undo.toastKey);
    const { is_logged_in, username } = useSession.getState();
    // After a logout nothing is sent: the answers are cleared on the server, and its sweep removes the files.
    if (undo.documents.length === 0 || !is_logged_in || username !== undo.username) return;
    const { deleteDocuments } = await import("./documents");
    await deleteDocuments(changes, undo.documents);
  }, [changes]);

  // The page is left: the Undo is over.
  useEffect(() => () => {
    if (last.current) void end(last.current);
  }, [end]);

  const currentTab = () => useAnswers.getState().tabs[item.id] ?? item.default;

  const undoSwitch = async (undo: Undoable) => {
    if (undo.isOver) return;
    undo.isOver = true;
    last.current = null;
    toasts.close(undo.toastKey);
    const choice = await changes.chooseTab(item.id, undo.left, label, { restore: undo.restore });
    if (choice.outcome === "busy") setUploading(true);
    if (choice.outcome === "chosen") focusTab(undo.left);
    else if (undo.documents.length > 0) {
      // The switch stands: what it kept goes as it would have.
      undo.isOver = false;
      await end(undo);
    }
  };

  const switchTo = async (tab: string, loss: Loss | undefined) => {
    if (last.current) await end(last.current);
    const left = currentTab();
    const before = useAnswers.getState().answers;
    const choice = await changes.chooseTab(item.id, tab, label, { keepDocuments: true });
    if (choice.outcome === "busy") setUploading(true);
    if (choice.outcome !== "chosen") return;
    const after = useAnswers.getState().answers;
    const restore = Object.fromEntries(Object.entries(before).filter(([key, value]) => isAnswered(value) && !isAnswered(after[key])));
    if (Object.keys(restore).length === 0 && choice.keptDocuments.length === 0) return;
    const undo: Undoable = { toastKey: "", left, restore, documents: choice.keptDocuments, username: useSession.getState().username, isOver: false };
    const tabLabel = item.tabs.find((t) => t.id === tab)?.label ?? tab;
    undo.toastKey = toasts.offer(
      {
        title: `Switched to ${tabLabel}`,
        message: `Your ${loss ?? "document"} was deleted.`,
        label: TAB_SWITCH_LABEL,
        action: { label: "Undo", onAction: () => void undoSwitch(undo) },
      },
      { timeout: UNDO_MS, onClose: () => void end(undo) },
    );
    last.current = undo;
  };

  const choose = (tab: string) => {
    const loss = whatLeavingDeletes(item.id, currentTab(), useAnswers.getState().answers);
    if (!loss) return void switchTo(tab, loss);
    setAsked({ tab, loss });
    setAsking(true);
  };

  const dialogs = (
    <>
      <ConfirmDialog
        title="Switch Tabs"
        role="alertdialog"
        isOpen={isAsking}
        onOpenChange={setAsking}
        confirmLabel="Switch"
        onConfirm={() => {
          if (asked) void switchTo(asked.tab, asked.loss);
        }}
      >
        Switching will delete your {asked?.loss}. Switch anyway?
      </ConfirmDialog>
      <LazyModal title="File Upload in Progress" role="alertdialog" isOpen={isUploading} onOpenChange={setUploading}>
        <p>Please wait until the file upload has completed.</p>
      </LazyModal>
    </>
  );
  return { choose, dialogs };
}

/**
 * The switching of one tab group, mounted at its first choice and kept: carries out each
 * `request` (a new object per choice) once, and draws the switch's dialogs.
 */
export function TabSwitch({ item, label, focusTab, request }: { item: TabsItem; label: string; focusTab: (tab: string) => void; request: { tab: string } }) {
  const { choose, dialogs } = useTabSwitch(item, label, focusTab);
  const carriedOut = useRef<{ tab: string }>(undefined);
  const carryOut = useEffectEvent((tab: string) => choose(tab));
  useEffect(() => {
    if (carriedOut.current === request) return;
    carriedOut.current = request;
    carryOut(request.tab);
  }, [request]);
  return dialogs;
}
