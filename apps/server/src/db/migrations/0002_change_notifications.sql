-- Revocation: every change the access step caches (sessions, accounts, memberships, venues,
-- onboarding progress) is announced on the channel lanebook_access, so every server process
-- drops what it cached at once (docs/decisions/007-request-path.md). Triggers, not
-- application code, so that better-auth's own writes (sign-out, password reset) are announced
-- too.
CREATE FUNCTION lanebook_notify_access() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('lanebook_access', 'session:' || changed.id);
  ELSIF TG_TABLE_NAME = 'user' THEN
    PERFORM pg_notify('lanebook_access', 'user:' || changed.id);
  ELSIF TG_TABLE_NAME = 'venues' THEN
    PERFORM pg_notify('lanebook_access', 'venue:' || changed.id);
  ELSE
    -- venue_members and onboarding_progress belong to one user.
    PERFORM pg_notify('lanebook_access', 'user:' || changed.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_access_notify AFTER UPDATE OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_access();
--> statement-breakpoint
CREATE TRIGGER user_access_notify AFTER UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_access();
--> statement-breakpoint
CREATE TRIGGER venues_access_notify AFTER UPDATE OR DELETE ON "venues" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_access();
--> statement-breakpoint
CREATE TRIGGER venue_members_access_notify AFTER INSERT OR UPDATE OR DELETE ON "venue_members" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_access();
--> statement-breakpoint
CREATE TRIGGER onboarding_progress_access_notify AFTER INSERT OR UPDATE OR DELETE ON "onboarding_progress" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_access();
