CREATE TABLE "booking_reminders" (
	"venue_id" text NOT NULL,
	"booking_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"skipped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_reminders_venue_id_booking_id_starts_at_pk" PRIMARY KEY("venue_id","booking_id","starts_at")
);
--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "reminder_lead_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_fk" FOREIGN KEY ("venue_id","booking_id") REFERENCES "public"."bookings"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_venue_kind_sent_idx" ON "mail_outbox" USING btree ("venue_id","kind","sent_at");--> statement-breakpoint
-- What went out before today: its "last sent" is when it was recorded.
UPDATE "mail_outbox" SET "sent_at" = "created_at" WHERE "status" IN ('sent', 'stored');