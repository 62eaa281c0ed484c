-- Usernames that look alike (Cyrillic а for Latin a, fullwidth letters, dotless ı, a Hangul
-- filler) registered beside each other: only lower(username) was unique. Each member gets a
-- look-alike key (the confusable skeleton of the case-folded NFKC name, server/src/lib/username.ts)
-- and the key is unique, so two requests racing for look-alike names end as one account.
-- SQL cannot compute the key: the column starts empty and the migration runner fills it for
-- every existing member right after this file (db/username-keys.ts), oldest first; a member
-- whose key an older member already holds keeps their name and gets the key suffixed with
-- "#<id>", so the upgrade never fails and the older member keeps the name's key.
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_skeleton_key" ON "users" USING btree ("username_skeleton");