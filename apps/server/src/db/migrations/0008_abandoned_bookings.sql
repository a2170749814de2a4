ALTER TABLE "bookings" ADD COLUMN "abandon_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "abandon_after_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_abandon_idx" ON "bookings" USING btree ("abandon_at") WHERE "bookings"."status" = 'wait_for_payment' and "bookings"."abandon_at" is not null;