-- How many times a conversion was started: a job whose process died during it (a crash, a
-- restart) is tried once more, and a third start marks it FAILED instead of running it again,
-- so a file that kills its worker can never put the server in a crash loop.
ALTER TABLE document_answers ADD COLUMN attempts integer NOT NULL DEFAULT 0;
