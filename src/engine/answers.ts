import type { Answers } from "./types";

/** Whether a question counts as answered for conditions, gates and tabs: anything but missing or "". */
export const isAnswered = (value: unknown): boolean => value !== undefined && value !== "";

/**
 * A copy of an answer set that can be changed. A complete application has some 250 keys, and
 * V8 keeps objects with over 128 in dictionary mode, where `{ ...answers }` is slow;
 * copying key by key is several times quicker (and quick for small sets either way).
 */
export function copyAnswers(answers: Answers): Answers {
  const copy: Answers = {};
  for (const key in answers) copy[key] = answers[key]!;
  return copy;
}
