// The texts an applicant reads that the browser and the server both send: the answers' and the
// accounts'. Texts only the server sends are in src/api-contract/messages.ts. Two kinds of text live
// elsewhere, each beside the rule it words: rule messages in schemas/rules/ (as the spec writes
// them), and the file checks' (documents.ts, whose wording names the rule's own file types).

/** The spec's account and session texts, for the cards and the server. */
export const accountMessages = {
  sessionInvalid: "Your session is invalid. Please clear your cookies and login again.",
  unexpected: "We've encountered an unexpected error at this time. Please try again later.",
  emailInvalid: "Your email address must be valid.",
  loginEmailInvalid: "Please provide a valid email address.",
  resendEmailInvalid: "You must provide a valid email address to resend a confirmation code.",
  passwordRequired: "Password is required.",
  passwordsMustMatch: "passwords must match",
  codeFormat: "The confirmation code must be exactly 6 numbers.",
  autoLogout: "You have been automatically logged out due to inactivity.",
  submitted: "Your application was successfully submitted.",
  /** The account page says it, and the server refuses a delete with it (409). */
  keptSubmitted: "Your application has been submitted, so it is kept by the admissions office.",
} as const;

/**
 * The engine's own wording for answers, for failures of the data model (types and limits) that
 * no rule in schemas/rules/ words itself. AJV's default text ("must NOT have more than 45
 * characters") never reaches an applicant.
 */
export type MessageCode =
  | "tooLong"
  | "wrongType"
  | "unknownKey"
  | "required"
  | "invalidFormat"
  | "notAChoice"
  | "closed"
  | "invalid";

export function message(code: MessageCode, params: { limit?: number; day?: string } = {}): string {
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
    case "closed":
      return `The deadline for this choice was ${params.day}. Please choose another.`;
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
