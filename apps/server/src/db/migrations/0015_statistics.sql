CREATE TABLE "statistics_days" (
	"venue_id" text NOT NULL,
	"basis" text NOT NULL,
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"online" integer DEFAULT 0 NOT NULL,
	"phone" integer DEFAULT 0 NOT NULL,
	"walk_in" integer DEFAULT 0 NOT NULL,
	"refunded_bookings" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"taxes" bigint DEFAULT 0 NOT NULL,
	"lane_minutes" bigint DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_days_venue_id_basis_day_product_id_pk" PRIMARY KEY("venue_id","basis","day","product_id")
);
--> statement-breakpoint
ALTER TABLE "statistics_days" ADD CONSTRAINT "statistics_days_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand: the dashboard's per-day aggregates (issue 24), kept in the transaction of
-- every change by triggers rather than by the code paths that write bookings and visits, so no
-- path (create, edit, cancel, the ledger, abandon, the widget) can forget them. Each booking
-- counts on the venue date it was created ('created') and on its event date ('event'); the
-- definitions are in packages/core/src/statistics-schemas.ts.
--
-- The taxes inside what a booking keeps paid: min(paid - refunded, total) x quote taxes / quote
-- total, rounded half up to the cent, in integers.
CREATE FUNCTION statistics_booking_taxes(paid integer, refunded integer, total integer, quote jsonb) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN kept > 0 AND quote_taxes > 0 AND quote_total > 0
    THEN (2 * kept * quote_taxes + quote_total) / (2 * quote_total) ELSE 0 END
  FROM (SELECT least(greatest(paid - refunded, 0), total)::bigint AS kept,
               coalesce((quote ->> 'taxes')::bigint, 0) AS quote_taxes,
               coalesce((quote ->> 'total')::bigint, 0) AS quote_total) f
$$;
--> statement-breakpoint
-- What one booking adds (sign 1) or takes away (sign -1) on its two days. Nothing for a venue
-- that no longer exists (its deletion cascades to its bookings and to these rows).
CREATE FUNCTION statistics_booking_rows(b bookings, sign integer)
RETURNS TABLE (venue_id text, basis text, day date, product_id text, bookings integer, cancelled integer, online integer,
  phone integer, walk_in integer, refunded_bookings integer, gross bigint, refunded bigint, taxes bigint, lane_minutes bigint)
LANGUAGE sql STABLE AS $$
  SELECT b.venue_id, k.basis, k.day, b.product_id,
    counted, CASE WHEN b.status = 'canceled' THEN counted ELSE 0 END,
    CASE WHEN b.source = 'online' THEN counted ELSE 0 END,
    CASE WHEN b.source = 'phone' THEN counted ELSE 0 END,
    CASE WHEN b.source = 'walk_in' THEN counted ELSE 0 END,
    CASE WHEN b.refunded_total > 0 THEN sign ELSE 0 END,
    sign * b.paid_total::bigint, sign * b.refunded_total::bigint,
    sign * statistics_booking_taxes(b.paid_total, b.refunded_total, b.total, b.quote),
    CASE WHEN b.status IN ('new', 'wait_for_payment', 'paid')
      THEN sign * jsonb_array_length(b.resource_ids)::bigint * round(extract(epoch FROM b.ends_at - b.starts_at) / 60)::bigint
      ELSE 0 END
  FROM venues v,
    LATERAL (SELECT CASE WHEN b.status <> 'abandoned' THEN sign ELSE 0 END AS counted) c,
    LATERAL (VALUES ('created', (b.created_at AT TIME ZONE v.timezone)::date),
                    ('event', coalesce(b.date, (b.starts_at AT TIME ZONE v.timezone)::date))) k(basis, day)
  WHERE v.id = b.venue_id
$$;
--> statement-breakpoint
CREATE FUNCTION statistics_booking_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.venue_id, OLD.product_id, OLD.status, OLD.source, OLD.created_at, OLD.date, OLD.starts_at,
       OLD.ends_at, OLD.resource_ids, OLD.paid_total, OLD.refunded_total, OLD.total, OLD.quote -> 'taxes', OLD.quote -> 'total')
     IS NOT DISTINCT FROM (NEW.venue_id, NEW.product_id, NEW.status, NEW.source, NEW.created_at, NEW.date, NEW.starts_at,
       NEW.ends_at, NEW.resource_ids, NEW.paid_total, NEW.refunded_total, NEW.total, NEW.quote -> 'taxes', NEW.quote -> 'total') THEN
    -- A change the figures do not read: presence, notes, signatures, flags.
    RETURN NULL;
  END IF;
  INSERT INTO statistics_days AS d (venue_id, basis, day, product_id, bookings, cancelled, online, phone, walk_in,
    refunded_bookings, gross, refunded, taxes, lane_minutes)
  SELECT r.venue_id, r.basis, r.day, r.product_id, sum(r.bookings), sum(r.cancelled), sum(r.online), sum(r.phone),
    sum(r.walk_in), sum(r.refunded_bookings), sum(r.gross), sum(r.refunded), sum(r.taxes), sum(r.lane_minutes)
  FROM (
    SELECT * FROM statistics_booking_rows(OLD, -1) WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT * FROM statistics_booking_rows(NEW, 1) WHERE TG_OP <> 'DELETE'
  ) r
  GROUP BY r.venue_id, r.basis, r.day, r.product_id
  HAVING sum(r.bookings) <> 0 OR sum(r.cancelled) <> 0 OR sum(r.online) <> 0 OR sum(r.phone) <> 0 OR sum(r.walk_in) <> 0
    OR sum(r.refunded_bookings) <> 0 OR sum(r.gross) <> 0 OR sum(r.refunded) <> 0 OR sum(r.taxes) <> 0 OR sum(r.lane_minutes) <> 0
  -- Rows locked in key order: two changes never wait for each other in a circle.
  ORDER BY r.basis, r.day, r.product_id
  ON CONFLICT (venue_id, basis, day, product_id) DO UPDATE SET
    bookings = d.bookings + excluded.bookings, cancelled = d.cancelled + excluded.cancelled,
    online = d.online + excluded.online, phone = d.phone + excluded.phone, walk_in = d.walk_in + excluded.walk_in,
    refunded_bookings = d.refunded_bookings + excluded.refunded_bookings, gross = d.gross + excluded.gross,
    refunded = d.refunded + excluded.refunded, taxes = d.taxes + excluded.taxes, lane_minutes = d.lane_minutes + excluded.lane_minutes;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deferred to the commit: a day's row is locked from then to the end of the commit only, not
