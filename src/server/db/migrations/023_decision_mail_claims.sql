-- The mail that a decision is available, sent at most once and never lost (decisions/mail.ts): a
-- run claims a batch (mail_claim, its own token, and when), marks each row mailed as its mail is
-- accepted, and gives back what it did not send. A claim older than the decision-mail job's
-- expiry is a dead run's, and the next run takes it.
ALTER TABLE decisions ADD COLUMN mail_claim text;
ALTER TABLE decisions ADD COLUMN mail_claimed_at timestamptz;
