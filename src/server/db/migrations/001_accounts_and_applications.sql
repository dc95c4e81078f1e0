-- Accounts, sessions and each applicant's application. Secrets (codes, reset ids, session ids,
-- temporary-answer tokens) are stored only as SHA-256 hashes: a copy of the database lets no
-- one log in or confirm.

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL UNIQUE,            -- the e-mail address, lower-cased
  password_hash text NOT NULL,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE TABLE confirmation_codes (
  user_id integer PRIMARY KEY REFERENCES users ON DELETE CASCADE,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0
);

CREATE TABLE password_resets (
  id_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX password_resets_user ON password_resets (user_id);

CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE successful_logins (
  user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
  logged_in_at timestamptz NOT NULL
);
CREATE INDEX successful_logins_user ON successful_logins (user_id);

-- Counters for throttling (failed logins, mail sent): shared by every server copy.
CREATE TABLE throttles (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);

-- One row per applicant. Everything a save needs is in this row, so a save is one read and one
-- conditional write (revision), never a lost update.
CREATE TABLE applications (
  user_id integer PRIMARY KEY REFERENCES users ON DELETE CASCADE,
  answers jsonb NOT NULL DEFAULT '{}',
  revision integer NOT NULL DEFAULT 0,
  last_page text,
  web_status jsonb NOT NULL DEFAULT '[]',   -- [{web_status, created_at}], in order
  tabs jsonb NOT NULL DEFAULT '{}',         -- tab group id -> chosen tab
  add_another jsonb NOT NULL DEFAULT '{}',  -- add-another group id -> number of blocks
  validations jsonb,                        -- the last errors computed by POST /api/validations
  submitted_at timestamptz,
  updated_at timestamptz NOT NULL
);

-- Answers a visitor saved for later, reachable by a token.
CREATE TABLE temporary_answers (
  token_hash text PRIMARY KEY,
  answers jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Keys the server makes on first start (see auth/secrets.ts).
CREATE TABLE server_keys (
  name text PRIMARY KEY,
  value text NOT NULL
);
