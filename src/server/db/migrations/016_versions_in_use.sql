-- Which definition versions applications were submitted on, and how many on each (the exports'
-- columns, the office's list of versions), read without a scan of every application.
CREATE INDEX applications_submitted_version ON applications (submitted_version) WHERE submitted_version IS NOT NULL;
