DROP INDEX "bookings_created_idx";--> statement-breakpoint
DROP INDEX "bookings_first_name_search";--> statement-breakpoint
DROP INDEX "bookings_last_name_search";--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("venue_id","created_at","id","first_name","last_name","email","phone","registration_code","booking_reference");--> statement-breakpoint
CREATE INDEX "bookings_first_name_search" ON "bookings" USING btree ("venue_id",lower("first_name") text_pattern_ops,lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_last_name_search" ON "bookings" USING btree ("venue_id",lower("last_name") text_pattern_ops,lower("first_name") text_pattern_ops);