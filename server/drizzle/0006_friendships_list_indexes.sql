-- The lists of friends and of requests read a member's rows by requester or by addressee. The old
-- indexes held only (member, status), so every row listed was also read from the table, one random
-- page each (a member with 30 friends: some 35 pages). These carry every column the lists read,
-- newest first, so the lists are index-only scans, ordered as the request lists show them.
DROP INDEX "friendships_addressee_status_idx";--> statement-breakpoint
DROP INDEX "friendships_requester_status_idx";--> statement-breakpoint
CREATE INDEX "friendships_addressee_list_idx" ON "friendships" USING btree ("addressee_id","status","created_at","id","requester_id","accepted_at");--> statement-breakpoint
CREATE INDEX "friendships_requester_list_idx" ON "friendships" USING btree ("requester_id","status","created_at","id","addressee_id","accepted_at");