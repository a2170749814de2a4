CREATE TABLE "booking_counters" (
	"venue_id" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_logs" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booking_id" text NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"user_name" text NOT NULL,
	CONSTRAINT "booking_logs_venue_id_id_pk" PRIMARY KEY("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "booking_payments" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booking_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"refund_of" text,
	"provider" text,
	"provider_payment_id" text,
	"user_name" text NOT NULL,
	CONSTRAINT "booking_payments_venue_id_id_pk" PRIMARY KEY("venue_id","id"),
	CONSTRAINT "booking_payments_amount_positive" CHECK ("booking_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "date" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "presence_status" text DEFAULT 'no' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "source" text DEFAULT 'phone' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "registration_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booking_reference" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_warning" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_saved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_walk_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_full_first_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_confirmation_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "type_of_pricing" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "selected_group_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "affiliate_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "applied_promocode" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "upsell_items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "custom_price" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "number_of_signed_waivers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_counters" ADD CONSTRAINT "booking_counters_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_logs" ADD CONSTRAINT "booking_logs_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_logs" ADD CONSTRAINT "booking_logs_booking_fk" FOREIGN KEY ("venue_id","booking_id") REFERENCES "public"."bookings"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_booking_fk" FOREIGN KEY ("venue_id","booking_id") REFERENCES "public"."bookings"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_logs_booking_idx" ON "booking_logs" USING btree ("venue_id","booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_payments_booking_idx" ON "booking_payments" USING btree ("venue_id","booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_registration_code" ON "bookings" USING btree ("venue_id","registration_code");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference" ON "bookings" USING btree ("booking_reference");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("venue_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_starts_idx" ON "bookings" USING btree ("venue_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_date_idx" ON "bookings" USING btree ("venue_id","date");--> statement-breakpoint
CREATE INDEX "bookings_email_search" ON "bookings" USING btree ("venue_id","email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_phone_search" ON "bookings" USING btree ("venue_id",reverse("phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_first_name_search" ON "bookings" USING btree ("venue_id",lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_last_name_search" ON "bookings" USING btree ("venue_id",lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_code_search" ON "bookings" USING btree ("venue_id",upper("registration_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_reference_search" ON "bookings" USING btree ("venue_id","booking_reference" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("venue_id","status","created_at");--> statement-breakpoint
CREATE INDEX "bookings_name_sort" ON "bookings" USING btree ("venue_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "bookings_live_created_idx" ON "bookings" USING btree ("venue_id","created_at","ends_at") WHERE "bookings"."status" in ('new', 'wait_for_payment', 'paid');--> statement-breakpoint
CREATE INDEX "bookings_saved_idx" ON "bookings" USING btree ("venue_id","created_at") WHERE "bookings"."is_saved";--> statement-breakpoint
CREATE INDEX "bookings_warning_idx" ON "bookings" USING btree ("venue_id","created_at") WHERE "bookings"."is_warning";--> statement-breakpoint
CREATE INDEX "bookings_refunded_idx" ON "bookings" USING btree ("venue_id","created_at") WHERE "bookings"."is_refunded";