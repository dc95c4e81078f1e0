-- Staff logins: the time step of the last authenticator code used, so a code works once (a code
-- seen over a shoulder or in a proxy's log is worth nothing after its owner used it), and when
-- each staff member last logged in (the staff list shows it).
ALTER TABLE staff ADD COLUMN totp_step bigint;
ALTER TABLE staff ADD COLUMN last_login_at timestamptz;
