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
ALTER TABLE "statistics_days" ADD CONSTRAINT "statistics_days_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;