export {
  CONFIRMATION_CODE_LENGTH,
  failedPasswordRequirements,
  isConfirmationCode,
  isEmail,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  passwordRequirements,
} from "./accounts";
export { localToday } from "./dates";
export { accountMessages } from "./messages";
export { compileCondition, comparisons, type CompiledCondition } from "./conditions";
export { expandDefinitions, MAX_BLOCKS, QUESTION_TYPES, type Expansion, type Gate, type KeyReference, type Owner } from "./expand";
export { formatPhone, formatSsn } from "./format";
export { loadForm, rulesOf } from "./load";
export { validatorFrom, type AnswerValidator, type CompiledValidate } from "./errors";
export {
  assembleForm,
  evaluateAnswers,
  validateAnswers,
  validateEvaluation,
  type CompiledForm,
  type LoadOptions,
  type ValidateOptions,
} from "./form";
export { createAjv, withoutMeta } from "./validation";
export { copyAnswers, isAnswered } from "./answers";
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
  JsonSchema,
  PageView,
  QuestionType,
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
  Option,
  OptionListFile,
  Options,
  PageDefinition,
  TabsItem,
  TemplateFile,
} from "./definition-format";
