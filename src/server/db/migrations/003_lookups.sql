-- The schools applicants search for (GET /lookup/find): high schools (hs_ceeb) and colleges
-- (college_ceeb) by their College Board CEEB code, loaded from CSV by npm run lookups:import
-- (src/server/lookup/import.ts). pg_trgm's trigram matching finds a school despite typos and
-- half-typed words; PGlite loads the extension in db/database.ts, Debian's PostgreSQL ships it.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The words of a school's name that tell it apart: without "High School", "Academy", "College"…
-- Those words are in thousands of names, so a typo search ("Daton School") would match every
-- School and find Anniston School of the Arts before Dayton, slowly. Words of one or two letters
-- go too: "lincon hi" is someone still typing "Lincoln High". Lower case, so a search compares
-- words, not capitals.
CREATE FUNCTION lookup_words(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(lower($1), '\m(the|of|and|for|high|junior|senior|school|schools|academy|preparatory|prep|college|university|\w{1,2})\M', ' ', 'g')) $$;

CREATE TABLE lookup_schools (
  category text NOT NULL CHECK (category IN ('hs_ceeb', 'college_ceeb')),
  ceeb text NOT NULL,                       -- digits, leading zeros kept
  name text NOT NULL,
  address_line_1 text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,                      -- two-letter code in the USA and Canada, as the form's selects store it
  zip text NOT NULL,
  country text NOT NULL,                    -- ISO 3166-1 alpha-3
  is_sample boolean NOT NULL,               -- from lookup-data/: removed by the first real import of the category
  -- What a typo search matches: the name's own words, and the city, so "lincon omaha" finds the one in Omaha.
  search_words text GENERATED ALWAYS AS (lookup_words(name || ' ' || city)) STORED,
  PRIMARY KEY (category, ceeb)
);

-- A search (lookup/schools.ts) first reads the names starting with the text, by range on this index…
CREATE INDEX lookup_schools_name ON lookup_schools (category, lower(name) text_pattern_ops);
-- …then names and cities similar to it (typos, a later word): trigrams. An import empties the
-- index's pending list when it is done (lookup/import.ts).
CREATE INDEX lookup_schools_search ON lookup_schools USING gin (search_words gin_trgm_ops);
