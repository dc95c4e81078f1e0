// One application (/staff/applications/:id?{filter}): who and where it stands, its pages as the
// service view draws them, its documents and PDF copy, its timeline, its review and notes, its
// checklist, the office's requests for information and its decision; the previous and next application within
// the list's filter (also j and k).
import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams, useSearchParams } from "react-router";
import { displayText } from "../../engine/text";
import type { CompiledForm } from "../../engine/form";
import type { Answers } from "../../engine/runtime";
import { ApplicationPages, valueOf, WithVersion } from "../form/ApplicationPages";
import { bundledVersion } from "../form/model";
import { staffApi, type StaffApplication, type StaffSelf } from "./api";
import { Checklist } from "./Checklist";
import { Decision } from "./Decision";
import { Documents } from "./Documents";
import { InformationRequests } from "./InformationRequests";
import { filterFrom, filterSearch, requestFilter } from "./filter";
import { Review } from "./Review";
import { isAdmin, LIST_PATH, useStaffSelf } from "./session";
import { Timeline } from "./Timeline";
import { useNeighbourKeys, type NeighbourTargets } from "./useNeighbourKeys";
import { useStaffTitle } from "./useStaffTitle";
import { termLabel } from "./terms";
import { applicationStatusLabel, formatTime } from "./words";

export function ApplicationPage() {
  const id = Number(useParams().id);
  const search = filterSearch(filterFrom(useSearchParams()[0]));
  const self = useStaffSelf().data!;
  const application = useQuery({ queryKey: ["application", id], enabled: Number.isInteger(id) && id > 0, queryFn: () => staffApi.application(id) });
  const neighbours = useNeighbours(id, search);
  useNeighbourKeys(neighbours);
  useStaffTitle(application.data ? `${displayText(application.data.name) || "Application"} ${application.data.reference ?? ""}`.trim() : "Application");

  const back = <Link className="back-link" to={{ pathname: LIST_PATH, search }}>Back to the list</Link>;
  if (!Number.isInteger(id) || id <= 0) return <NotFound back={back} message="There is no application at this address." />;
  if (application.isPending) return <p role="status">Loading the application…</p>;
  if (application.isError) return <NotFound back={back} message={application.error.message} />;
  return (
    <>
      <div className="application-nav">
        {back}
        <NeighbourLinks {...neighbours} />
      </div>
      <ApplicationView application={application.data} self={self} />
    </>
  );
}

function NotFound({ back, message }: { back: ReactNode; message: string }) {
  return (
    <>
      <h1>Application</h1>
      <p role="alert" className="notice notice-error">{message}</p>
      <p>{back}</p>
    </>
  );
}

/** The addresses of the applications before and after this one in the list, the filter along. */
function useNeighbours(id: number, search: string): NeighbourTargets {
  const neighbours = useQuery({
    queryKey: ["neighbours", id, search],
    enabled: Number.isInteger(id) && id > 0,
    queryFn: () => staffApi.neighbours(id, requestFilter(filterFrom(new URLSearchParams(search)))),
  });
  const to = (other: number | null | undefined) => (other ? `/staff/applications/${other}${search}` : undefined);
  return { previous: to(neighbours.data?.previous), next: to(neighbours.data?.next) };
}

function NeighbourLinks({ previous, next }: NeighbourTargets) {
  return (
    <nav className="neighbours" aria-label="Other applications in the list">
      {previous ? <Link to={previous} aria-keyshortcuts="k" rel="prev">Previous application</Link> : <span className="neighbour-none">No previous application</span>}
      {next ? <Link to={next} aria-keyshortcuts="j" rel="next">Next application</Link> : <span className="neighbour-none">No next application</span>}
      <span className="key-hint" aria-hidden="true"><kbd>k</kbd> previous · <kbd>j</kbd> next</span>
    </nav>
  );
}

function ApplicationView({ application, self }: { application: StaffApplication; self: StaffSelf }) {
  const name = displayText(application.name) || "(no name yet)";
  return (
    <div className="application">
      <header className="application-head">
        <h1>{name}</h1>
        <dl className="facts">
          <Fact label="Reference" value={application.reference ?? "Not submitted"} />
          <Fact label="Status" value={applicationStatusLabel(application.status)} />
          <Fact label="E-mail" value={displayText(application.email)} />
          <Fact label="Submitted" value={formatTime(application.submitted_at)} />
          {application.submitted_version && <Fact label="Form version" value={`Submitted on version ${application.submitted_version}`} />}
          <Fact label="Entry term" value={termLabel(application.entry_term)} />
          <Fact label="Last activity" value={formatTime(application.last_activity)} />
        </dl>
        {isAdmin(self.role) && application.version && application.version !== bundledVersion && (
          <p>
            <Link to={`/staff/versions?from=${application.version}&to=${bundledVersion}`}>Compare its version with the current form</Link>
          </p>
        )}
      </header>
      <div className="application-body">
        <section className="application-answers" aria-label="Answers">
          <ApplicationPages answer={application.answer} blocks={application.add_another} tabs={application.tabs} version={application.version} titleLevel={2} />
          <RetiredAnswers answers={application.retired_answers as Answers} from={application.retired_from} />
        </section>
        <aside className="application-side" aria-label="Review, decision, documents and timeline">
          <Review application={application} role={self.role} />
          <Checklist application={application} role={self.role} />
          <InformationRequests application={application} role={self.role} />
          <Decision application={application} role={self.role} />
          <Documents application={application} />
          <Timeline events={application.timeline} />
        </aside>
      </div>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * Answers kept aside when the application moved to a version of the form that no longer asks them,
 * each in the words of the version it was given on (its question's label, its option's text); one
 * from before versions were kept, by its key and as stored.
 */
function RetiredAnswers({ answers, from }: { answers: Answers; from: Record<string, string> }) {
  const keys = Object.keys(answers);
  if (keys.length === 0) return null;
  const versions = [...new Set(keys.map((key) => from[key] ?? ""))];
  return (
    <section className="service-page" aria-labelledby="retired-answers">
      <h2 id="retired-answers">Answers to questions no longer asked</h2>
      <p>The form was changed while this application was in progress. These answers were given to questions it no longer asks; they are kept as given.</p>
      {versions.map((version) => {
        const given = keys.filter((key) => (from[key] ?? "") === version);
        if (!version) return <Answered key="" answers={given.map((key) => ({ key, label: key, text: String(answers[key]) }))} />;
        return <WithVersion key={version} version={version}>{(form) => <Answered answers={readAs(form, given, answers)} />}</WithVersion>;
      })}
    </section>
  );
}

/** Each of `keys` as `form` asked it: its question's label and the answer as that version printed it. */
function readAs(form: CompiledForm, keys: string[], answers: Answers) {
  return keys.map((key) => {
    const view = form.owners.get(key)?.item;
    const label = view && "label" in view.item && view.item.label ? view.item.label : key;
    return { key, label, text: view ? valueOf(view, { form, answers }) : String(answers[key]) };
  });
}

function Answered({ answers }: { answers: { key: string; label: string; text: string }[] }) {
  return (
    <dl className="service-answers">
      {answers.map(({ key, label, text }) => (
        <div key={key} className="service-answer">
          <dt>{label}</dt>
          <dd>{displayText(text)}</dd>
        </div>
      ))}
    </dl>
  );
}
