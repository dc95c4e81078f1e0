-- The reference an application gets at submit (WU-FA26-004821): the applicant quotes it to the
-- office, it heads the confirmation e-mail and the PDF copy's cover page. Numbers come from a
-- sequence, so submits at the same moment, on any server copy, never share one; a submit that is
-- refused draws none (the function runs only for the row the UPDATE submits).
ALTER TABLE applications ADD COLUMN reference text UNIQUE;

CREATE SEQUENCE application_reference_seq;

-- {prefix}-{term}-{number}: at least six digits, more once the numbers outgrow them (lpad alone
-- would cut 1000000 down to 100000, a reference already given).
CREATE FUNCTION next_application_reference(prefix text, term text) RETURNS text LANGUAGE sql VOLATILE
  AS $$ SELECT prefix || '-' || term || '-' || lpad(n::text, greatest(6, length(n::text)), '0') FROM nextval('application_reference_seq') AS n $$;
