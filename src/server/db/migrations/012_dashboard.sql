-- The office's dashboard (GET /staff/api/dashboard) and the list's plan filter: the application
-- plan taken from the answers by the database itself, as 007 did for the entry term, so a save
-- writes nothing more.
ALTER TABLE applications ADD COLUMN application_plan text GENERATED ALWAYS AS (answers->>'decision_type') STORED;
-- The list filtered by plan (a dashboard figure's link) reads it, as it reads 008's entry_term.
CREATE INDEX applications_plan ON applications (application_plan);
-- When each application was started (its account made): the dashboard's started counts and its
-- splits read this cycle's accounts, and the list's started_from/started_to filter looks them
-- up. EXPLAIN over 100,000 applications (scripts/bench-office.ts): without it each of those read
-- every account and hashed them all to join (about 90 ms of the dashboard's 300 for the started
-- counts alone); with it the counts are an index-only range. An account row is written at sign-up
-- and at a few account changes, never by an autosave, so it costs the applicants nothing.
CREATE INDEX users_created ON users (created_at, id);
