-- Which definition versions applications were submitted on, and how many on each (the exports'
-- columns, the office's list of versions), read without a scan of every application.
CREATE INDEX applications_submitted_version ON applications (submitted_version) WHERE submitted_version IS NOT NULL;
-- The version an application in progress is on (null: from before versions were kept), and the
-- answers it gave to questions a later version no longer asks: moved there, never deleted, when
-- the application moves to a newer version (routes/application.ts, GET /api/profile).
ALTER TABLE applications ADD COLUMN version text REFERENCES definition_versions (hash);
ALTER TABLE applications ADD COLUMN retired_answers jsonb NOT NULL DEFAULT '{}';
-- How many applications in progress are on each version (the office's list of versions).
CREATE INDEX applications_version_in_progress ON applications (version) WHERE submitted_at IS NULL;
