// A number: typed as text, on the phone's number keyboard.
import { oneLine } from "./text";
import { answerText, hasAnswer, type WidgetEntry } from "./widget";

export const number: WidgetEntry<"number"> = { Widget: oneLine({ inputMode: "numeric" }), display: answerText, isAnswered: hasAnswer };
