// An email address: the keyboard with @, no spell check, and the longest address mail allows.
import { oneLine } from "./text";
import { answerText, hasAnswer, type WidgetEntry } from "./widget";

const EMAIL_MAX_LENGTH = 254;

export const email: WidgetEntry<"email"> = {
  Widget: oneLine({ type: "email", inputMode: "email", maxLength: EMAIL_MAX_LENGTH, spellCheck: false }),
  display: answerText,
  isAnswered: hasAnswer,
};
