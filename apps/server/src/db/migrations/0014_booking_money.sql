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
--> statement-breakpoint
-- A card refund written or retried pending is announced at commit: the card-refunds job sends it (issue 21).
CREATE FUNCTION booking_payments_announce_pending_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'refund' AND NEW.status = 'pending' THEN
    PERFORM pg_notify('lanebook_card_refunds', NEW.venue_id || ':' || NEW.id || ':' || NEW.attempt);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER booking_payments_announce_pending_refund AFTER INSERT OR UPDATE OF status ON booking_payments
  FOR EACH ROW EXECUTE FUNCTION booking_payments_announce_pending_refund();
