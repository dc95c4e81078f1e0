// The answers' validator in the browser: precompiled at build time (virtual:answer-validator),
// loaded on first use, so pages that show no errors never download it.
import { validatorFrom, type AnswerValidator } from "../../engine/errors";

let loading: Promise<AnswerValidator> | undefined;

export function loadValidator(): Promise<AnswerValidator> {
  loading ??= import("virtual:answer-validator").then((module) => validatorFrom(module.default));
  return loading;
}
