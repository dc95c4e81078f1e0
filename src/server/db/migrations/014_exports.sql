-- Export jobs (export-jobs.ts): an admin's export too large to download at once is written to the
-- store by the job worker, and its file is kept 24 hours. The row says how far it has got (the
-- admin's page polls it) and where the file is. A job whose worker died is taken up again by
-- pg-boss: `attempt` counts the runs, and only the latest may write progress or finish, so a run
-- that was given up for dead cannot overwrite the one after it.
CREATE TABLE export_jobs (
  id uuid PRIMARY KEY,                       -- random, made by the server: it is in the download's address
  staff_id integer NOT NULL REFERENCES staff,
  format text NOT NULL CHECK (format IN ('csv', 'labels', 'jsonl', 'zip')),
  filter jsonb NOT NULL,                     -- the list's filter (applicationFilter), without the time zone
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempt integer NOT NULL DEFAULT 0,
  rows_done integer NOT NULL DEFAULT 0,
  rows_total integer,                        -- null until the run has counted
  storage_key text,                          -- exports/<random>.<extension>, once a run has started
  error text,                                -- a message for the admin; never a stack
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  expires_at timestamptz                     -- finished_at + 24 hours: the file and the row go then
);
CREATE INDEX export_jobs_created_at ON export_jobs (created_at DESC);
CREATE INDEX export_jobs_expires_at ON export_jobs (expires_at);
