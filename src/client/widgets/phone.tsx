// A US phone number, masked as typed: (555) 123-4567.
import { formatPhone } from "../../engine/format";
import { oneLine } from "./text";
import { answerText, hasAnswer, type WidgetEntry } from "./widget";

export const phone: WidgetEntry<"phone"> = {
  Widget: oneLine({ type: "tel", inputMode: "tel", format: formatPhone, maxLength: 14 }),
  display: answerText,
  isAnswered: hasAnswer,
};
