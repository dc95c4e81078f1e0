// The answer sets staff start from (examples/answers/) for the cycle the definitions are in. The
// files name the term and plan that were current when they were written; the tests give them the
// cycle's term and a plan still open on the test's day, both read from the definitions, so rolling
// the cycle over breaks no test (CI proves it on an edited copy: scripts/staff-edits.ts).
// Pure: the server's, the engine's and the client's tests all use it, each with its own form.
import complete from "../../examples/answers/complete.json";
import minimal from "../../examples/answers/minimal.json";
import { isClosed, type CompiledForm, type AnswerKey, type Answers, type ResolvedOption } from "../../src/engine/runtime";

type Definitions = Pick<CompiledForm, "owners">;

function optionsOf(form: Definitions, key: AnswerKey): ResolvedOption[] {
  const options = form.owners.get(key)?.item.options;
  if (options?.kind !== "list") throw new Error(`no question with a list of options asks "${key}"`);
  return options.options;
}

/** The cycle's term: the entry term's first option (institution.json `cycle.term`). */
export const cycleTerm = (form: Definitions): ResolvedOption => optionsOf(form, "entry_term")[0]!;

/** The first application plan still open on `today` (YYYY-MM-DD): its deadline is `today` or later. */
export function openPlan(form: Definitions, today: string): ResolvedOption {
  const plan = optionsOf(form, "decision_type").find((option) => !isClosed(option, today));
  if (!plan) throw new Error(`every application plan has closed by ${today}; roll the cycle over (institution.json "cycle")`);
  return plan;
}

/** examples/answers/complete.json for this cycle's term, with the first plan open on `today`. */
export function completeAnswers(form: Definitions, today: string): Answers {
  const term = cycleTerm(form);
  const plan = openPlan(form, today);
  return { ...(complete as Answers), entry_term: term.value, entry_term_desc: term.label, decision_type: plan.value, decision_type_desc: plan.label };
}

/** examples/answers/minimal.json for the first term after this cycle's, whose applicants choose no plan. */
export function minimalAnswers(form: Definitions): Answers {
  const later = optionsOf(form, "entry_term")[1];
  if (!later) throw new Error(`institution.json "cycle" has no laterTerms: the smallest path needs one`);
  return { ...(minimal as Answers), entry_term: later.value, entry_term_desc: later.label };
}
