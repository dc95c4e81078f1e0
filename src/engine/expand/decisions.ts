// The decisions (form-definitions/decisions.json): what the office may record on a submitted
// application, each with the letter its applicant reads once released. A letter may name only
// the placeholders a letter is filled with (../letters.ts), {{respond_by}} only when the
// decision asks for an answer by a day; a code is listed once.
import { isLetterPlaceholder, LETTER_PLACEHOLDERS, PLACEHOLDER } from "../letters";
import type { Source } from "../types";
import { report, type Expander } from "./expansion";

const FILE = "decisions.json";

export function expandDecisions(x: Expander): void {
  const firstOf = new Map<string, string>();
  (x.files.decisions?.decisions ?? []).forEach((decision, i) => {
    const pointer = `/decisions/${i}`;
    const first = firstOf.get(decision.code);
    if (first) {
      report(x, "duplicate-id", `decision "${decision.code}" is listed twice (first at ${first}); give each decision a code of its own`, { file: FILE, pointer: `${pointer}/code` }, { file: FILE, pointer: first });
    } else firstOf.set(decision.code, `${pointer}/code`);
    decision.letter.forEach((line, j) => checkPlaceholders(x, decision.code, line, decision.respondBy !== undefined, { file: FILE, pointer: `${pointer}/letter/${j}` }));
    x.out.decisions.push({
      code: decision.code, label: decision.label, letter: decision.letter.join("\n"), source: { file: FILE, pointer },
      ...(decision.respondBy !== undefined && { respondBy: decision.respondBy }),
    });
  });
}

function checkPlaceholders(x: Expander, code: string, line: string, asksAnswer: boolean, source: Source) {
  for (const [, name] of line.matchAll(PLACEHOLDER)) {
    if (!isLetterPlaceholder(name!)) {
      report(x, "decision-letter", `the letter of "${code}" names {{${name}}}, which no letter is filled with; use ${LETTER_PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ")}`, source);
    } else if (name === "respond_by" && !asksAnswer) {
      report(x, "decision-letter", `the letter of "${code}" names {{respond_by}}, but "${code}" has no "respondBy" day; add one, or take the placeholder out`, source);
    }
  }
}
