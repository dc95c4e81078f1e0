// The list's filter: a search box (name, e-mail or reference, sent after a pause in typing), the
// status, entry term, application plan, review status, requests for information (waiting for the
// applicant's reply, or replied since a reviewer last set the review status), the decision (which,
// released or not, the applicant's answer), the checklist (one item's state, or whether anything
// is outstanding), U.S. citizenship, and the days started and submitted between. Terms, plans,
// citizenship and the checklist offer the form's own; the decisions come from the server
// (decisions.json is not in the browser's bundle).
import { useEffect, useRef, useState } from "react";
import { SearchField, Input, Label, Button } from "react-aria-components";
import { APPLICATION_STATUSES, NOT_ANSWERED, REVIEW_STATUSES, type REQUEST_FILTERS } from "../../api-contract/staff";
import type { ChecklistState } from "../../api-contract/status";
import { useDebounced } from "../form/useDebounced";
import type { ApplicationFilter, DecisionChoice } from "./api";
import { DateField, SelectField } from "./fields";
import { NOT_REVIEWED } from "./filter";
import { checklistItems, choicesOf, entryTerms, withNotAnswered } from "./terms";
import { applicationStatusLabel, reviewLabel } from "./words";

/** The pause after typing before the list follows, and the longest wait while typing goes on. */
const SEARCH_DEBOUNCE = { waitMs: 300, maxWaitMs: 1000 };

const STATUS_CHOICES = APPLICATION_STATUSES.map((status) => ({ value: status, label: applicationStatusLabel(status) }));
const REVIEW_CHOICES = [...REVIEW_STATUSES.map((status) => ({ value: status, label: reviewLabel(status) })), { value: NOT_REVIEWED, label: reviewLabel(null) }];
const REQUEST_LABELS: Record<(typeof REQUEST_FILTERS)[number], string> = { open: "Waiting for a reply", replied: "Replied" };
const REQUEST_CHOICES = Object.entries(REQUEST_LABELS).map(([value, label]) => ({ value, label }));
const TERM_CHOICES = withNotAnswered(entryTerms);
const PLAN_CHOICES = withNotAnswered(choicesOf("decision_type"));
const CITIZENSHIP_CHOICES = withNotAnswered(choicesOf("citizenship_us"));
const RELEASED_CHOICES = [{ value: "true", label: "Released" }, { value: "false", label: "Not released" }];
const RESPONSE_CHOICES = [{ value: "accepted", label: "Accepted" }, { value: "declined", label: "Declined" }, { value: NOT_ANSWERED, label: "No answer" }];
const STATE_LABELS: Record<ChecklistState, string> = { needed: "Needed", processing: "File being processed", received: "Received" };
const STATE_CHOICES = Object.entries(STATE_LABELS).map(([value, label]) => ({ value, label }));
const OUTSTANDING_CHOICES = [{ value: "true", label: "Something outstanding" }, { value: "false", label: "Nothing outstanding" }];

interface Props {
  filter: ApplicationFilter;
  /** The decisions of decisions.json, which the browser does not bundle (GET /staff/api/decisions). */
  decisions: readonly DecisionChoice[];
  /** `typing`: a change of the search text, which replaces the address rather than adding to its history. */
  onChange: (filter: ApplicationFilter, typing?: boolean) => void;
}

