// What the preview draws around each item (the renderer's ItemFrame): the lint findings about it,
// and, when hidden items are asked for, an item its condition hides, greyed, with the condition
// as a sentence. A hidden item is inert: nothing in it can be typed into or focused.
import { createContext, useContext } from "react";
import { isCycleTerm } from "../../engine/cycle";
import type { Gate } from "../../engine/expand";
import { describeVisibility, type ConditionWords } from "../../engine/describe";
import type { Answers } from "../../engine/runtime";
import { form } from "../form/model";
import type { ItemFrameProps } from "../form/Renderer";
import { useKeys } from "../state/answers";
import { findingsAt, type PreviewFinding } from "./findings";

export interface PreviewItems {
  showHidden: boolean;
  placed: Map<string, PreviewFinding[]>;
}

export const PreviewItemsContext = createContext<PreviewItems>({ showHidden: false, placed: new Map() });

const NO_KEYS: string[] = [];
const always = (_: Answers) => true;

export function PreviewItem({ view, gate, children }: ItemFrameProps) {
  const { showHidden, placed } = useContext(PreviewItemsContext);
  const isShown = useKeys(gate?.condition?.keysRead ?? NO_KEYS, gate?.condition?.test ?? always);
  const findings = findingsAt(placed, view.source);
  const notes = findings.map((finding, i) => (
    <p key={i} className={`preview-note preview-${finding.severity}`} role="note">
      <span className="preview-note-kind">{finding.severity === "error" ? "Error" : "Warning"}:</span> {finding.message}{" "}
      <code>{`${finding.path}:${finding.line}:${finding.column}`}</code>
    </p>
  ));
  if (isShown) return notes.length > 0 ? <div className="preview-flagged">{notes}{children}</div> : children;
  if (!showHidden) return notes.length > 0 ? <div className="preview-flagged">{notes}</div> : null;
  return (
    <div className="preview-hidden">
      {notes}
      <p className="preview-why">Hidden now. {describeVisibility(view.item, conditionWords(gate!))}.</p>
      <div inert>{children}</div>
    </div>
  );
}

/** Keys as the condition writes them (inside a block, without its prefix) named by the form. */
function conditionWords(gate: Gate): ConditionWords {
  const keysRead = gate.condition?.keysRead ?? [];
  const owner = (key: string) => form.owners.get(form.owners.has(key) ? key : keysRead.find((read) => read.endsWith(`_${key}`)) ?? key)?.item;
  return {
    question: (key) => ((owner(key)?.item as { label?: string } | undefined)?.label ?? key),
    value: (key, written) => {
      // { "cycleTerm": true }: this cycle's term, named as the entry term list names it.
      const value = isCycleTerm(written) ? form.institution.cycle?.term : written;
      if (typeof value === "boolean") return value ? "ticked" : "not ticked";
      const options = owner(key)?.options;
      const lists = !options ? [] : options.kind === "list" ? [options.options] : Object.values(options.lists);
      return lists.flat().find((option) => option.value === value)?.label ?? String(value);
    },
  };
}

