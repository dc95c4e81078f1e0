// One application's timeline for the office: what the applicant did (account, logins, saves by
// day, submit, replies) and what the office did (review status changes, notes, requests for
// information), oldest first.
import type { FromSchema } from "json-schema-to-ts";
import type { timelineEvent } from "../../api-contract";
import type { InformationRequest } from "../data/information-requests";
import type { Note, ReviewChange } from "../data/reviews";

export type TimelineEvent = FromSchema<typeof timelineEvent>;

export interface History {
  created_at: Date;
  logins: Date[];
  /** Saves by UTC day: {"2026-11-22": 41}. */
  saveDays: Record<string, number>;
  submitted_at: Date | null;
  changes: ReviewChange[];
  notes: Note[];
  requests: InformationRequest[];
}

export function timelineOf(history: History): TimelineEvent[] {
  const events: TimelineEvent[] = [
    { at: history.created_at.toISOString(), kind: "created" },
    ...history.logins.map((at) => ({ at: at.toISOString(), kind: "login" as const })),
    // A day's saves stand at the day's start: the count, not the moments, is what is kept.
    ...Object.entries(history.saveDays).map(([day, count]) => ({ at: `${day}T00:00:00.000Z`, kind: "saves" as const, count })),
    ...(history.submitted_at ? [{ at: history.submitted_at.toISOString(), kind: "submitted" as const }] : []),
    ...history.changes.map((change) => ({ at: change.at.toISOString(), kind: "review status" as const, status: change.status, by: change.by })),
    ...history.notes.map((note) => ({ at: note.created_at.toISOString(), kind: "note" as const, by: note.author })),
    ...history.requests.flatMap((r) => [
      { at: r.asked_at.toISOString(), kind: "information requested" as const, by: r.asked_by },
      ...(r.replied_at ? [{ at: r.replied_at.toISOString(), kind: "information reply" as const }] : []),
      ...(r.withdrawn_at ? [{ at: r.withdrawn_at.toISOString(), kind: "request withdrawn" as const }] : []),
    ]),
  ];
  // Stable: events of the same moment keep the order above (created before its first login).
  return events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
