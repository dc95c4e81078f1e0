-- The applicant's own account (routes/own-account.ts): a change of e-mail address waits here, with
-- the code mailed to the new address, until the code comes back. One change at a time per
-- account: asking again replaces it (and its code). The code is stored as an HMAC, as sign-up's.
-- The audit log (007) also records what applicants do to their own accounts: their rows have no
-- staff_id, and the actor is the applicant's address at the time.
CREATE TABLE email_changes (
  user_id integer PRIMARY KEY REFERENCES users ON DELETE CASCADE,
  new_username text NOT NULL,             -- lower-cased
  code_hash text NOT NULL,                -- hash of "email:{user id}:{new address}:{code}"
  expires_at timestamptz NOT NULL,        -- 10 minutes
  failed_attempts integer NOT NULL DEFAULT 0
);
