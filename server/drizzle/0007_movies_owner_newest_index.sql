-- A member's movies are listed newest first: ORDER BY created_at DESC, id DESC (NULLS FIRST, as
-- DESC implies). The old index held created_at DESC NULLS LAST and id ascending, which matches
-- neither, so PostgreSQL sorted every movie of the member for each page, or, for a large
-- collection, walked the whole catalogue's created_at index backwards filtering by owner: 600 ms
-- for a page of a member with 3,000 movies older than the rest, on 1,000,000 movies. This one is
-- in the list's order, so a page reads its own rows and stops.
DROP INDEX "movies_owner_created_idx";--> statement-breakpoint
CREATE INDEX "movies_owner_newest_idx" ON "movies" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);