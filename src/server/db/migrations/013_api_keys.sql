-- The integration API's keys (staff/api-keys.ts): made by an admin or the operator for a student
-- information system, shown once, stored as an HMAC (as session ids), read-only by construction
-- (the key routes only read). A name is unique among live keys: a revoked key's name may be
-- given again, and its row stays for the audit log's sake.
CREATE TABLE api_keys (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  created_by integer REFERENCES staff,   -- null: the operator (npm run staff -- api-key create)
  last_used_at timestamptz,              -- renewed at most once a minute
  revoked_at timestamptz
);
CREATE UNIQUE INDEX api_keys_live_name ON api_keys (name) WHERE revoked_at IS NULL;

-- GET /staff/api/applications with a key: submitted applications in (submitted_at, id) order, paged by keyset.
CREATE INDEX applications_submitted_keyset ON applications (submitted_at, user_id) WHERE submitted_at IS NOT NULL;
