-- The office's dashboard (GET /staff/api/dashboard) and the list's plan filter: the application
-- plan taken from the answers by the database itself, as 007 did for the entry term, so a save
-- writes nothing more.
ALTER TABLE applications ADD COLUMN application_plan text GENERATED ALWAYS AS (answers->>'decision_type') STORED;
-- The list filtered by plan (a dashboard figure's link) reads it, as it reads 008's entry_term.
CREATE INDEX applications_plan ON applications (application_plan);
