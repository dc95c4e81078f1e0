-- The office's marks on an application's checklist (institution.json "checklist"): one row per
-- item marked received, by the item's id. Unmarking deletes the row; the audit log keeps both.
CREATE TABLE checklist_marks (
  application_id integer NOT NULL REFERENCES applications ON DELETE CASCADE,
  item text NOT NULL,
  marked_by integer NOT NULL REFERENCES staff,
  marked_at timestamptz NOT NULL,
  PRIMARY KEY (application_id, item)
);
