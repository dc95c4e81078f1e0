-- The office's requests for information (POST /staff/api/applications/{id}/requests): a message
-- to the applicant, maybe about a checklist item, and the applicant's reply from the status page.
-- One open request at a time per application. Rows are kept: the timeline shows each.
CREATE TABLE information_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications ON DELETE CASCADE,
  item text,                                -- the checklist item it asks for (institution.json "checklist"), if any
  message text NOT NULL,
  asked_by integer NOT NULL REFERENCES staff,
  asked_at timestamptz NOT NULL,
  reply text,                               -- the applicant's words ('' when they sent only the file)
  replied_at timestamptz,
  withdrawn_by integer REFERENCES staff,
  withdrawn_at timestamptz,
  CHECK (replied_at IS NULL OR withdrawn_at IS NULL)
);
CREATE INDEX information_requests_application ON information_requests (application_id, id);
CREATE UNIQUE INDEX information_requests_one_open ON information_requests (application_id) WHERE replied_at IS NULL AND withdrawn_at IS NULL;

-- For the office's list (filter "request"): open while a request waits for its reply; replied
-- from the reply until a reviewer next sets the review status; else null.
ALTER TABLE applications ADD COLUMN request_state text CHECK (request_state IN ('open', 'replied'));
CREATE INDEX applications_request_state ON applications (request_state, updated_at DESC, user_id) WHERE request_state IS NOT NULL;

-- A checklist item's file the applicant sent after submitting (routes/documents.ts): converted
-- although the application is submitted, which a document started before the submit is not.
ALTER TABLE document_answers ADD COLUMN after_submit boolean NOT NULL DEFAULT false;
