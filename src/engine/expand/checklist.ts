// The institution's checklist (institution.json "checklist"): what the office needs from an
// applicant once they have submitted, as their status page lists it. An item's condition is
// compiled as a page item's is ({ "cycleTerm": true } read as the cycle's term, the keys it reads
// listed for the linter), and an item received by an upload must name a file question. An item
// the applicant may upload from the status page ("upload": true) keeps its file under its own id,
// which no question may have for its key.
import { compileCondition, comparisons } from "../conditions";
import { mentionsCycleTerm, withCycleTerm } from "../cycle";
import type { Condition } from "../generated/definition-format";
import type { AnswerKey, Source } from "../types";
import { report, type Expander } from "./expansion";

const FILE = "institution.json";

/** After the walk: a document item names a question that any page may ask. */
export function expandChecklist(x: Expander): void {
  const { checklist = [], cycle } = x.files.institution.institution;
  const firstOf = new Map<string, string>();
  checklist.forEach((item, i) => {
    const source = { file: FILE, pointer: `/institution/checklist/${i}` };
    const first = firstOf.get(item.id);
    if (first) {
      report(x, "duplicate-id", `checklist item "${item.id}" is listed twice (first at ${first}); give each item an id of its own`, { file: FILE, pointer: `${source.pointer}/id` }, { file: FILE, pointer: first });
    } else firstOf.set(item.id, `${source.pointer}/id`);
    if (item.showWhen && item.hideWhen) report(x, "both-conditions", "a checklist item takes hideWhen or showWhen, not both", source);
    const which = item.showWhen ? "showWhen" : "hideWhen";
    const asWritten = item.showWhen ?? item.hideWhen;
    if (cycle === undefined && mentionsCycleTerm(asWritten)) {
      report(x, "no-cycle", `{ "cycleTerm": true } means the cycle's term, but form-definitions/institution.json has no "cycle"`, { file: FILE, pointer: `${source.pointer}/${which}` });
    }
    const shown = withCycleTerm(asWritten, cycle?.term);
    for (const { comparison, pointer } of comparisons(shown ?? { all: [] }, `${source.pointer}/${which}`)) {
      x.out.references.push({ key: comparison.key, kind: "condition", source: { file: FILE, pointer }, comparison });
    }
    if (item.document !== undefined) checkDocument(x, item.id, item.document, { file: FILE, pointer: `${source.pointer}/document` });
    if (item.upload) checkUpload(x, item.id, item.document !== undefined, source);
    // hideWhen is kept as its opposite, as a gate keeps it: listed while this holds.
    const written: Condition | undefined = item.showWhen ? shown : shown && { not: shown };
    x.out.checklist.push({
      id: item.id, label: item.label, source,
      ...(item.help !== undefined && { help: item.help }),
      ...((item.document ?? (item.upload && item.id)) && { document: item.document ?? item.id }),
      ...(written && { condition: compileCondition(written, (key) => key) }),
    });
  });
}

function checkDocument(x: Expander, id: string, key: AnswerKey, source: Source) {
  const owner = x.out.owners.get(key);
  if (!owner) {
    report(x, "checklist-document", `checklist item "${id}" waits for the upload of "${key}", which no page asks for; name a file question's key`, source);
  } else if (owner.item.item.type !== "file") {
    report(x, "checklist-document", `checklist item "${id}" waits for the upload of "${key}", a ${owner.item.item.type} question on page "${owner.page}"; name a file question's key`, source);
  }
}

function checkUpload(x: Expander, id: string, hasDocument: boolean, source: Source) {
  if (hasDocument) {
    report(x, "checklist-document", `checklist item "${id}" takes "upload" or "document", not both: a document item's upload is its question's already`, { ...source, pointer: `${source.pointer}/upload` });
  } else if (x.out.owners.has(id)) {
    report(x, "checklist-document", `checklist item "${id}" keeps its upload under its id, which is also the key of a question on page "${x.out.owners.get(id)!.page}"; give the item another id`, { ...source, pointer: `${source.pointer}/id` });
  }
}
