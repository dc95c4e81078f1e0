// Every lint finding, as `npm run lint:definitions` prints it (file:line:column: message). Apart
// from the form's code, so the preview shows it when the definitions cannot be expanded.
import "./preview.css";
import { findingsCount, type PreviewFinding } from "./findings";

export function FindingsList({ findings }: { findings: readonly PreviewFinding[] }) {
  return (
    <section className="preview-findings" aria-labelledby="preview-findings-title">
      <h2 id="preview-findings-title">Lint findings: {findingsCount(findings)}</h2>
      {findings.length === 0 ? (
        <p>npm run lint:definitions finds nothing wrong.</p>
      ) : (
        <ul>
          {findings.map((finding, i) => (
            <li key={i} className={`preview-finding preview-${finding.severity}`}><code>{finding.text}</code></li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The definitions cannot be drawn (a broken file, an expansion error): the findings alone. */
export function BrokenDefinitions({ findings, error }: { findings: readonly PreviewFinding[]; error: unknown }) {
  return (
    <>
      <p role="alert" className="preview-broken">
        The form cannot be drawn until the errors below are fixed. The preview reloads when a file is saved.
      </p>
      <FindingsList findings={findings} />
      {findings.length === 0 && <pre className="preview-error">{error instanceof Error ? error.message : String(error)}</pre>}
    </>
  );
}
