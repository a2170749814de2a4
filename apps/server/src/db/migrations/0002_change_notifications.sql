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
--> statement-breakpoint
-- Venue reads: a change to a venue's catalog is announced on lanebook_changes as
-- '<table>:<venue id>', so every process drops the answers it cached for that venue and table.
CREATE FUNCTION lanebook_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('lanebook_changes', TG_TABLE_NAME || ':' || OLD.venue_id);
  ELSE
    PERFORM pg_notify('lanebook_changes', TG_TABLE_NAME || ':' || NEW.venue_id);
    IF TG_OP = 'UPDATE' AND OLD.venue_id IS DISTINCT FROM NEW.venue_id THEN
      PERFORM pg_notify('lanebook_changes', TG_TABLE_NAME || ':' || OLD.venue_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER resources_change_notify AFTER INSERT OR UPDATE OR DELETE ON "resources" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
--> statement-breakpoint
CREATE TRIGGER products_change_notify AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
--> statement-breakpoint
CREATE TRIGGER taxes_change_notify AFTER INSERT OR UPDATE OR DELETE ON "taxes" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
--> statement-breakpoint
CREATE TRIGGER terms_change_notify AFTER INSERT OR UPDATE OR DELETE ON "terms" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
--> statement-breakpoint
CREATE TRIGGER upsell_items_change_notify AFTER INSERT OR UPDATE OR DELETE ON "upsell_items" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
--> statement-breakpoint
CREATE TRIGGER promocodes_change_notify AFTER INSERT OR UPDATE OR DELETE ON "promocodes" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
--> statement-breakpoint
CREATE TRIGGER affiliates_change_notify AFTER INSERT OR UPDATE OR DELETE ON "affiliates" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
--> statement-breakpoint
CREATE TRIGGER mailing_templates_change_notify AFTER INSERT OR UPDATE OR DELETE ON "mailing_templates" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
--> statement-breakpoint
CREATE TRIGGER widget_templates_change_notify AFTER INSERT OR UPDATE OR DELETE ON "widget_templates" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
--> statement-breakpoint
CREATE TRIGGER integrations_change_notify AFTER INSERT OR UPDATE OR DELETE ON "integrations" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
