ALTER TABLE "bookings" ADD COLUMN "idempotency_body_hash" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "bookings_unpaid_online_address_idx" ON "bookings" USING btree ("venue_id","client_address") WHERE "bookings"."source" = 'online' and "bookings"."status" = 'wait_for_payment';--> statement-breakpoint
CREATE INDEX "bookings_unpaid_online_email_idx" ON "bookings" USING btree ("venue_id","email") WHERE "bookings"."source" = 'online' and "bookings"."status" = 'wait_for_payment';