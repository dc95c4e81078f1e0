-- Documents an applicant attaches, the PDF copy of an application, and the service tokens that
-- let the PDF printer read one application. Files live in storage (src/server/storage) under
-- random keys; these rows say whose they are. pg-boss keeps its own tables (schema pgboss).

-- Storage keys handed out in upload forms (POST /api/presigned-url): a conversion may name only
-- a key issued to the same applicant for the same answer key.
CREATE TABLE upload_keys (
  storage_key text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
  answer_key text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX upload_keys_user ON upload_keys (user_id);

-- One document per applicant and answer key, from upload to converted PDF.
CREATE TABLE document_answers (
  user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
  answer_key text NOT NULL,
  file_name text NOT NULL,                  -- the applicant's own name for it, shown back to them
  upload_key text NOT NULL,                 -- the uploaded bytes
  file_size integer,
  pdf_key text,                             -- the converted PDF, once COMPLETED
  status text NOT NULL,                     -- UNPROCESSED, IN_PROGRESS, COMPLETED, FAILED
  message text,                             -- why it FAILED, in words for the applicant
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, answer_key)
);

-- The PDF copy of an application, made again when the answers have changed since.
CREATE TABLE pdf_copies (
  user_id integer PRIMARY KEY REFERENCES users ON DELETE CASCADE,
  status text NOT NULL,                     -- UNPROCESSED, IN_PROGRESS, COMPLETED, FAILED
  pdf_key text,
  message text,
  made_from timestamptz NOT NULL,           -- the application's updated_at it was made from
  updated_at timestamptz NOT NULL
);

-- Read-only access to one application for the PDF printer, for minutes.
CREATE TABLE service_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
