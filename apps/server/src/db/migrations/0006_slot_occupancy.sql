ALTER TABLE "slots" ADD COLUMN "blocked_until" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "held_lanes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "slots_blocking_idx" ON "slots" USING gist ("venue_id",tstzrange("starts_at", "blocked_until"));--> statement-breakpoint
-- Written by hand: slot occupancy (docs/decisions/015-slot-occupancy.md). Each slot keeps
-- blocked_until (its end widened by its break, else its product's) and held_lanes (lane id ->
-- how many live lane holds overlap [starts_at, blocked_until)), so availability reads one small
-- row per slot instead of every hold of the month.
--
-- Lock: the venue's key 'venue-slots:<venue id>' (the same hashtext key as lockKeys). Whatever
-- moves slots takes it exclusively; whatever changes lane holds takes it shared. So a slot made
-- while a booking is being written waits for that booking (and the other way round), and each
-- sees the other's committed rows: every statement in a plpgsql function takes a fresh
-- snapshot under READ COMMITTED.
CREATE FUNCTION lanebook_slot_occupancy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.starts_at = OLD.starts_at AND NEW.ends_at = OLD.ends_at
     AND NEW.break_time IS NOT DISTINCT FROM OLD.break_time AND NEW.blocked_until = OLD.blocked_until
     AND NEW.venue_id = OLD.venue_id THEN
    -- The slot did not move: prices, flags, or held_lanes counted by a lane hold.
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('venue-slots:' || NEW.venue_id));
  NEW.blocked_until := NEW.ends_at + make_interval(mins => coalesce(
    NEW.break_time,
    (SELECT p.break_time FROM products p WHERE p.venue_id = NEW.venue_id AND p.id = NEW.product_id),
    0));
  NEW.held_lanes := coalesce((
    SELECT jsonb_object_agg(h.resource_id, h.holds)
    FROM (
      SELECT bl.resource_id, count(*) AS holds FROM booking_lanes bl
      WHERE bl.venue_id = NEW.venue_id AND bl.holds
        AND tstzrange(bl.starts_at, bl.blocked_until) && tstzrange(NEW.starts_at, NEW.blocked_until)
      GROUP BY bl.resource_id
    ) h), '{}'::jsonb);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER slots_occupancy BEFORE INSERT OR UPDATE ON "slots" FOR EACH ROW EXECUTE FUNCTION lanebook_slot_occupancy();
--> statement-breakpoint
-- Counts one lane hold in (delta 1) or out of (delta -1) every slot of the venue whose blocked
-- interval it overlaps, whatever the product (lanes are shared). Rows are locked in order of
-- start, so two holds never wait for each other in a circle.
CREATE FUNCTION lanebook_count_lane_hold(venue text, lane text, held_from timestamptz, held_until timestamptz, delta integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('venue-slots:' || venue));
  UPDATE slots s SET held_lanes = CASE
      WHEN coalesce((s.held_lanes ->> lane)::integer, 0) + delta > 0
        THEN jsonb_set(s.held_lanes, ARRAY[lane], to_jsonb(coalesce((s.held_lanes ->> lane)::integer, 0) + delta))
      ELSE s.held_lanes - lane
    END
  FROM (
    SELECT o.id FROM slots o
    WHERE o.venue_id = venue AND tstzrange(o.starts_at, o.blocked_until) && tstzrange(held_from, held_until)
    ORDER BY o.starts_at, o.id
    FOR UPDATE
  ) overlapping
  WHERE s.venue_id = venue AND s.id = overlapping.id;
END
$$;
--> statement-breakpoint
CREATE FUNCTION lanebook_lane_hold_occupancy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.holds = NEW.holds AND OLD.venue_id = NEW.venue_id AND OLD.resource_id = NEW.resource_id
     AND OLD.starts_at = NEW.starts_at AND OLD.blocked_until = NEW.blocked_until THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.holds THEN
    PERFORM lanebook_count_lane_hold(OLD.venue_id, OLD.resource_id, OLD.starts_at, OLD.blocked_until, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.holds THEN
    PERFORM lanebook_count_lane_hold(NEW.venue_id, NEW.resource_id, NEW.starts_at, NEW.blocked_until, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_lanes_occupancy AFTER INSERT OR UPDATE OR DELETE ON "booking_lanes" FOR EACH ROW EXECUTE FUNCTION lanebook_lane_hold_occupancy();
--> statement-breakpoint
-- A product's break time widens each of its slots to come that has no break of its own.
CREATE FUNCTION lanebook_product_break_occupancy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('venue-slots:' || NEW.venue_id));
  UPDATE slots SET blocked_until = ends_at + make_interval(mins => NEW.break_time)
  WHERE venue_id = NEW.venue_id AND product_id = NEW.id AND break_time IS NULL AND ends_at > now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_break_occupancy AFTER UPDATE OF break_time ON "products" FOR EACH ROW
  WHEN (OLD.break_time IS DISTINCT FROM NEW.break_time) EXECUTE FUNCTION lanebook_product_break_occupancy();
--> statement-breakpoint
-- Slots made before this migration: the trigger fills both columns.
UPDATE slots SET blocked_until = ends_at;
--> statement-breakpoint
-- The front desk's live views (calendar, lane day view, booking list) follow these changes as
-- they are announced on lanebook_changes ('<table>:<venue id>', decision 007).
CREATE TRIGGER bookings_change_notify AFTER INSERT OR UPDATE OR DELETE ON "bookings" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
--> statement-breakpoint
CREATE TRIGGER slots_change_notify AFTER INSERT OR UPDATE OR DELETE ON "slots" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
--> statement-breakpoint
CREATE TRIGGER venue_non_working_days_change_notify AFTER INSERT OR UPDATE OR DELETE ON "venue_non_working_days" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
