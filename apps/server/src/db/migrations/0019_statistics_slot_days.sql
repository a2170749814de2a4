CREATE TABLE "statistics_slot_days" (
	"venue_id" text NOT NULL,
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"minutes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_slot_days_venue_id_day_product_id_pk" PRIMARY KEY("venue_id","day","product_id")
);
--> statement-breakpoint
ALTER TABLE "statistics_slot_days" ADD CONSTRAINT "statistics_slot_days_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand: occupancy's denominator per venue date and product (issue 24), kept in the
-- transaction of every slot change. Inserts and deletes are counted per statement from their
-- transition tables, so making or clearing a calendar of thousands of slots is one grouped upsert;
-- an update counts only when it moves a slot (its venue, product, date or times), never when the
-- occupancy trigger rewrites a slot's holds. Nothing for a venue that no longer exists (its
-- deletion cascades to its slots and to these rows).
CREATE FUNCTION statistics_slot_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO statistics_slot_days AS d (venue_id, day, product_id, minutes)
    SELECT s.venue_id, s.date, s.product_id, sum(round(extract(epoch FROM s.ends_at - s.starts_at) / 60))::bigint
    FROM statistics_inserted_slots s
    WHERE EXISTS (SELECT 1 FROM venues WHERE venues.id = s.venue_id)
    GROUP BY s.venue_id, s.date, s.product_id
    -- Rows locked in key order: two changes never wait for each other in a circle.
    ORDER BY s.venue_id, s.date, s.product_id
    ON CONFLICT (venue_id, day, product_id) DO UPDATE SET minutes = d.minutes + excluded.minutes;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO statistics_slot_days AS d (venue_id, day, product_id, minutes)
    SELECT s.venue_id, s.date, s.product_id, -sum(round(extract(epoch FROM s.ends_at - s.starts_at) / 60))::bigint
    FROM statistics_deleted_slots s
    WHERE EXISTS (SELECT 1 FROM venues WHERE venues.id = s.venue_id)
    GROUP BY s.venue_id, s.date, s.product_id
    ORDER BY s.venue_id, s.date, s.product_id
    ON CONFLICT (venue_id, day, product_id) DO UPDATE SET minutes = d.minutes + excluded.minutes;
  ELSE
    INSERT INTO statistics_slot_days AS d (venue_id, day, product_id, minutes)
    SELECT s.venue_id, s.day, s.product_id, sum(s.minutes)
    FROM (VALUES (OLD.venue_id, OLD.date, OLD.product_id, -round(extract(epoch FROM OLD.ends_at - OLD.starts_at) / 60)::bigint),
                 (NEW.venue_id, NEW.date, NEW.product_id, round(extract(epoch FROM NEW.ends_at - NEW.starts_at) / 60)::bigint))
      s(venue_id, day, product_id, minutes)
    WHERE EXISTS (SELECT 1 FROM venues WHERE venues.id = s.venue_id)
    GROUP BY s.venue_id, s.day, s.product_id
    HAVING sum(s.minutes) <> 0
    ORDER BY s.venue_id, s.day, s.product_id
    ON CONFLICT (venue_id, day, product_id) DO UPDATE SET minutes = d.minutes + excluded.minutes;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER slots_statistics_insert AFTER INSERT ON "slots" REFERENCING NEW TABLE AS statistics_inserted_slots
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_slot_change();
--> statement-breakpoint
CREATE TRIGGER slots_statistics_delete AFTER DELETE ON "slots" REFERENCING OLD TABLE AS statistics_deleted_slots
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_slot_change();
--> statement-breakpoint
CREATE TRIGGER slots_statistics_update AFTER UPDATE OF venue_id, product_id, date, starts_at, ends_at ON "slots" FOR EACH ROW
  WHEN ((OLD.venue_id, OLD.product_id, OLD.date, OLD.starts_at, OLD.ends_at) IS DISTINCT FROM (NEW.venue_id, NEW.product_id, NEW.date, NEW.starts_at, NEW.ends_at))
  EXECUTE FUNCTION statistics_slot_change();
--> statement-breakpoint
INSERT INTO statistics_slot_days (venue_id, day, product_id, minutes)
SELECT venue_id, date, product_id, sum(round(extract(epoch FROM ends_at - starts_at) / 60))::bigint
FROM slots GROUP BY venue_id, date, product_id;
