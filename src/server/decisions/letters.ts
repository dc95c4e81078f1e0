// Decision letters (form-definitions/decisions.json): written out for one applicant when a release
// is set, then kept as written (migration 022), and drawn as HTML for the status page. What the
// applicant typed (their name) is filled in as text: Markdown's characters in it are escaped, and
// raw HTML in a letter is shown as text, never as markup (markdown-it's html: false). The PDF of a
// letter (letter-pdf.ts) draws the same parse.
import MarkdownIt, { type Token } from "markdown-it";
import { choiceLabel, fillLetter, longDate, type CompiledForm } from "../../engine/runtime";
import type { Queryable } from "../db/database";
import type { LetterFacts, Written } from "../data/decisions";

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** The letter as HTML, for the applicant's status page. */
export const letterHtml = (letter: string): string => markdown.render(letter);

/** The letter as markdown-it's tokens, for its PDF: what the HTML is drawn from. */
export const letterTokens = (letter: string): Token[] => markdown.parse(letter, {});

/** `text` as Markdown that reads as itself: each of Markdown's punctuation characters escaped. */
const literal = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!<>|~&]/g, "\\$&");

/** The decision of each code: its letter to fill, and the moment its answers close (the end of respondBy's day in the office's time zone). */
export type DecisionsOf = Map<string, { letter: string; respondBy: Date | null; respondByDay: string | null }>;

/** The form's decisions, each answer deadline worked out by the database in the office's time zone. */
export async function decisionsOf(db: Queryable, form: CompiledForm, timeZone: string): Promise<DecisionsOf> {
  const decisions: DecisionsOf = new Map();
  for (const decision of form.decisions) {
    const respondBy = decision.respondBy === undefined ? null
      : (await db.query<{ at: Date }>("SELECT (($1::date + 1)::timestamp AT TIME ZONE $2) AS at", [decision.respondBy, timeZone]))[0]!.at;
    decisions.set(decision.code, { letter: decision.letter, respondBy, respondByDay: decision.respondBy ?? null });
  }
  return decisions;
}

/** The letter of `code` for one applicant, with the moment their answer is due. */
export function writeLetter(form: CompiledForm, decisions: DecisionsOf, code: string, facts: LetterFacts): Written {
  const decision = decisions.get(code);
  if (!decision) throw new Error(`no decision "${code}" in decisions.json`);
  const term = facts.entry_term === null ? "" : choiceLabel(form, "entry_term", facts.entry_term, { entry_term: facts.entry_term }) ?? facts.entry_term;
  const values = {
    first_name: facts.first_name, last_name: facts.last_name, reference: facts.reference, term,
    respond_by: decision.respondByDay === null ? "" : longDate(decision.respondByDay),
  };
  return { letter: fillLetter(decision.letter, (name) => literal(values[name])), respondBy: decision.respondBy };
}
