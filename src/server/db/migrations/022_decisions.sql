-- The office's decision on a submitted application (form-definitions/decisions.json): recorded by
-- a reviewer, released to the applicant at a moment an admin sets (now, or later), never seen
-- before it. The letter is written out when the release is set, and kept as it was written: a
-- staff edit to decisions.json afterwards changes no letter already on its way.
CREATE TABLE decisions (
  application_id integer PRIMARY KEY REFERENCES applications ON DELETE CASCADE,
  code text NOT NULL,
  recorded_by integer NOT NULL REFERENCES staff,
  recorded_at timestamptz NOT NULL,
  release_at timestamptz,                   -- the applicant sees it from then; null until an admin sets it
  letter text,                              -- Markdown, its placeholders filled, once release_at is set
  respond_by timestamptz,                   -- the end of respondBy's day in the office's time zone, if it asks an answer
  response text CHECK (response IN ('accepted', 'declined')),
  responded_at timestamptz,
  mailed_at timestamptz,                    -- the mail that a decision is available
  CHECK ((release_at IS NULL) = (letter IS NULL))
);
CREATE INDEX decisions_code ON decisions (code, release_at);
CREATE INDEX decisions_to_mail ON decisions (release_at) WHERE mailed_at IS NULL AND release_at IS NOT NULL;
