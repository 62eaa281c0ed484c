-- The admins' film list, newest first (docs/catalogue.md "Admin: edit and merge").
CREATE INDEX "films_created_at_idx" ON "films" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);