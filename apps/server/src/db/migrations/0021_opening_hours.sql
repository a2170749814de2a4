ALTER TABLE "slot_groups" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "slot_groups" ADD COLUMN "populate_weeks_ahead" integer;--> statement-breakpoint
ALTER TABLE "slot_groups" ADD COLUMN "populated_through" date;--> statement-breakpoint
-- Written by hand (decision 034): a group keeps its calendar populated 1 to 52 weeks ahead, or is populated by hand only (null).
ALTER TABLE "slot_groups" ADD CONSTRAINT "slot_groups_populate_weeks_ahead_range" CHECK ("populate_weeks_ahead" IS NULL OR "populate_weeks_ahead" BETWEEN 1 AND 52);
