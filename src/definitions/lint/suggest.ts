// Suggestions for a name or value written slightly wrong: the known ones nearest to it.

/** Edits (insert, delete, replace or swap neighbouring characters) from a to b, case ignored. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[x.length]![y.length]!;
}

/** The known word meant, when one is close enough to be a slip (a third of its letters at most). */
export function closestMatch(written: string, known: readonly string[]): string | undefined {
  let best: { word: string; edits: number } | undefined;
  for (const word of known) {
    const edits = distance(written, word);
    if (edits <= Math.max(1, Math.floor(word.length / 3)) && (!best || edits < best.edits)) best = { word, edits };
  }
  return best?.word;
}

const asked = (match: string | undefined) => (match === undefined ? "" : `; did you mean \`${match}\`?`);

/** `; did you mean \`notIn\`?`, or "" when nothing is close. */
export function didYouMean(written: string, known: readonly string[]): string {
  return asked(closestMatch(written, known));
}

const LISTED = 8;

/** "`Y`, `N`": every value of a short list; of a long one, the few nearest to what was written. */
export function offered(written: string, values: readonly string[]): string {
  const quote = (v: string) => `\`${v}\``;
  if (values.length <= LISTED) return values.map(quote).join(", ");
  const nearest = [...values].sort((a, b) => distance(written, a) - distance(written, b)).slice(0, 3);
  return `${nearest.map(quote).join(", ")} (nearest of ${values.length})`;
}

/** A file's name without its folder and .json: options/us-states.json → us-states. */
export const baseName = (file: string) => file.replace(/^.*\//, "").replace(/\.json$/, "");
/** A name's words, the longer ones without a plural ending: countries-us-first → country, us, first. */
const wordsOf = (file: string) => baseName(file).split(/[-_]/).filter(Boolean).map((word) => (word.length > 3 ? word.replace(/ies$/, "y").replace(/s$/, "") : word));

/**
 * The file meant by a name that does not exist, among the files there are: a slip of the name
 * (the nearest within a third of its letters), else the file sharing most of its words, each
 * word matched as a slip or a plural ("countries" in country-list.json). Among those alike, a
 * file nothing names yet comes first: a renamed file is one. Names are compared without their
 * folder and .json, which every option list shares.
 */
function closestFile(written: string, files: readonly string[], isUnused: (file: string) => boolean): string | undefined {
  const slip = closestMatch(baseName(written), files.map(baseName));
  if (slip !== undefined) return files.find((file) => baseName(file) === slip);
  const ranked = files
    .map((file) => ({
      file,
      shared: wordsOf(written).filter((word) => closestMatch(word, wordsOf(file)) !== undefined).length,
      unused: isUnused(file) ? 1 : 0,
      edits: distance(baseName(written), baseName(file)),
    }))
    .filter((candidate) => candidate.shared > 0)
    .sort((a, b) => b.shared - a.shared || b.unused - a.unused || a.edits - b.edits);
  return ranked[0]?.file;
}

/** `; did you mean \`options/us-states.json\`?` for a file named that does not exist, or "". */
export function didYouMeanFile(written: string, files: readonly string[], isUnused: (file: string) => boolean): string {
  return asked(closestFile(written, files, isUnused));
}
