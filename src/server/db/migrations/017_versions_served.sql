-- When a server last started on each version: the one started on last is the one applicants
-- meet, also after going back to an older version's files (the same content is the same version,
-- so nothing new is published then). npm run definitions -- export writes that one out.
ALTER TABLE definition_versions ADD COLUMN last_served_at timestamptz;
-- What a version is stays kept (015): only when it was last served may change.
DROP TRIGGER definition_versions_kept ON definition_versions;
CREATE TRIGGER definition_versions_kept BEFORE UPDATE OF hash, files, label, published_at OR DELETE ON definition_versions
  FOR EACH ROW EXECUTE FUNCTION definition_versions_kept();
UPDATE definition_versions SET last_served_at = published_at;
ALTER TABLE definition_versions ALTER COLUMN last_served_at SET NOT NULL;
