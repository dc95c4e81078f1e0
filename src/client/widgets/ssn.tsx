// A social security number, masked as typed (123-45-6789); the browser never offers to fill one in.
import { formatSsn } from "../../engine/format";
import { oneLine } from "./text";
import { answerText, hasAnswer, type WidgetEntry } from "./widget";

export const ssn: WidgetEntry<"ssn"> = {
  Widget: oneLine({ inputMode: "numeric", format: formatSsn, maxLength: 11, autoComplete: "off" }),
  display: answerText,
  isAnswered: hasAnswer,
};