export function ListFilters({ filter, decisions, onChange }: Props) {
  const set = (name: keyof ApplicationFilter) => (value: string) => onChange({ ...filter, [name]: value === "" ? undefined : value });
  const setYesNo = (name: "released" | "outstanding") => (value: string) => onChange({ ...filter, [name]: value === "" ? undefined : value === "true" });
  const yesNo = (value: boolean | undefined) => (value === undefined ? "" : String(value));
  const decisionChoices = [...decisions.map(({ code, label }) => ({ value: code, label })), { value: NOT_ANSWERED, label: "No decision" }];
  // A state is the item's: choosing no item drops it.
  const setItem = (item: string) => onChange({ ...filter, checklist: item === "" ? undefined : item, checklist_state: item === "" ? undefined : filter.checklist_state });
  return (
    <form role="search" aria-label="Filter applications" className="list-filters" onSubmit={(event) => event.preventDefault()}>
      <SearchBox q={filter.q ?? ""} onSettle={(q) => onChange({ ...filter, q: q.trim() === "" ? undefined : q.trim() }, true)} />
      <SelectField label="Status" value={filter.status ?? ""} onChange={set("status")} choices={STATUS_CHOICES} anyLabel="Any" />
      <SelectField label="Entry term" value={filter.term ?? ""} onChange={set("term")} choices={TERM_CHOICES} anyLabel="Any" />
      <SelectField label="Application plan" value={filter.plan ?? ""} onChange={set("plan")} choices={PLAN_CHOICES} anyLabel="Any" />
      <SelectField label="Review status" value={filter.review ?? ""} onChange={set("review")} choices={REVIEW_CHOICES} anyLabel="Any" />
      <SelectField label="Requests" value={filter.request ?? ""} onChange={set("request")} choices={REQUEST_CHOICES} anyLabel="Any" />
      <SelectField label="Decision" value={filter.decision ?? ""} onChange={set("decision")} choices={decisionChoices} anyLabel="Any" />
      <SelectField label="Decision released" value={yesNo(filter.released)} onChange={setYesNo("released")} choices={RELEASED_CHOICES} anyLabel="Any" />
      <SelectField label="Applicant's answer" value={filter.response ?? ""} onChange={set("response")} choices={RESPONSE_CHOICES} anyLabel="Any" />
      <SelectField label="Checklist" value={yesNo(filter.outstanding)} onChange={setYesNo("outstanding")} choices={OUTSTANDING_CHOICES} anyLabel="Any" />
      <SelectField label="Checklist item" value={filter.checklist ?? ""} onChange={setItem} choices={checklistItems} anyLabel="Any" />
      {filter.checklist !== undefined && (
        <SelectField label="Item state" value={filter.checklist_state ?? ""} onChange={set("checklist_state")} choices={STATE_CHOICES} anyLabel="Any" />
      )}
      <SelectField label="U.S. citizen" value={filter.citizenship ?? ""} onChange={set("citizenship")} choices={CITIZENSHIP_CHOICES} anyLabel="Any" />
      <DateField label="Started from" value={filter.started_from ?? ""} onChange={set("started_from")} />
      <DateField label="Started to" value={filter.started_to ?? ""} onChange={set("started_to")} />
      <DateField label="Submitted from" value={filter.submitted_from ?? ""} onChange={set("submitted_from")} />
      <DateField label="Submitted to" value={filter.submitted_to ?? ""} onChange={set("submitted_to")} />
    </form>
  );
}

/**
 * The search text follows the address (Back, a shared link) and the address follows the text
 * once typing pauses; a pause that only caught up with the address sends nothing.
 */
function SearchBox({ q, onSettle }: { q: string; onSettle: (q: string) => void }) {
  const [text, setText] = useState(q);
  const settled = useDebounced(text, SEARCH_DEBOUNCE.waitMs, SEARCH_DEBOUNCE.maxWaitMs);
  const [addressQ, setAddressQ] = useState(q);
  // The texts of the pauses the box has sent (below) since the address last came from elsewhere.
  const [ownSends, setOwnSends] = useState<string[]>([]);
  const [pause, setPause] = useState(settled);
  if (settled !== pause) {
    setPause(settled);
    if (settled.trim() !== q) setOwnSends([...ownSends.slice(-9), settled.trim()]);
  }
  if (q !== addressQ) {
    setAddressQ(q);
    // The address coming back with the text of a pause is the box's own change arriving (a moment
    // later on a busy device, perhaps after further pauses): the letters typed since stay.
    const own = q === text.trim() || q === settled.trim() || ownSends.includes(q);
    if (!own) setText(q);
    // Elsewhere, or the last one sent: none of those sent before is still on its way.
    if (!own || q === ownSends.at(-1)) setOwnSends([]);
  }
  const sent = useRef(settled);
  const settle = useRef(onSettle);
  useEffect(() => {
    settle.current = onSettle;
  });
  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    if (settled.trim() !== q) settle.current(settled);
  }, [settled, q]);
  return (
    <SearchField className="field list-search" value={text} onChange={setText} onSubmit={() => onSettle(text)}>
      <Label className="field-label">Search</Label>
      <div className="input-row">
        <Input className="input" placeholder="Name, e-mail or reference" />
        {text !== "" && <Button className="input-toggle" aria-label="Clear search">Clear</Button>}
      </div>
    </SearchField>
  );
}
