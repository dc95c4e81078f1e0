-- For each answer kept aside (retired_answers), the version it was given on: the office reads it
-- with that version's question and option texts, as the applicant did.
ALTER TABLE applications ADD COLUMN retired_from jsonb NOT NULL DEFAULT '{}';
