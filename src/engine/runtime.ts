// The engine as the browser loads it: visibility and clearing, validation of a form already
// assembled around a validator, answers and choices helpers, the cycle, dates, file and account
// checks, the spec's messages, the item types. No Ajv and no definitions' compiler come through
// here; those are in ./compile (the server and the build).
export { failedPasswordRequirements, isConfirmationCode, isEmail } from "./accounts";
export { copyAnswers, isAnswered } from "./answers";
export { applyAnswers, applyBlocks, applyTab } from "./changes";
export { choiceLabel, closedChoices, isChoice, isChoiceLabel, unofferedChoices, withoutChoiceLabels, writeChoiceLabels } from "./choices";
export { isClosed, isCycleTerm, longDate, withCycleTerm } from "./cycle";
export { fillLetter } from "./letters";
export { dayAnywhereOnEarth, localToday, officeDateTime } from "./dates";
export { fileMessages, fileNameTooLong, MAX_FILE_NAME_LENGTH, maxFileBytes, type UploadSettings } from "./documents";
export { assembleForm, checklistFor, evaluateAnswers, validateAnswers, validateEvaluation, type CompiledForm } from "./form";
export { accountMessages } from "./messages";
export { BIDI_CONTROL, displayText } from "./text";
export { savesAlone, savesAloneAlways } from "./saves-alone";
export type {
  AnswerKey,
  Answers,
  AnswerValue,
  BrowserFiles,
  Evaluation,
  FormFiles,
  FormState,
  ResolvedOption,
  Source,
  ValidationErrors,
  ViewItem,
} from "./types";
export { ITEM_TYPES, QUESTION_TYPES } from "./generated/definition-format";
export type {
  ChecklistItem,
  DecisionsFile,
  InstitutionFile,
  Item,
  ItemByType,
  Option,
  OptionListFile,
  PageDefinition,
  QuestionType,
  TemplateFile,
} from "./generated/definition-format";
