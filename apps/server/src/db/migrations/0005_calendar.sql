CREATE TABLE "booking_lanes" (
	"venue_id" text NOT NULL,
	"booking_id" text NOT NULL,
	"resource_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"holds" boolean DEFAULT true NOT NULL,
	CONSTRAINT "booking_lanes_venue_id_booking_id_resource_id_pk" PRIMARY KEY("venue_id","booking_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "slot_groups" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" text NOT NULL,
	"start_date" date NOT NULL,
	"templates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "slot_groups_venue_id_id_pk" PRIMARY KEY("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "slots" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" text NOT NULL,
	"slot_group_id" text,
	"slot_template_id" text,
	"date" date NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"break_time" integer,
	"price" integer,
	"fixed_price" integer,
	"groups_based_price" jsonb,
	"is_private" boolean DEFAULT false NOT NULL,
	"is_visible_online" boolean DEFAULT true NOT NULL,
	CONSTRAINT "slots_venue_id_id_pk" PRIMARY KEY("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "venue_non_working_days" (
	"venue_id" text NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "venue_non_working_days_venue_id_date_pk" PRIMARY KEY("venue_id","date")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "slot_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "players_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reservation_info" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lanes" ADD CONSTRAINT "booking_lanes_booking_fk" FOREIGN KEY ("venue_id","booking_id") REFERENCES "public"."bookings"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_groups" ADD CONSTRAINT "slot_groups_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_groups" ADD CONSTRAINT "slot_groups_product_fk" FOREIGN KEY ("venue_id","product_id") REFERENCES "public"."products"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_product_fk" FOREIGN KEY ("venue_id","product_id") REFERENCES "public"."products"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_group_fk" FOREIGN KEY ("venue_id","slot_group_id") REFERENCES "public"."slot_groups"("venue_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_non_working_days" ADD CONSTRAINT "venue_non_working_days_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slots_group_template_date" ON "slots" USING btree ("venue_id","slot_group_id","slot_template_id","date");--> statement-breakpoint
CREATE INDEX "slots_product_date_idx" ON "slots" USING btree ("venue_id","product_id","date");--> statement-breakpoint
CREATE INDEX "slots_starts_idx" ON "slots" USING btree ("venue_id","starts_at");--> statement-breakpoint
-- Written by hand (drizzle cannot declare them); btree_gist comes from 0004.
-- Two slots of one product never overlap.
ALTER TABLE "slots" ADD CONSTRAINT "slots_no_overlap" EXCLUDE USING gist ("venue_id" WITH =, "product_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&);--> statement-breakpoint
-- No double booking: while a booking holds a lane, no other holding booking overlaps it there
-- (break time included). Its GiST index also answers availability.
ALTER TABLE "booking_lanes" ADD CONSTRAINT "booking_lanes_no_double_booking" EXCLUDE USING gist ("venue_id" WITH =, "resource_id" WITH =, tstzrange("starts_at", "blocked_until") WITH &&) WHERE ("holds");
