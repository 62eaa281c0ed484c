-- Search moved from trigram matching over whole titles to full-text matching of words,
-- with typos corrected against the dictionary of known words (search_words): on a million
-- movies a common word no longer makes the trigram index recheck most of the table.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "movies_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, kd_fold(title || ' ' || coalesce(director, '') || ' ' || kd_join(genres)))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "movies_search_fts_idx" ON "movies" USING gin ("search_vector");