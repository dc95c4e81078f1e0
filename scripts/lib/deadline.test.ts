// The deadline rehearsal's bookkeeping (scripts/lib/deadline.ts): what counts as a lost save, the
// latency figures per route, and which failures are connection resets.
import { describe, expect, it } from "vitest";
import { isConnectionReset, routeFigures, SaveLedger } from "./deadline";

/** The stored applications: username → answers, each at `revision`. */
const rows = (entries: [string, Record<string, unknown>][], revision = 10) => new Map(entries.map(([name, answers]) => [name, { answers, revision }]));

describe("SaveLedger", () => {
  it("finds nothing lost when the database holds the last acknowledged value of every key", () => {
    const ledger = new SaveLedger();
    ledger.sending("a", { first_name: "Al" });
    ledger.acknowledge("a", { first_name: "Al" }, 1);
    ledger.sending("a", { first_name: "Alex", last_name: "M" });
    ledger.acknowledge("a", { first_name: "Alex", last_name: "M" }, 2);
    expect(ledger.check(rows([["a", { first_name: "Alex", last_name: "M" }]], 2))).toEqual({ applicants: 1, keys: 2, lost: [], unacknowledged: 0, behindRevision: [] });
  });

  it("counts an older value, a missing one or another applicant's as lost", () => {
    const ledger = new SaveLedger();
    ledger.acknowledge("a", { first_name: "Al" }, 1);
    ledger.acknowledge("a", { first_name: "Alex", last_name: "M" }, 2);
    ledger.acknowledge("b", { first_name: "Bo" }, 1);
    const check = ledger.check(rows([["a", { first_name: "Al" }], ["b", { first_name: "Alex" }]]));
    expect(check.lost).toEqual([
      { applicant: "a", key: "first_name", acknowledged: "Alex", stored: "Al" },
      { applicant: "a", key: "last_name", acknowledged: "M", stored: undefined },
      { applicant: "b", key: "first_name", acknowledged: "Bo", stored: "Alex" },
    ]);
  });

  it("finds an application whose stored revision is below one a save was answered with", () => {
    const ledger = new SaveLedger();
    ledger.acknowledge("a", { first_name: "Al" }, 3);
    ledger.acknowledge("b", { first_name: "Bo" }, 5);
    ledger.acknowledge("b", { first_name: "Bob" }, 4);
    const stored = new Map([["a", { answers: { first_name: "Al" }, revision: 3 }], ["b", { answers: { first_name: "Bob" }, revision: 4 }]]);
    expect(ledger.check(stored)).toMatchObject({ lost: [], behindRevision: ["b"] });
  });

  it("takes a value sent after the last acknowledgement, whose answer never came, as unacknowledged, not lost", () => {
    const ledger = new SaveLedger();
    ledger.acknowledge("a", { first_name: "Al" }, 1);
    ledger.sending("a", { first_name: "Ale" });
    expect(ledger.check(rows([["a", { first_name: "Ale" }]]))).toMatchObject({ lost: [], unacknowledged: 1 });
    expect(ledger.check(rows([["a", { first_name: "Al" }]]))).toMatchObject({ lost: [], unacknowledged: 0 });
    // Once a later save is acknowledged, the unanswered one before it no longer excuses anything.
    ledger.acknowledge("a", { first_name: "Alex" }, 2);
    expect(ledger.check(rows([["a", { first_name: "Ale" }]])).lost).toHaveLength(1);
  });

  it("expects a key the server cleared, or saved empty, to be stored as nothing", () => {
    const ledger = new SaveLedger();
    ledger.acknowledge("a", { resume: "N", middle_name: "" }, 1, ["resume_pdf"]);
    expect(ledger.check(rows([["a", { resume: "N" }]]))).toMatchObject({ keys: 3, lost: [] });
    expect(ledger.check(rows([["a", { resume: "N", resume_pdf: "ANSWERED" }]])).lost).toEqual([
      { applicant: "a", key: "resume_pdf", acknowledged: "(cleared)", stored: "ANSWERED" },
    ]);
  });

  it("compares lists and objects by value", () => {
    const ledger = new SaveLedger();
    ledger.acknowledge("a", { pronouns: ["she", "they"] }, 1);
    expect(ledger.check(rows([["a", { pronouns: ["she", "they"] }]])).lost).toEqual([]);
    expect(ledger.check(rows([["a", { pronouns: ["she"] }]])).lost).toHaveLength(1);
  });
});

describe("routeFigures", () => {
  it("gives each route its count, rate, quantiles of the answered requests, 5xx and other failures within the window", () => {
    const figures = routeFigures([
      { route: "PUT /api/answer", at: 100, ms: 10, status: 200 },
      { route: "PUT /api/answer", at: 200, ms: 30, status: 200 },
      { route: "PUT /api/answer", at: 300, ms: 5000, status: 0 },
      { route: "PUT /api/answer", at: 400, ms: 20, status: 503 },
      { route: "GET /api/profile", at: 500, ms: 40, status: 401 },
      { route: "GET /api/profile", at: 2500, ms: 1, status: 200 },
    ], 0, 2000);
    expect(figures).toEqual([
      { route: "GET /api/profile", count: 1, perSecond: 0.5, p50: 40, p95: 40, p99: 40, status5xx: 0, other: 1 },
      { route: "PUT /api/answer", count: 4, perSecond: 2, p50: 20, p95: 30, p99: 30, status5xx: 1, other: 1 },
    ]);
  });
});

describe("isConnectionReset", () => {
  it("tells a reset or refused connection from other failures", () => {
    for (const code of ["ECONNRESET", "EPIPE", "ECONNREFUSED"]) expect(isConnectionReset(Object.assign(new Error(code), { code }))).toBe(true);
    expect(isConnectionReset(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" }))).toBe(false);
    expect(isConnectionReset(new Error("other"))).toBe(false);
    expect(isConnectionReset(undefined)).toBe(false);
  });
});
