// The engine as the browser loads it: visibility and clearing, validation of a form already
// assembled around a validator, answers helpers, dates and account checks. No Ajv and
// no definitions' compiler come through here; those are in ./compile (the server and the build).
export { failedPasswordRequirements, isConfirmationCode, isEmail } from "./accounts";
export { copyAnswers, isAnswered } from "./answers";
export { applyAnswers, applyBlocks, applyTab, type Change } from "./changes";
export { localToday, officeDateTime } from "./dates";
export type { CompiledValidate } from "./errors";
export { evaluateAnswers, validateAnswers, validateEvaluation, type CompiledForm } from "./form";
export { alwaysAloneKeys, controllingKeys, savesAlone, savesAloneAlways } from "./saves-alone";
export type {
  AnswerKey,
  Answers,
  AnswerValue,
  Evaluation,
  FormFiles,
  FormState,
  ResolvedOption,
  Source,
  ValidationErrors,
  ViewItem,
} from "./types";
export type {
  InstitutionFile,
  Item,
  ItemByType,
  Option,
  OptionListFile,
  PageDefinition,
  QuestionType,
  TemplateFile,
} from "./generated/definition-format";
