// One application (/staff/applications/:id?{filter}): who and where it stands, its pages as the
// service view draws them, its documents and PDF copy, its timeline, its review and notes; the
// previous and next application within the list's filter (also j and k).
import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams, useSearchParams } from "react-router";
import { displayText } from "../../engine/text";
import { ApplicationPages } from "../form/ApplicationPages";
import { bundledVersion } from "../form/model";
import { staffApi, type StaffApplication, type StaffSelf } from "./api";
import { Documents } from "./Documents";
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
          <RetiredAnswers answers={application.retired_answers} />
        </section>
        <aside className="application-side" aria-label="Review, documents and timeline">
          <Review application={application} role={self.role} />
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

/** Answers kept aside when the application moved to a version of the form that no longer asks them. */
function RetiredAnswers({ answers }: { answers: Record<string, unknown> }) {
  const entries = Object.entries(answers);
  if (entries.length === 0) return null;
  return (
    <section className="service-page" aria-labelledby="retired-answers">
      <h2 id="retired-answers">Answers to questions no longer asked</h2>
      <p>The form was changed while this application was in progress. These answers were given to questions it no longer asks; they are kept as given.</p>
      <dl className="service-answers">
        {entries.map(([key, value]) => (
          <div key={key} className="service-answer">
            <dt>{key}</dt>
            <dd>{displayText(String(value))}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
