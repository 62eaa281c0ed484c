-- The people search and the admins' user search match a fragment anywhere in a username (and,
-- for admins, an email) with ILIKE '%…%', which no btree can answer: every member was read, some
-- 100 ms a search on 100,000 members, twice (the page and its count). Trigram indexes answer such
-- a pattern from three letters on (2.5 ms there). No pending list, as for every GIN index (0005).
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);