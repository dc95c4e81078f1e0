// A number: typed as text, on the phone's number keyboard, taking digits only (a letter or a sign
// typed or pasted is dropped and a note says why); the rules check it again on the server.
import { oneLine } from "./text";
import { answerText, hasAnswer, type WidgetEntry } from "./widget";

export const DIGITS_ONLY = "Please type digits only (0 to 9).";

export const number: WidgetEntry<"number"> = {
  Widget: oneLine({ inputMode: "numeric", refuses: { characters: /[^0-9]/g, note: DIGITS_ONLY } }),
  display: answerText,
  isAnswered: hasAnswer,
};
