-- GIN indexes buffer new entries in a pending list by default, and whichever insert finds
-- the list full merges it into the index: a stall of seconds for that one request, and on
-- PGlite, where one connection serves everyone and no autovacuum empties the list in the
-- background, for every request queued behind it. Each write now updates its index
-- entries at once (a little slower, never a stall). The lists built up so far are emptied.
ALTER INDEX "movies_search_fts_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "search_words_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('movies_search_fts_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('search_words_trgm_idx'::regclass);
