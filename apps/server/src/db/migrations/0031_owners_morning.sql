-- Written by hand (issue 34, decision 038 and 031).
-- An affiliate's commission is on what was paid without taxes. Bookings made before keep what
-- they earned: they keep the rule they were made under (commission on the taxed amount), new
-- bookings take the default (false: on the amount without taxes).
ALTER TABLE "bookings" ADD COLUMN "commission_includes_taxes" boolean NOT NULL DEFAULT true;
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "commission_includes_taxes" SET DEFAULT false;
--> statement-breakpoint
-- Who took each payment and refund, for the cash-up: the member's id (null for the customer
-- online and the payment provider). Rows written before name the taker only by the name kept in
-- user_name: where that name (or email) is exactly one member of the venue, the row gets its id.
ALTER TABLE "booking_payments" ADD COLUMN "user_id" text;
--> statement-breakpoint
UPDATE "booking_payments" p SET "user_id" = m."user_id"
FROM (
  SELECT vm."venue_id", vm."user_id", u."name", u."email"
  FROM "venue_members" vm JOIN "user" u ON u."id" = vm."user_id"
) m
WHERE m."venue_id" = p."venue_id"
  AND (p."user_name" = m."name" OR p."user_name" = m."email")
  AND p."user_name" NOT IN ('Customer', 'Payment provider')
  AND (
    SELECT count(*) FROM "venue_members" vm2 JOIN "user" u2 ON u2."id" = vm2."user_id"
    WHERE vm2."venue_id" = p."venue_id" AND (p."user_name" = u2."name" OR p."user_name" = u2."email")
  ) = 1;
--> statement-breakpoint
-- The cash-up reads a venue's payments and refunds by when they were taken.
CREATE INDEX "booking_payments_created_idx" ON "booking_payments" USING btree ("venue_id","created_at");
