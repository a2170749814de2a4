CREATE TABLE "widget_visits" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"template_id" text,
	"product_id" text,
	"step" integer DEFAULT 0 NOT NULL,
	"event_date" date NOT NULL,
	"booking_id" text,
	CONSTRAINT "widget_visits_venue_id_id_pk" PRIMARY KEY("venue_id","id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "widget_origins" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_visits" ADD CONSTRAINT "widget_visits_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_visits_event_date_idx" ON "widget_visits" USING btree ("venue_id","event_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_idempotency_key" ON "bookings" USING btree ("venue_id","idempotency_key") WHERE "bookings"."idempotency_key" is not null;