-- Announces every change of the data behind the response cache's answers (plugins/response-cache.ts)
-- to each server process listening on `kinodost_lists_changed`, whoever made it: the server, the
-- admin command, a restore or SQL by hand. Each payload is one cache tag, named as the features
-- name theirs (`features/*/<name>.cache.ts`); '*' (a truncate) drops every answer. Notifications go
-- out at commit, and PostgreSQL sends a payload once per transaction however many rows repeat it.
-- Statement-level where a statement may touch many rows (an import, a catalogue refresh).
CREATE OR REPLACE FUNCTION kd_announce_tags(tags text[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kinodost_lists_changed', tag) FROM unnest(tags) AS tag;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kd_announce_everything() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kd_announce_tags(ARRAY['*']);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A member's movies (movies.cache.ts moviesTag).
CREATE OR REPLACE FUNCTION kd_announce_movie_owners() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kd_announce_tags(array_agg(DISTINCT 'movies:' || owner_id)) FROM changed_movies;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER movies_announce_inserted AFTER INSERT ON movies
  REFERENCING NEW TABLE AS changed_movies FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_movie_owners();
--> statement-breakpoint
CREATE TRIGGER movies_announce_updated AFTER UPDATE ON movies
  REFERENCING NEW TABLE AS changed_movies FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_movie_owners();
--> statement-breakpoint
CREATE TRIGGER movies_announce_deleted AFTER DELETE ON movies
  REFERENCING OLD TABLE AS changed_movies FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_movie_owners();
--> statement-breakpoint
CREATE TRIGGER movies_announce_truncated AFTER TRUNCATE ON movies
  FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_everything();
--> statement-breakpoint
-- Both members of a friendship or request, or of a block (friends.cache.ts peopleTag).
CREATE OR REPLACE FUNCTION kd_announce_pairs() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'blocks' THEN
    PERFORM kd_announce_tags(array_agg(DISTINCT 'people:' || member))
      FROM changed_pairs, LATERAL unnest(ARRAY[blocker_id, blocked_id]) AS member;
  ELSE
    PERFORM kd_announce_tags(array_agg(DISTINCT 'people:' || member))
      FROM changed_pairs, LATERAL unnest(ARRAY[requester_id, addressee_id]) AS member;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER friendships_announce_inserted AFTER INSERT ON friendships
  REFERENCING NEW TABLE AS changed_pairs FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_pairs();
--> statement-breakpoint
CREATE TRIGGER friendships_announce_updated AFTER UPDATE ON friendships
  REFERENCING NEW TABLE AS changed_pairs FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_pairs();
--> statement-breakpoint
CREATE TRIGGER friendships_announce_deleted AFTER DELETE ON friendships
  REFERENCING OLD TABLE AS changed_pairs FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_pairs();
--> statement-breakpoint
CREATE TRIGGER friendships_announce_truncated AFTER TRUNCATE ON friendships
  FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_everything();
--> statement-breakpoint
CREATE TRIGGER blocks_announce_inserted AFTER INSERT ON blocks
  REFERENCING NEW TABLE AS changed_pairs FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_pairs();
--> statement-breakpoint
CREATE TRIGGER blocks_announce_deleted AFTER DELETE ON blocks
  REFERENCING OLD TABLE AS changed_pairs FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_pairs();
--> statement-breakpoint
CREATE TRIGGER blocks_announce_truncated AFTER TRUNCATE ON blocks
  FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_everything();
--> statement-breakpoint
-- The newsletters themselves (newsletters.cache.ts newslettersTag).
CREATE OR REPLACE FUNCTION kd_announce_newsletters() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kd_announce_tags(ARRAY['newsletters']);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER newsletters_announce_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON newsletters
  FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_newsletters();
--> statement-breakpoint
-- A reader's read marks (newsletters.cache.ts readsTag).
CREATE OR REPLACE FUNCTION kd_announce_readers() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kd_announce_tags(array_agg(DISTINCT 'reads:' || user_id)) FROM changed_reads;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER newsletter_reads_announce_inserted AFTER INSERT ON newsletter_reads
  REFERENCING NEW TABLE AS changed_reads FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_readers();
--> statement-breakpoint
CREATE TRIGGER newsletter_reads_announce_updated AFTER UPDATE ON newsletter_reads
  REFERENCING NEW TABLE AS changed_reads FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_readers();
--> statement-breakpoint
CREATE TRIGGER newsletter_reads_announce_deleted AFTER DELETE ON newsletter_reads
  REFERENCING OLD TABLE AS changed_reads FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_readers();
--> statement-breakpoint
CREATE TRIGGER newsletter_reads_announce_truncated AFTER TRUNCATE ON newsletter_reads
  FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_everything();
--> statement-breakpoint
-- Members: the admins' list (users.cache.ts usersTag) on any new, changed or deleted member; a
-- member's name, avatar and visibility also show in every list of people (everyonesPeopleTag), as
-- their movies' owner (moviesTag) and decide what others see of them (peopleTag). The columns are
-- those of migration 0020: the last time seen is in none of these lists.
CREATE OR REPLACE FUNCTION kd_announce_member() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM kd_announce_tags(ARRAY['users']);
  ELSE
    PERFORM kd_announce_tags(ARRAY['users', 'people', 'movies:' || OLD.id, 'people:' || OLD.id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_announce_inserted AFTER INSERT ON users
  FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_member();
--> statement-breakpoint
CREATE TRIGGER users_announce_changed AFTER UPDATE ON users
  FOR EACH ROW
  WHEN ((OLD.id, OLD.username, OLD.email, OLD.is_admin, OLD.avatar, OLD.token_version, OLD.created_at, OLD.visibility)
    IS DISTINCT FROM (NEW.id, NEW.username, NEW.email, NEW.is_admin, NEW.avatar, NEW.token_version, NEW.created_at, NEW.visibility))
  EXECUTE FUNCTION kd_announce_member();
--> statement-breakpoint
CREATE TRIGGER users_announce_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION kd_announce_member();
--> statement-breakpoint
CREATE TRIGGER users_announce_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION kd_announce_everything();