-- through the rest of the booking's transaction, so bookings made at once on one day wait for
-- each other as little as possible. Each change keeps its own OLD and NEW, so the sums add up
-- however many changes one transaction makes.
CREATE CONSTRAINT TRIGGER bookings_statistics AFTER INSERT OR UPDATE OR DELETE ON "bookings" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION statistics_booking_change();
--> statement-breakpoint
-- A widget visit counts on its event date; it bounced while it has not reached payment success (step 5).
CREATE FUNCTION statistics_visit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.venue_id = NEW.venue_id AND OLD.event_date = NEW.event_date
     AND OLD.product_id IS NOT DISTINCT FROM NEW.product_id AND (OLD.step >= 5) = (NEW.step >= 5) THEN
    RETURN NULL;
  END IF;
  INSERT INTO statistics_days AS d (venue_id, basis, day, product_id, visits, bounced)
  SELECT v.venue_id, 'event', v.day, v.product_id, sum(v.visits), sum(v.bounced)
  FROM (VALUES (OLD.venue_id, OLD.event_date, coalesce(OLD.product_id, ''), -1, CASE WHEN OLD.step >= 5 THEN 0 ELSE -1 END),
               (NEW.venue_id, NEW.event_date, coalesce(NEW.product_id, ''), 1, CASE WHEN NEW.step >= 5 THEN 0 ELSE 1 END))
    v(venue_id, day, product_id, visits, bounced)
  WHERE v.venue_id IS NOT NULL AND EXISTS (SELECT 1 FROM venues WHERE venues.id = v.venue_id)
  GROUP BY v.venue_id, v.day, v.product_id
  HAVING sum(v.visits) <> 0 OR sum(v.bounced) <> 0
  ORDER BY v.day, v.product_id
  ON CONFLICT (venue_id, basis, day, product_id) DO UPDATE SET
    visits = d.visits + excluded.visits, bounced = d.bounced + excluded.bounced;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER widget_visits_statistics AFTER INSERT OR UPDATE OR DELETE ON "widget_visits" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION statistics_visit_change();
--> statement-breakpoint
-- Every row of a venue from its bookings and visits: the backfill below, and after the venue's
-- time zone changes (the venue dates of creation move).
CREATE FUNCTION statistics_rebuild(venue text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM statistics_days WHERE venue_id = venue;
  INSERT INTO statistics_days (venue_id, basis, day, product_id, bookings, cancelled, online, phone, walk_in,
    refunded_bookings, gross, refunded, taxes, lane_minutes, visits, bounced)
  SELECT venue_id, basis, day, product_id, sum(bookings), sum(cancelled), sum(online), sum(phone), sum(walk_in),
    sum(refunded_bookings), sum(gross), sum(refunded), sum(taxes), sum(lane_minutes), sum(visits), sum(bounced)
  FROM (
    SELECT r.*, 0 AS visits, 0 AS bounced FROM bookings b, LATERAL statistics_booking_rows(b, 1) r WHERE b.venue_id = venue
    UNION ALL
    SELECT w.venue_id, 'event', w.event_date, coalesce(w.product_id, ''), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      1, CASE WHEN w.step >= 5 THEN 0 ELSE 1 END
    FROM widget_visits w WHERE w.venue_id = venue
  ) r
  GROUP BY venue_id, basis, day, product_id;
END
$$;
--> statement-breakpoint
CREATE FUNCTION statistics_venue_zone_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM statistics_rebuild(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER venues_statistics_zone AFTER UPDATE OF timezone ON "venues" FOR EACH ROW
  WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION statistics_venue_zone_change();
--> statement-breakpoint
-- The dashboard's cache drops a venue's answers when its figures move (lanebook_changes, decision 007).
CREATE TRIGGER statistics_days_change_notify AFTER INSERT OR UPDATE OR DELETE ON "statistics_days" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
--> statement-breakpoint
SELECT statistics_rebuild(id) FROM venues;
