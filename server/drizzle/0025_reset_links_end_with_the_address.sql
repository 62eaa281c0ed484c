-- A reset link is mailed to the address the account had then: once the address or the password
-- changes (the member, an admin, a reset, a restore), no link mailed before may still set a
-- password, or whoever still reads an old mailbox keeps a way into the account. One trigger covers
-- every path that writes either column (docs/product.md#accounts).
CREATE FUNCTION kd_end_reset_links() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM password_resets WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_end_reset_links
  AFTER UPDATE OF email, password_hash ON users
  FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION kd_end_reset_links();
