// What npm run bench:deadline (scripts/bench-deadline.ts) keeps apart from the load it makes: the
// ledger of acknowledged saves checked against the database, the latency figures per route, and
// how a failed request is told apart (a connection reset, as when a web process is killed).
import { quantile } from "./stats";

/** A key the server said it cleared (a hidden question): stored as nothing or "". */
const CLEARED = Symbol("cleared");

type Expected = unknown;

interface LostSave { applicant: string; key: string; acknowledged: unknown; stored: unknown }

export interface LedgerCheck {
  /** Applicants and keys with an acknowledged value. */
  applicants: number; keys: number;
  /** Stored values that are neither the last acknowledged one nor one sent after it without an answer. */
  lost: LostSave[];
  /** Keys whose stored value is one sent after the last acknowledgement, whose answer never came (a reset, the end): not lost. */
  unacknowledged: number;
  /** Applicants whose stored revision is below the highest one a save of theirs was answered with (revisions only go up). */
  behindRevision: string[];
}

/** An applicant's row as stored: the answers and their revision. */
export interface StoredApplication { answers: Record<string, unknown>; revision: number }

/** An empty answer is no answer: the server stores "" as nothing (data/applications.ts `answered`). */
const same = (a: unknown, b: unknown) => JSON.stringify(a === "" ? undefined : a) === JSON.stringify(b === "" ? undefined : b);

/**
 * Every acknowledged save, per applicant and key: the last value the server acknowledged (or
 * that it cleared the key), and the values sent since without an answer. Each applicant saves
 * one request at a time, as the browser's saver does, so the last acknowledgement is the
 * newest write the server made for that key, unless a later attempt reached the database
 * before its connection failed: such a value counts as unacknowledged, not lost.
 */
export class SaveLedger {
  private readonly acknowledged = new Map<string, Map<string, Expected>>();
  private readonly unanswered = new Map<string, Map<string, unknown[]>>();
  private readonly revisions = new Map<string, number>();

  /** Before a save is sent: its values may reach the database whatever the answer. */
  sending(applicant: string, answers: Record<string, unknown>): void {
    const pending = this.unanswered.get(applicant) ?? new Map<string, unknown[]>();
    this.unanswered.set(applicant, pending);
    for (const [key, value] of Object.entries(answers)) pending.set(key, [...(pending.get(key) ?? []), value]);
  }

  /** A 2xx answer to the save of `answers`: the revision it made, and the keys it cleared. */
  acknowledge(applicant: string, answers: Record<string, unknown>, revision: number, cleared: readonly string[] = []): void {
    this.revisions.set(applicant, Math.max(revision, this.revisions.get(applicant) ?? 0));
    const known = this.acknowledged.get(applicant) ?? new Map<string, Expected>();
    this.acknowledged.set(applicant, known);
    const pending = this.unanswered.get(applicant);
    for (const [key, value] of Object.entries(answers)) {
      known.set(key, value);
      pending?.delete(key);
    }
    for (const key of cleared) {
      known.set(key, CLEARED);
      pending?.delete(key);
    }
  }

  /** Compares every applicant's stored application (username → answers and revision) with the ledger. */
  check(stored: ReadonlyMap<string, StoredApplication>): LedgerCheck {
    const lost: LostSave[] = [];
    let keys = 0, unacknowledged = 0;
    const behindRevision = [...this.revisions].filter(([applicant, revision]) => (stored.get(applicant)?.revision ?? -1) < revision).map(([applicant]) => applicant);
    for (const [applicant, known] of this.acknowledged) {
      const answers = stored.get(applicant)?.answers ?? {};
      for (const [key, expected] of known) {
        keys++;
        const value = answers[key];
        const isExpected = same(value, expected === CLEARED ? undefined : expected);
        if (isExpected) continue;
        if ((this.unanswered.get(applicant)?.get(key) ?? []).some((sent) => same(sent, value))) unacknowledged++;
        else lost.push({ applicant, key, acknowledged: expected === CLEARED ? "(cleared)" : expected, stored: value });
      }
    }
    return { applicants: this.acknowledged.size, keys, lost, unacknowledged, behindRevision };
  }
}

export interface RouteFigures { route: string; count: number; perSecond: number; p50: number; p95: number; p99: number; status5xx: number; other: number }

/** One answered or failed request: its route pattern, when it ended (ms), how long it took, its status (0: no answer). */
export interface Sample { route: string; at: number; ms: number; status: number }

/**
 * Figures per route over the samples that ended in [from, to) ms: answers per second, latency
 * quantiles of the answered ones, 5xx answers, and the rest that were no 2xx/3xx (4xx and no answer).
 */
export function routeFigures(samples: readonly Sample[], from = -Infinity, to = Infinity): RouteFigures[] {
  const byRoute = new Map<string, Sample[]>();
  for (const sample of samples) {
    if (sample.at < from || sample.at >= to) continue;
    const list = byRoute.get(sample.route);
    if (list) list.push(sample);
    else byRoute.set(sample.route, [sample]);
  }
  const seconds = Number.isFinite(to - from) ? (to - from) / 1000 : NaN;
  return [...byRoute].sort(([a], [b]) => a.localeCompare(b)).map(([route, list]) => {
    const answered = list.filter((s) => s.status > 0).map((s) => s.ms).sort((a, b) => a - b);
    return {
      route, count: list.length, perSecond: list.length / seconds,
      p50: quantile(answered, 0.5), p95: quantile(answered, 0.95), p99: quantile(answered, 0.99),
      status5xx: list.filter((s) => s.status >= 500).length,
      other: list.filter((s) => s.status === 0 || (s.status >= 400 && s.status < 500)).length,
    };
  });
}

/** A request that failed because its connection was reset or closed under it (a web process killed). */
export function isConnectionReset(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ECONNRESET" || code === "EPIPE" || code === "ECONNREFUSED";
}
