-- A member's unread count and latest unread newsletters read their read marks by user. The old
-- index held only user_id, so each mark was also read from the table, one random page each (20
-- marks: some 23 pages). This one carries the newsletter too, so both are index-only scans
-- (4 pages); it still serves the foreign key's lookups by user.
CREATE INDEX "newsletter_reads_user_newsletter_idx" ON "newsletter_reads" USING btree ("user_id","newsletter_id");--> statement-breakpoint
DROP INDEX "newsletter_reads_user_idx";
