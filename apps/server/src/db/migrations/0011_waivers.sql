CREATE TABLE "signatures" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booking_id" text NOT NULL,
	"booking_reference" text,
	"product_id" text,
	"is_walk_in" boolean DEFAULT false NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"fields" jsonb NOT NULL,
	"checkboxes" jsonb NOT NULL,
	"waiver" jsonb NOT NULL,
	"waiver_title" text NOT NULL,
	"is_minor" boolean DEFAULT false NOT NULL,
	"guardian_name" text,
	"signature_key" text NOT NULL,
	"guardian_signature_key" text,
	CONSTRAINT "signatures_venue_id_id_pk" PRIMARY KEY("venue_id","id")
);
--> statement-breakpoint
CREATE TABLE "waivers" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checkboxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_time_hours" integer DEFAULT 0 NOT NULL,
	"cut_off_hours" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waivers_venue_id_id_pk" PRIMARY KEY("venue_id","id")
);
--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "age_of_majority" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waivers" ADD CONSTRAINT "waivers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signatures_booking_idx" ON "signatures" USING btree ("venue_id","booking_id","created_at");--> statement-breakpoint
CREATE INDEX "signatures_created_idx" ON "signatures" USING btree ("venue_id","is_walk_in","created_at");--> statement-breakpoint
CREATE INDEX "signatures_name_idx" ON "signatures" USING btree ("venue_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "booking_payments_unconfirmed_idx" ON "booking_payments" USING btree ("created_at") WHERE "booking_payments"."kind" = 'refund' and "booking_payments"."provider" is not null and "booking_payments"."provider_payment_id" is null;--> statement-breakpoint
-- Waivers are a cached collection (decision 007): each change is announced like the others'.
CREATE TRIGGER waivers_change_notify AFTER INSERT OR UPDATE OR DELETE ON "waivers" FOR EACH ROW EXECUTE FUNCTION lanebook_notify_change();
