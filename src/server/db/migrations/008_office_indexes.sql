-- The office's list over 100,000 applications (scripts/bench-office.ts): what its filters and
-- sorts read, so a page is an index walk instead of a sort of the whole table.
-- Every autosave writes the application row with a new updated_at, so an index on it means
-- one more index entry per save. Measured on 100,000 rows: saves were not HOT updates before it
-- (each rewrites the TOASTed answers, and the row moves), 0.65 ms a save with it or without;
-- the list's first page, by last activity, went from a sort of every row to reading 51.
CREATE INDEX applications_activity ON applications (updated_at, user_id);
-- The rest change only when the applicant changes a name or a term, or the office a review.
CREATE INDEX applications_name ON applications (applicant_name, user_id);
CREATE INDEX applications_entry_term ON applications (entry_term);
CREATE INDEX applications_review_status ON applications (review_status);
CREATE INDEX applications_submitted ON applications (submitted_at) WHERE submitted_at IS NOT NULL;
-- A whole reference typed into the search reads 006's UNIQUE index.
