-- Announces every change of what a signed-in member's cached row holds (plugins/auth.ts AuthUser)
-- to each server process listening on `kinodost_user_changed`, whoever made it: the server, the
-- admin command, a restore or SQL by hand. Notifications go out at commit, so a process drops
-- the row only once the change can be read. '*' (a truncate) drops every row.
CREATE OR REPLACE FUNCTION kd_notify_user_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('kinodost_user_changed', '*');
  ELSE
    PERFORM pg_notify('kinodost_user_changed', OLD.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify_changed
  AFTER UPDATE ON users
  FOR EACH ROW
  WHEN ((OLD.id, OLD.username, OLD.email, OLD.is_admin, OLD.avatar, OLD.token_version, OLD.created_at, OLD.visibility)
    IS DISTINCT FROM (NEW.id, NEW.username, NEW.email, NEW.is_admin, NEW.avatar, NEW.token_version, NEW.created_at, NEW.visibility))
  EXECUTE FUNCTION kd_notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER users_notify_deleted
  AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION kd_notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER users_notify_truncated
  AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION kd_notify_user_changed();
