-- The shared film catalogue (docs/catalogue.md): one row per film, filled from the bundled
-- catalogue, IMDb's datasets, TMDB or a member's own entry. Search folds and indexes it as it
-- does members' movies (0001, 0003), and its words join search_words so a misspelt query word
-- finds its film (0004's trigger function serves both tables).
CREATE TABLE "films" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"original_title" text,
	"year" integer,
	"directors" text[] DEFAULT '{}'::text[] NOT NULL,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"runtime" integer,
	"overview" text,
	"poster_url" text,
	"imdb_id" text,
	"tmdb_id" integer,
	"source" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title_key" text GENERATED ALWAYS AS (kd_fold(title)) STORED NOT NULL,
	"search_text" text GENERATED ALWAYS AS (kd_fold(title || ' ' || coalesce(original_title, '') || ' ' || kd_join(directors))) STORED NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, kd_fold(title || ' ' || coalesce(original_title, '') || ' ' || kd_join(directors)))) STORED NOT NULL,
	CONSTRAINT "films_source_check" CHECK ("films"."source" in ('catalogue', 'imdb', 'tmdb', 'member')),
	CONSTRAINT "films_runtime_check" CHECK ("films"."runtime" between 1 and 6000)
);
--> statement-breakpoint
ALTER TABLE "films" ADD CONSTRAINT "films_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "films_search_fts_idx" ON "films" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "films_title_key_year_idx" ON "films" USING btree ("title_key","year");--> statement-breakpoint
CREATE UNIQUE INDEX "films_imdb_id_key" ON "films" USING btree ("imdb_id");--> statement-breakpoint
CREATE UNIQUE INDEX "films_tmdb_id_key" ON "films" USING btree ("tmdb_id");--> statement-breakpoint
CREATE INDEX "films_created_by_idx" ON "films" USING btree ("created_by");--> statement-breakpoint
-- Once per statement, not per row: an IMDb import inserts films a thousand at a time.
CREATE OR REPLACE FUNCTION kd_collect_film_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM changed_films
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER films_collect_search_words_on_insert
  AFTER INSERT ON films REFERENCING NEW TABLE AS changed_films
  FOR EACH STATEMENT EXECUTE FUNCTION kd_collect_film_words();
--> statement-breakpoint
CREATE TRIGGER films_collect_search_words_on_update
  AFTER UPDATE ON films REFERENCING NEW TABLE AS changed_films
  FOR EACH STATEMENT EXECUTE FUNCTION kd_collect_film_words();
