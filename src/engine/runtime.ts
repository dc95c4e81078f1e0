// The engine as the browser loads it: visibility and clearing, validation of a form already
// assembled around a validator, answers helpers, formats, dates and account messages. No Ajv and
// no definitions' compiler come through here; those are in ./compile (the server and the build).
export {
  CONFIRMATION_CODE_LENGTH,
  failedPasswordRequirements,
  isConfirmationCode,
  isEmail,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  passwordRequirements,
} from "./accounts";
export { copyAnswers, isAnswered } from "./answers";
export { accountMessages } from "./messages";
export { compileCondition, comparisons, type CompiledCondition } from "./conditions";
export { localToday } from "./dates";
export { validatorFrom, type AnswerValidator, type CompiledValidate } from "./errors";
export {
  evaluateAnswers,
  validateAnswers,
  validateEvaluation,
  type CompiledForm,
  type ValidateOptions,
} from "./form";
export { formatPhone, formatSsn } from "./format";
export { answersBefore, type EvaluateOptions } from "./visibility";
export type {
  AnswerKey,
  Answers,
  AnswerValue,
  Evaluation,
  Finding,
  FindingCode,
  FormFiles,
  FormState,
  PageView,
  ResolvedOption,
  ResolvedOptions,
  Source,
  ValidationErrors,
  ViewItem,
} from "./types";
export type {
  AddAnotherItem,
  AddressItem,
  Comparison,
  Condition,
  FormDefinitionFile,
  InstitutionFile,
  Item,
  ItemByType,
  Option,
  OptionListFile,
  Options,
  PageDefinition,
  QuestionType,
  TabsItem,
  TemplateFile,
} from "./generated/definition-format";
