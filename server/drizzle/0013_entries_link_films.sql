-- Every member's entry now belongs to a film of the shared catalogue, and comments belong to the
-- film (docs/catalogue.md "Entries", "Comments", "Linking"). Existing entries are linked here in a
-- few set-based statements, whatever their number: to an existing film of the same folded title and
-- a year within one (closest year, then the oldest film), else to a member film made from them.
-- A member's two entries of one film become one (the most recently updated stays, the other's
-- comments move to it). From here on an entry's title, year, genres, director, overview and poster
-- are its film's, copied by the triggers at the end, so lists and movie search still read one table.
ALTER TABLE "comments" DROP CONSTRAINT "comments_movie_id_movies_id_fk";
--> statement-breakpoint
DROP INDEX "comments_movie_status_idx";--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "movie_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "movies" ALTER COLUMN "title" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "film_id" uuid;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "film_id" uuid;--> statement-breakpoint
-- contracts/src/genres.ts toCatalogueGenres in SQL (a migration cannot import it): the catalogue's
-- genres for the given names, each once, in the order first named, at most five.
-- server/src/db/catalogue-genres.test.ts holds the two to the same answers for every known name.
CREATE OR REPLACE FUNCTION kd_catalogue_genres(names text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT coalesce(array_agg(g ORDER BY pos), '{}'::text[]) FROM (
    SELECT m.g, min(u.ord * 10 + m.sub) AS pos
    FROM unnest(names) WITH ORDINALITY AS u(name, ord)
    CROSS JOIN LATERAL unnest(CASE
      WHEN btrim(u.name) IN ('Bioqrafik', 'Cizgi filmi', 'Dəhşət', 'Detektiv', 'Döyüş', 'Dram', 'Ailə', 'Fantastika', 'Fantaziya', 'İdman', 'Komediya', 'Kriminal', 'Macəra', 'Melodram', 'Musiqi', 'Musiqili', 'Müharibə', 'Qısametrajlı', 'Sənədli', 'Superqəhrəman', 'Tarixi', 'Triller', 'Vestern') THEN ARRAY[btrim(u.name)]
      ELSE CASE lower(btrim(u.name))
        WHEN 'action' THEN ARRAY['Döyüş']
        WHEN 'adventure' THEN ARRAY['Macəra']
        WHEN 'animation' THEN ARRAY['Cizgi filmi']
        WHEN 'biography' THEN ARRAY['Bioqrafik']
        WHEN 'black comedy' THEN ARRAY['Komediya']
        WHEN 'comedy' THEN ARRAY['Komediya']
        WHEN 'concert/performance' THEN ARRAY['Musiqi']
        WHEN 'crime' THEN ARRAY['Kriminal']
        WHEN 'documentary' THEN ARRAY['Sənədli']
        WHEN 'drama' THEN ARRAY['Dram']
        WHEN 'family' THEN ARRAY['Ailə']
        WHEN 'fantasy' THEN ARRAY['Fantaziya']
        WHEN 'film-noir' THEN ARRAY['Kriminal']
        WHEN 'historical fiction' THEN ARRAY['Tarixi']
        WHEN 'history' THEN ARRAY['Tarixi']
        WHEN 'horror' THEN ARRAY['Dəhşət']
        WHEN 'kids fiction' THEN ARRAY['Ailə']
        WHEN 'music' THEN ARRAY['Musiqi']
        WHEN 'musical' THEN ARRAY['Musiqili']
        WHEN 'mystery' THEN ARRAY['Detektiv']
        WHEN 'romance' THEN ARRAY['Melodram']
        WHEN 'romantic comedy' THEN ARRAY['Komediya', 'Melodram']
        WHEN 'sci-fi' THEN ARRAY['Fantastika']
        WHEN 'science fiction' THEN ARRAY['Fantastika']
        WHEN 'short' THEN ARRAY['Qısametrajlı']
        WHEN 'sport' THEN ARRAY['İdman']
        WHEN 'super hero' THEN ARRAY['Superqəhrəman']
        WHEN 'thriller' THEN ARRAY['Triller']
        WHEN 'thriller/suspense' THEN ARRAY['Triller']
        WHEN 'war' THEN ARRAY['Müharibə']
        WHEN 'western' THEN ARRAY['Vestern']
        ELSE '{}'::text[] END
      END) WITH ORDINALITY AS m(g, sub)
    GROUP BY m.g
    ORDER BY pos
    LIMIT 5
  ) firsts
$$;
--> statement-breakpoint
-- Which film each entry is of: an existing film's id, or (first_id) the group whose member film
-- is made below. Entries of one folded title form a group when their years chain within one
-- (1999, 2000, 2001 are one group; 1999 and 2001 alone are two); entries without a year form one
-- group per title, and match only films without a year.
-- Sorts and hashes of a million entries stay in memory, and the indexes rebuilt below are built
-- in one pass (for this transaction only).
SET LOCAL work_mem = '64MB';
--> statement-breakpoint
SET LOCAL maintenance_work_mem = '256MB';
--> statement-breakpoint
CREATE TABLE "kd_link_0013" AS
WITH entries AS (
  -- Grouped by byte order: the groups are the same, and sorting is several times cheaper.
  SELECT id, kd_fold(btrim(title)) COLLATE "C" AS title_key, year, created_at FROM movies
),
known AS (
  SELECT DISTINCT ON (e.id) e.id AS movie_id, f.id AS film_id
  FROM entries e
  JOIN films f ON f.title_key = e.title_key
    AND (f.year BETWEEN e.year - 1 AND e.year + 1 OR (e.year IS NULL AND f.year IS NULL))
  ORDER BY e.id, abs(f.year - e.year), f.created_at, f.id
),
rest AS (
  SELECT e.*,
    CASE WHEN e.year - lag(e.year) OVER (PARTITION BY e.title_key ORDER BY e.year) <= 1 THEN 0 ELSE 1 END AS starts
  FROM entries e
  WHERE NOT EXISTS (SELECT 1 FROM known k WHERE k.movie_id = e.id)
),
islands AS (
  SELECT r.*,
    CASE WHEN r.year IS NULL THEN 0
      ELSE sum(r.starts) OVER (PARTITION BY r.title_key, r.year IS NULL ORDER BY r.year, r.created_at, r.id) END AS island
  FROM rest r
)
SELECT k.movie_id, k.film_id, NULL::uuid AS first_id FROM known k
UNION ALL
SELECT i.id, NULL::uuid,
  first_value(i.id) OVER (PARTITION BY i.title_key, i.island ORDER BY i.created_at, i.id)
FROM islands i;
--> statement-breakpoint
CREATE TABLE "kd_new_films_0013" AS
SELECT first_id, gen_random_uuid() AS film_id
FROM (SELECT DISTINCT first_id FROM kd_link_0013 WHERE first_id IS NOT NULL) firsts;
--> statement-breakpoint
-- Many new films: their indexes are built afresh after them, rather than updated a row at a time
-- (a few new films keep them).
DO $$
BEGIN
  IF (SELECT count(*) FROM kd_new_films_0013) > 20000 THEN
    DROP INDEX "films_search_fts_idx";
    DROP INDEX "films_title_key_year_idx";
    DROP INDEX "films_created_by_idx";
  END IF;
END $$;
--> statement-breakpoint
-- A member film takes the facts of its group's earliest entry, and that entry's owner made it.
-- Genres are mapped once per distinct list (lists repeat; the mapping is a function call).
INSERT INTO films (id, title, year, directors, genres, overview, poster_url, source, created_by, created_at, updated_at)
WITH firsts AS (
  SELECT n.film_id, m.title, m.year, m.director, m.genres, m.overview, m.poster_url, m.owner_id, m.created_at
  FROM kd_new_films_0013 n JOIN movies m ON m.id = n.first_id
),
mapped AS (
  SELECT genres, kd_catalogue_genres(genres) AS catalogue FROM (SELECT DISTINCT genres FROM firsts) lists
)
SELECT f.film_id, btrim(f.title), f.year,
  CASE WHEN nullif(btrim(f.director), '') IS NULL THEN '{}'::text[] ELSE ARRAY[btrim(f.director)] END,
  g.catalogue, f.overview, f.poster_url, 'member', f.owner_id, f.created_at, f.created_at
FROM firsts f JOIN mapped g ON g.genres = f.genres;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "films_search_fts_idx" ON "films" USING gin ("search_vector") WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "films_title_key_year_idx" ON "films" USING btree ("title_key","year");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "films_created_by_idx" ON "films" USING btree ("created_by");
--> statement-breakpoint
UPDATE kd_link_0013 l SET film_id = n.film_id FROM kd_new_films_0013 n WHERE l.first_id = n.first_id;
--> statement-breakpoint
-- A member's entries that landed on one film: the most recently updated stays.
CREATE TABLE "kd_dupes_0013" AS
SELECT movie_id, kept_id FROM (
  SELECT l.movie_id,
    first_value(l.movie_id) OVER (PARTITION BY m.owner_id, l.film_id ORDER BY m.updated_at DESC, m.id DESC) AS kept_id
  FROM kd_link_0013 l JOIN movies m ON m.id = l.movie_id
) ranked
WHERE movie_id <> kept_id;
--> statement-breakpoint
UPDATE comments c SET movie_id = d.kept_id FROM kd_dupes_0013 d WHERE c.movie_id = d.movie_id;
--> statement-breakpoint
DELETE FROM movies m USING kd_dupes_0013 d WHERE m.id = d.movie_id;
--> statement-breakpoint
-- Every entry is rewritten once; its indexes are rebuilt afterwards rather than updated a row at
-- a time, and the per-row word collection (0004) is replaced by one statement: an entry's words
-- are now its film's (collected when the film was stored) and its genres'.
DROP INDEX "movies_search_fts_idx";
--> statement-breakpoint
DROP INDEX "movies_owner_newest_idx";
--> statement-breakpoint
DROP INDEX "movies_created_at_idx";
--> statement-breakpoint
ALTER TABLE movies DISABLE TRIGGER movies_collect_search_words;
--> statement-breakpoint
UPDATE movies m SET film_id = f.id, title = f.title, year = f.year, genres = f.genres,
  director = f.directors[1], overview = f.overview, poster_url = f.poster_url
FROM kd_link_0013 l JOIN films f ON f.id = l.film_id
WHERE m.id = l.movie_id;
--> statement-breakpoint
ALTER TABLE movies ENABLE TRIGGER movies_collect_search_words;
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('simple'::regconfig, kd_fold(g))))
  FROM (SELECT DISTINCT unnest(genres) AS g FROM movies) gs
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE INDEX "movies_search_fts_idx" ON "movies" USING gin ("search_vector") WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "movies_owner_newest_idx" ON "movies" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "movies_created_at_idx" ON "movies" USING btree ("created_at");
--> statement-breakpoint
UPDATE comments c SET film_id = m.film_id FROM movies m WHERE m.id = c.movie_id;
--> statement-breakpoint
DROP TABLE "kd_link_0013";--> statement-breakpoint
DROP TABLE "kd_new_films_0013";--> statement-breakpoint
DROP TABLE "kd_dupes_0013";--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "film_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "movies" ALTER COLUMN "film_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_film_status_idx" ON "comments" USING btree ("film_id","status","created_at");--> statement-breakpoint
CREATE INDEX "comments_movie_idx" ON "comments" USING btree ("movie_id");--> statement-breakpoint
CREATE UNIQUE INDEX "movies_owner_film_key" ON "movies" USING btree ("owner_id","film_id");--> statement-breakpoint
CREATE INDEX "movies_film_idx" ON "movies" USING btree ("film_id");--> statement-breakpoint
-- An entry's facts are always its film's: whatever a write sets, they are read from the film.
CREATE OR REPLACE FUNCTION kd_movie_copy_film() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  SELECT f.title, f.year, f.genres, f.directors[1], f.overview, f.poster_url
    INTO NEW.title, NEW.year, NEW.genres, NEW.director, NEW.overview, NEW.poster_url
    FROM films f WHERE f.id = NEW.film_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER movies_copy_film
  BEFORE INSERT OR UPDATE OF film_id, title, year, genres, director, overview, poster_url ON movies
  FOR EACH ROW EXECUTE FUNCTION kd_movie_copy_film();
--> statement-breakpoint
-- A film's new facts reach its entries in the same statement (an edit, an import's refresh).
CREATE OR REPLACE FUNCTION kd_film_facts_to_movies() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE movies m SET title = f.title, year = f.year, genres = f.genres, director = f.directors[1],
      overview = f.overview, poster_url = f.poster_url
    FROM updated_films f
    WHERE m.film_id = f.id
      AND (m.title, m.year, m.genres, m.director, m.overview, m.poster_url)
        IS DISTINCT FROM (f.title, f.year, f.genres, f.directors[1], f.overview, f.poster_url);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER films_facts_to_movies
  AFTER UPDATE ON films REFERENCING NEW TABLE AS updated_films
  FOR EACH STATEMENT EXECUTE FUNCTION kd_film_facts_to_movies();
