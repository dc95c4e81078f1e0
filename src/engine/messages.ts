/**
 * The engine's own wording, for failures of the data model (types and limits) that no rule in
 * schemas/rules/ words itself. Rule messages live with their rules, as the spec writes them.
 * AJV's default text ("must NOT have more than 45 characters") never reaches an applicant.
 */
export type MessageCode =
  | "tooLong"
  | "wrongType"
  | "unknownKey"
  | "required"
  | "invalidFormat"
  | "notAChoice"
  | "invalid";

export function message(code: MessageCode, params: { limit?: number } = {}): string {
  switch (code) {
    case "tooLong":
      return `Please shorten this answer to ${params.limit} characters or fewer.`;
    case "wrongType":
      return "This answer is not the kind of answer this question takes.";
    case "unknownKey":
      return "This is not a question of this application.";
    case "required":
      return "Please answer this question.";
    case "invalidFormat":
      return "Please check the format of this answer.";
    case "notAChoice":
      return "Please choose one of the answers offered.";
    case "invalid":
      return "Please check this answer.";
    default: {
      const unknown: never = code;
      throw new Error(`no message for ${String(unknown)}`);
    }
  }
}

/** The message for an AJV keyword that failed without an errorMessage of its own. */
export function messageForKeyword(keyword: string, params: Record<string, unknown>): string {
  switch (keyword) {
    case "maxLength":
      return message("tooLong", { limit: Number(params.limit) });
    case "type":
      return message("wrongType");
    case "additionalProperties":
      return message("unknownKey");
    case "required":
      return message("required");
    case "format":
    case "pattern":
      return message("invalidFormat");
    case "enum":
    case "const":
      return message("notAChoice");
    default:
      return message("invalid");
  }
}
