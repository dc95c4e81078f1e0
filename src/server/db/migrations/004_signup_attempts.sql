-- Sign-up attempts (SECURITY.md: pre-hijacked accounts). Each sign-up of an unconfirmed address
-- is an attempt of its own: its password, its code, and the browser that made it (the id in its
-- HttpOnly cookie). Confirming needs that browser and that code, and sets that attempt's password
-- only, so a password someone else chose for the address never opens the account. Codes of the
-- old one-per-account table are dropped: a new sign-up or a password reset confirms such an account.
DROP TABLE confirmation_codes;

CREATE TABLE signup_attempts (
  id_hash text PRIMARY KEY,               -- the browser's attempt id, hashed
  user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
  password_hash text NOT NULL,
  code_hash text NOT NULL,                -- hash of "{user id}:{code}"
  code_expires_at timestamptz NOT NULL,   -- the code: 10 minutes, renewed by a resend
  expires_at timestamptz NOT NULL,        -- the attempt: a day after the last code
  failed_attempts integer NOT NULL DEFAULT 0
);
CREATE INDEX signup_attempts_user ON signup_attempts (user_id);
