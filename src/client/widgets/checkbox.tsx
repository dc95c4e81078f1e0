// One tick box: true/false, or "Y"/"N" when the definition says `stores: yesNo`.
import { Choice } from "./Choice";
import { QuestionFrame } from "./QuestionFrame";
import { useQuestion, type WidgetEntry, type WidgetProps } from "./widget";

function CheckboxQuestion({ view, onAnswer }: WidgetProps<"checkbox">) {
  const question = view.item;
  const { key, value, errors, id } = useQuestion(view);
  const yesNo = question.stores === "yesNo";
  return (
    <QuestionFrame id={id} answerKey={key} label={question.label} help={question.help} errors={errors} labels="none">
      {(describedBy) => (
        <Choice
          type="checkbox"
          checked={yesNo ? value === "Y" : value === true}
          onChange={(selected) => onAnswer({ [key]: yesNo ? (selected ? "Y" : "N") : selected })}
          label={question.label}
          invalid={errors.length > 0}
          describedBy={describedBy}
        />
      )}
    </QuestionFrame>
  );
}

export const checkbox: WidgetEntry<"checkbox"> = {
  Widget: CheckboxQuestion,
  // A yes/no box left unticked says no; a true/false one left unticked says nothing.
  display: (view, answers) => (view.item.stores === "yesNo" ? (answers[view.key!] === "Y" ? "Yes" : "No") : "Yes"),
  isAnswered: (view, answers) => {
    const value = answers[view.key!];
    return value === true || value === "Y" || value === "N";
  },
};
