// The validation summary: while validating and errors exist, one link
// per failing question to /{page}#{answerKey}, named by its place and label ("Sibling 2: Age"),
// then its messages, the place named once; keys no page asks for are plain text.
import { useAnswers } from "../state/answers";
import { useSession } from "../state/session";
import { form, questionLabel, summaryMessages } from "./model";
import { SUMMARY_ID } from "./steps";
import { Link } from "../ui/Link";

const SUMMARY_HEADING = "We're missing some information!";

export function ValidationSummary() {
  const status = useSession((s) => s.web_status);
  const errors = useAnswers((s) => s.errors);
  const keys = Object.keys(errors);
  if (status !== "validating" || keys.length === 0) return null;
  // In the order the form asks, page by page.
  const order = [...form.owners.keys()];
  keys.sort((a, b) => rank(order, a) - rank(order, b));
  return (
    <section id={SUMMARY_ID} className="validation-summary" tabIndex={-1} aria-labelledby={`${SUMMARY_ID}-title`}>
      <h2 id={`${SUMMARY_ID}-title`} className="summary-title">{SUMMARY_HEADING}</h2>
      <p>Please fix the items below, then submit your application again.</p>
      <ul className="summary-list">
        {keys.map((key) => {
          const page = form.pageOf(key);
          const route = form.pages.find((p) => p.page === page)?.route;
          const label = questionLabel(key) ?? key;
          const messages = summaryMessages(key, errors[key]!).join(" ");
          return (
            <li key={key}>
              {route ? <Link to={`${route}#${key}`}>{label}</Link> : <span>{label}</span>}
              {": "}
              {messages}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const rank = (order: string[], key: string) => {
  const index = order.indexOf(key);
  return index < 0 ? order.length : index;
};
