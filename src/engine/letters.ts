// Decision letters' placeholders (form-definitions/decisions.json): what a letter may name, and a
// letter filled for one applicant. The linter checks the names (expand/decisions.ts); the server
// fills them when a release is set (src/server/decisions/letters.ts).

/** What a letter may name, each filled when the decision's release is set. */
export const LETTER_PLACEHOLDERS = ["first_name", "last_name", "reference", "term", "respond_by"] as const;
type LetterPlaceholder = (typeof LETTER_PLACEHOLDERS)[number];

/** `{{name}}`, spaces inside the braces allowed. */
export const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export const isLetterPlaceholder = (name: string): name is LetterPlaceholder => (LETTER_PLACEHOLDERS as readonly string[]).includes(name);

/** A letter with its placeholders filled: `fill` gives each value (the server escapes them for Markdown); anything else in braces stays as written. */
export function fillLetter(letter: string, fill: (name: LetterPlaceholder) => string): string {
  return letter.replace(PLACEHOLDER, (whole, name: string) => (isLetterPlaceholder(name) ? fill(name) : whole));
}
