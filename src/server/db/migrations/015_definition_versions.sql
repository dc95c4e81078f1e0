-- Definition versions (data/definition-versions.ts): the whole definition set an application is
-- answered and submitted against, kept as it was. A version is its files as JSON, named by their
-- SHA-256; a server starting on files not seen before publishes them, on the same files it
-- publishes nothing. A version is never changed or deleted.
CREATE TABLE definition_versions (
  hash text PRIMARY KEY,                     -- SHA-256 (hex) of `files`
  files json NOT NULL,                       -- the definition set as the engine reads it (json: as written, keys in order)
  label text NOT NULL,                       -- what people read: the day it was published and the hash's first 7 characters
  published_at timestamptz NOT NULL
);
-- The version an application was submitted on: set by the submit, never changed after. Those
-- submitted before versions were kept get the first version published.
ALTER TABLE applications ADD COLUMN submitted_version text REFERENCES definition_versions (hash);
-- Kept as published: a version is never changed, and never deleted (an application may be on it).
CREATE FUNCTION definition_versions_kept() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'a definition version is never changed or deleted'; END $$;
CREATE TRIGGER definition_versions_kept BEFORE UPDATE OR DELETE ON definition_versions FOR EACH ROW EXECUTE FUNCTION definition_versions_kept();
