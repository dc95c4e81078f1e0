// The form's versions (/staff/versions, admins): every version of the definitions the portal has
// run on, newest first, with how many applications are on each, and what changed between any two,
// in words, each change classed and with the applications it touches. Going back to an older
// version is publishing its files again (docs/staff-guide.md).
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { staffApi, type VersionChangeList, type VersionList } from "./api";
import { SelectField } from "./fields";
import { useStaffTitle } from "./useStaffTitle";
import { formatTime } from "./words";

const CLASS_LABELS: Record<VersionChangeList["changes"][number]["class"], string> = {
  safe: "Safe",
  "needs applicants": "Touches applications",
  breaking: "Breaking",
};

export function VersionsPage() {
  useStaffTitle("Form versions");
  const list = useQuery({ queryKey: ["staff", "versions"], queryFn: () => staffApi.versions() });
  return (
    <>
      <h1>Form versions</h1>
      <p>
        Each time the portal starts on changed definitions it keeps them as a new version. A submitted application is always shown
        with the version it was submitted on; an application in progress moves to the newest version when its applicant next opens it.
      </p>
      {list.isPending ? (
        <p role="status">Loading the versions…</p>
      ) : list.isError ? (
        <p role="alert" className="notice notice-error">{list.error.message}</p>
      ) : (
        <>
          <VersionTable list={list.data} />
          {list.data.versions.length > 1 && <Compare list={list.data} />}
        </>
      )}
    </>
  );
}

function VersionTable({ list }: { list: VersionList }) {
  return (
    <div className="table-scroll" role="region" aria-label="Versions" tabIndex={0}>
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Published</th>
            <th scope="col">In progress on it</th>
            <th scope="col">Submitted on it</th>
          </tr>
        </thead>
        <tbody>
          {list.versions.map((version) => (
            <tr key={version.hash}>
              <th scope="row">{version.label}{version.hash === list.current && " (current)"}</th>
              <td>{formatTime(version.published_at)}</td>
              <td>{version.in_progress}</td>
              <td>{version.submitted}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Two versions to compare: those the address names (?from=HASH&to=HASH, an application's page
 * links here), else the one before the current, and the current.
 */
function Compare({ list }: { list: VersionList }) {
  const choices = list.versions.map((version) => ({ value: version.hash, label: version.label + (version.hash === list.current ? " (current)" : "") }));
  const [params] = useSearchParams();
  const listed = (hash: string | null) => (list.versions.some((version) => version.hash === hash) ? hash : null);
  const [from, setFrom] = useState(listed(params.get("from")) ?? list.versions[1]!.hash);
  const [to, setTo] = useState(listed(params.get("to")) ?? list.versions[0]!.hash);
  const changes = useQuery({ queryKey: ["staff", "version-changes", from, to], queryFn: () => staffApi.versionChanges(from, to) });
  return (
    <section aria-labelledby="compare-heading">
      <h2 id="compare-heading">What changed</h2>
      <div className="list-filters">
        <SelectField label="From version" value={from} onChange={setFrom} choices={choices} />
        <SelectField label="To version" value={to} onChange={setTo} choices={choices} />
      </div>
      {changes.isPending ? (
        <p role="status">Comparing the versions…</p>
      ) : changes.isError ? (
        <p role="alert" className="notice notice-error">{changes.error.message}</p>
      ) : changes.data.changes.length === 0 ? (
        <p>No question, option or limit differs between these versions.</p>
      ) : (
        <ul className="version-changes" aria-label={`Changes from ${changes.data.from} to ${changes.data.to}`}>
          {changes.data.changes.map((change, i) => (
            <li key={i}>
              <strong>{CLASS_LABELS[change.class]}:</strong> {change.text}
              {change.in_progress !== null && ` — ${applications(change.in_progress)} in progress, ${applications(change.submitted!)} submitted`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const applications = (n: number) => `${n} application${n === 1 ? "" : "s"}`;
