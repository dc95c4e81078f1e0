-- The admissions office: staff accounts (apart from applicants' users), their sessions, the review
-- of each application, and an append-only audit log. Secrets (passwords, invitation ids, session
-- ids, recovery codes) are stored as Argon2id hashes or HMACs, as for applicants.

CREATE TABLE staff (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE,                -- lower-cased
  role text NOT NULL CHECK (role IN ('reader', 'reviewer', 'admin')),
  password_hash text,                        -- null until the invitation is used
  totp_secret text,                          -- base32; the second factor, set at enrolment
  totp_enrolled_at timestamptz,              -- null: the account cannot log in yet
  disabled_at timestamptz,                   -- a disabled account's sessions end at once
  created_at timestamptz NOT NULL,
  invited_by integer REFERENCES staff
);

-- One-time links that set a password and enrol the second factor: 24 hours, single use.
CREATE TABLE staff_invitations (
  id_hash text PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX staff_invitations_staff ON staff_invitations (staff_id);

-- Ten per enrolment, each usable once in place of an authenticator code.
CREATE TABLE staff_recovery_codes (
  staff_id integer NOT NULL REFERENCES staff ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (staff_id, code_hash)
);

CREATE TABLE staff_sessions (
  id_hash text PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- Who did what, when, from where: logins (and failed ones), views, downloads, review changes,
-- notes, staff changes. Never the answers. Rows are only ever added: the trigger refuses the rest.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  staff_id integer REFERENCES staff,         -- null for a failed login of an unknown address, and for the operator
  actor text NOT NULL,                       -- the staff member's e-mail (or "operator"), kept as it was then
  action text NOT NULL,
  application_id integer,                    -- applications.user_id, when the action is about one
  detail jsonb NOT NULL DEFAULT '{}',
  address text                               -- the client's IP address
);
CREATE INDEX audit_log_application ON audit_log (application_id, id) WHERE application_id IS NOT NULL;
CREATE INDEX audit_log_staff ON audit_log (staff_id, id);
CREATE INDEX audit_log_action ON audit_log (action, id);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- The review: a status once submitted, and internal notes the applicant never sees.
ALTER TABLE applications ADD COLUMN review_status text CHECK (review_status IN ('received', 'in review', 'needs information', 'complete'));
UPDATE applications SET review_status = 'received' WHERE submitted_at IS NOT NULL;
-- Saves by day ({"2026-11-22": 41}) for the application's timeline, counted by the save itself.
ALTER TABLE applications ADD COLUMN save_days jsonb NOT NULL DEFAULT '{}';

CREATE TABLE review_notes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications (user_id) ON DELETE CASCADE,
  staff_id integer NOT NULL REFERENCES staff,
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX review_notes_application ON review_notes (application_id, id);

-- The office's list (GET /staff/api/applications): the columns it filters and sorts on, taken
-- from the answers by the database itself, so a save writes nothing more.
ALTER TABLE applications ADD COLUMN applicant_name text GENERATED ALWAYS AS (btrim(coalesce(answers->>'first_name', '') || ' ' || coalesce(answers->>'last_name', ''))) STORED;
ALTER TABLE applications ADD COLUMN entry_term text GENERATED ALWAYS AS (answers->>'entry_term') STORED;
ALTER TABLE applications ADD COLUMN citizenship text GENERATED ALWAYS AS (answers->>'citizenship_us') STORED;
-- What a search matches, typos and all (pg_trgm, as the school lookups): name and reference.
ALTER TABLE applications ADD COLUMN search_text text GENERATED ALWAYS AS (lower(btrim(coalesce(answers->>'first_name', '') || ' ' || coalesce(answers->>'last_name', '') || ' ' || coalesce(reference, '')))) STORED;
CREATE INDEX applications_search ON applications USING gin (search_text gin_trgm_ops);
CREATE INDEX users_username_search ON users USING gin (username gin_trgm_ops);
