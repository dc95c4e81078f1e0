-- The office's dashboard (GET /staff/api/dashboard) and the list's plan filter: the application
-- plan taken from the answers by the database itself, as 007 did for the entry term, so a save
-- writes nothing more.
ALTER TABLE applications ADD COLUMN application_plan text GENERATED ALWAYS AS (answers->>'decision_type') STORED;
-- The list filtered by plan (a dashboard figure's link), as 008 indexed entry_term: a plan few
-- applicants choose (early decision) is found by the index; a common one is read by a scan either way.
CREATE INDEX applications_plan ON applications (application_plan);
-- When each application was started (its account made): the dashboard's started counts and its
-- splits read this cycle's accounts, and the list's started_from/started_to filter looks them
-- up. EXPLAIN ANALYZE over 100,000 applications (scripts/bench-office.ts, on a busy 2-core
-- machine): without it the started and submitted counts read both tables whole and hashed them
-- to join, 310-420 ms; with it they are two index-only ranges (this one and 008's
-- applications_submitted), 12-15 ms, and the splits hash only this cycle's accounts, 240 -> 100 ms.
-- An account row is written at sign-up and at a few account changes, never by an autosave.
CREATE INDEX users_created ON users (created_at, id);
