-- An entry's words join search_words once per statement instead of once per row: an import adds its
-- entries 25 to a statement (docs/import-export.md), and the row trigger ran an INSERT for each.
-- The inserted rows come from the transition table movies_announce_inserted already keeps (0021).
-- An update keeps the row trigger: a trigger with a transition table cannot be limited to the
-- columns that hold the words (title, director, genres), and most updates (a rating) change none.
CREATE OR REPLACE FUNCTION kd_collect_movie_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM changed_movies
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER movies_collect_search_words ON movies;
--> statement-breakpoint
CREATE TRIGGER movies_collect_search_words
  AFTER UPDATE OF title, director, genres ON movies
  FOR EACH ROW EXECUTE FUNCTION kd_collect_search_words();
--> statement-breakpoint
CREATE TRIGGER movies_collect_search_words_on_insert
  AFTER INSERT ON movies REFERENCING NEW TABLE AS changed_movies
  FOR EACH STATEMENT EXECUTE FUNCTION kd_collect_movie_words();
