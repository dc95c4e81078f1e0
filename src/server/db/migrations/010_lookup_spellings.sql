-- Spellings one slip away from the words of the schools' names (lookup/schools.ts): trigrams
-- forgive a letter missing from a long word, but hardly two letters swapped ("Amreican" shares 5
-- of 13 trigrams with American) or a slip in a short word ("Bihop"). So every word of
-- lookup_schools.search_words is kept with each spelling that drops one of its letters (the
-- "symmetric delete" of spelling checkers): a typed word that differs from it by one letter
-- missing, added or changed, or by two neighbours swapped, has a spelling in common with it.
-- Rewritten by the import (lookup/import.ts) with the schools; read by equality, a B-tree lookup.
CREATE TABLE lookup_spellings (
  category text NOT NULL,
  spelling text NOT NULL,
  word text NOT NULL,
  PRIMARY KEY (category, spelling, word)
);

-- The word itself and the word without each one of its letters: "saint", "aint", "sint", "sant"…
CREATE FUNCTION lookup_spellings_of(text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT $1 UNION SELECT overlay($1 PLACING '' FROM at FOR 1) FROM generate_series(1, length($1)) AS at $$;

-- The words of a category's schools, with their spellings; the import runs it after changing the schools.
CREATE FUNCTION refresh_lookup_spellings(text) RETURNS void LANGUAGE sql
  AS $$ DELETE FROM lookup_spellings WHERE category = $1; INSERT INTO lookup_spellings (category, spelling, word) SELECT DISTINCT $1, spelling, word FROM (SELECT DISTINCT word FROM lookup_schools, regexp_split_to_table(search_words, '\s+') AS word WHERE category = $1 AND word <> '') AS words, lookup_spellings_of(word) AS spelling $$;

SELECT refresh_lookup_spellings(category) FROM (SELECT DISTINCT category FROM lookup_schools) AS categories;
