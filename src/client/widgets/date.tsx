// A date: the browser's date picker, stored as YYYY-MM-DD and printed as "March 5, 2001".
import { oneLine } from "./text";
import { hasAnswer, type WidgetEntry } from "./widget";

export const date: WidgetEntry<"date"> = {
  Widget: oneLine({ type: "date" }),
  display: (view, answers) => formatDate(String(answers[view.key ?? ""])),
  isAnswered: hasAnswer,
};

function formatDate(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
