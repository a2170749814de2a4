ALTER TABLE "affiliates" ADD COLUMN "commission" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "commission_type" text DEFAULT 'percent' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "affiliate_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "affiliate_commission" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "affiliate_commission_type" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "affiliate_commission_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "active_waiver_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "active_waiver_version" integer;--> statement-breakpoint
ALTER TABLE "waivers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Bookings made before: the affiliate's name as it is now (they earned nothing: no affiliate had a commission).
UPDATE "bookings" SET "affiliate_name" = "affiliates"."name" FROM "affiliates"
WHERE "affiliates"."venue_id" = "bookings"."venue_id" AND "affiliates"."id" = "bookings"."affiliate_id" AND "bookings"."affiliate_id" IS NOT NULL;--> statement-breakpoint
-- An affiliate's statement and the affiliates' summary (issue 26): its bookings by event date.
CREATE INDEX "bookings_affiliate_date_idx" ON "bookings" USING btree ("venue_id","affiliate_id","date") WHERE "bookings"."affiliate_id" is not null;--> statement-breakpoint
-- Written by hand: a waiver's version counts the changes of what its signers read (title, intro,
-- text, fields, checkboxes), whatever the writer sends; a booking keeps the version active when it
-- was made (decision 031). The signing window is not what is signed: changing it keeps the version.
CREATE FUNCTION waivers_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.title, NEW.intro, NEW.text, NEW.fields, NEW.checkboxes) IS DISTINCT FROM (OLD.title, OLD.intro, OLD.text, OLD.fields, OLD.checkboxes) THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER waivers_version BEFORE UPDATE ON "waivers" FOR EACH ROW EXECUTE FUNCTION waivers_next_version();
