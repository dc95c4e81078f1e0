// The answers' validator in the browser: precompiled at build time (virtual:answer-validator),
// loaded on first use, so pages that show no errors never download it.
import type { AnswerValidator } from "../../engine/errors";

let loading: Promise<AnswerValidator> | undefined;

export function loadValidator(): Promise<AnswerValidator> {
  loading ??= Promise.all([import("virtual:answer-validator"), import("../../engine/errors")]).then(
    ([compiled, { validatorFrom }]) => validatorFrom(compiled.default),
  );
  return loading;
}
