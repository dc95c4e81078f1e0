// What happened to an application, newest last, as the server lists it.
import type { TimelineEvent } from "./api";
import { formatTime, reviewLabel } from "./words";

function describe(event: TimelineEvent): string {
  const by = event.by ? ` (${event.by})` : "";
  switch (event.kind) {
    case "created":
      return "Account created";
    case "login":
      return "Applicant logged in";
    case "saves":
      return event.count === 1 ? "Saved once" : `Saved ${event.count ?? "several"} times`;
    case "submitted":
      return "Submitted";
    case "review status":
      return `Review status: ${reviewLabel(event.status ?? null)}${by}`;
    case "note":
      return `Note added${by}`;
    case "information requested":
      return `Information requested${by}`;
    case "request withdrawn":
      return "Request withdrawn";
    case "information reply":
      return "Applicant replied";
    default: {
      const unknown: never = event.kind;
      return String(unknown);
    }
  }
}

export function Timeline({ events }: { events: TimelineEvent[] }) {
  return (
    <section className="side-section" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      <ol className="timeline">
        {events.map((event, i) => (
          <li key={`${event.at}-${i}`}>
            <time dateTime={event.at}>{formatTime(event.at)}</time> {describe(event)}
          </li>
        ))}
      </ol>
    </section>
  );
}
