-- Keeps search_words holding every word of every movie's search text. Words are never
-- removed: a stale word can only suggest a correction that then matches nothing.
CREATE OR REPLACE FUNCTION kd_collect_search_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT unnest(tsvector_to_array(NEW.search_vector))
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER movies_collect_search_words
  AFTER INSERT OR UPDATE OF title, director, genres ON movies
  FOR EACH ROW EXECUTE FUNCTION kd_collect_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM movies
  ON CONFLICT DO NOTHING;
