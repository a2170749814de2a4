CREATE TABLE "booking_checkouts" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booking_id" text NOT NULL,
	"amount" integer NOT NULL,
	"channel" text NOT NULL,
	"paid_total" integer NOT NULL,
	"refunded_total" integer NOT NULL,
	"provider_checkout_id" text NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "booking_checkouts_venue_id_id_pk" PRIMARY KEY("venue_id","id")
);
--> statement-breakpoint
DROP INDEX "booking_payments_unconfirmed_idx";--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "status" text DEFAULT 'succeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_checkouts" ADD CONSTRAINT "booking_checkouts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_checkouts" ADD CONSTRAINT "booking_checkouts_booking_fk" FOREIGN KEY ("venue_id","booking_id") REFERENCES "public"."bookings"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_checkouts_open" ON "booking_checkouts" USING btree ("venue_id","booking_id","channel","amount","paid_total","refunded_total");--> statement-breakpoint
CREATE INDEX "booking_payments_pending_idx" ON "booking_payments" USING btree ("created_at") WHERE "booking_payments"."kind" = 'refund' and "booking_payments"."status" = 'pending';--> statement-breakpoint
-- Card refunds written before this and never confirmed by the provider wait for its answer.
UPDATE "booking_payments" SET "status" = 'pending' WHERE "kind" = 'refund' AND "provider" IS NOT NULL AND "provider_payment_id" IS NULL;
