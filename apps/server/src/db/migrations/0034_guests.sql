-- Written by hand (issue 38, decision 046): guests. One row per person of a venue, found by email
-- (lower-cased, unique while set) or by phone; every booking and signature links to its guest. The
-- existing ones are linked here: a guest per email (named as its latest booking), then a guest per
-- phone of the bookings without an email, then the signers' emails no booking had.
CREATE TABLE "guests" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"marketing_consent_at" timestamp with time zone,
	"merged_into_id" text,
	"erased_at" timestamp with time zone,
	CONSTRAINT "guests_venue_id_id_pk" PRIMARY KEY("venue_id","id")
);
--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "guests_email" ON "guests" USING btree ("venue_id","email") WHERE "guests"."email" <> '';
--> statement-breakpoint
CREATE INDEX "guests_email_search" ON "guests" USING btree ("venue_id","email" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "guests_phone_search" ON "guests" USING btree ("venue_id",reverse("phone") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "guests_first_name_search" ON "guests" USING btree ("venue_id",lower("first_name") text_pattern_ops,lower("last_name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "guests_last_name_search" ON "guests" USING btree ("venue_id",lower("last_name") text_pattern_ops,lower("first_name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "guests_name_sort" ON "guests" USING btree ("venue_id",lower("last_name"),lower("first_name"),"id","first_name","last_name","email","phone") WHERE "guests"."merged_into_id" is null;
--> statement-breakpoint
CREATE INDEX "guests_flagged_idx" ON "guests" USING btree ("venue_id") WHERE "guests"."flags" <> '[]'::jsonb;
--> statement-breakpoint
CREATE INDEX "guests_merged_into_idx" ON "guests" USING btree ("venue_id","merged_into_id") WHERE "guests"."merged_into_id" is not null;
--> statement-breakpoint
CREATE TABLE "guest_logs" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"guest_id" text NOT NULL,
	"type" text NOT NULL,
	"detail" text NOT NULL,
	"user_name" text NOT NULL,
	CONSTRAINT "guest_logs_venue_id_id_pk" PRIMARY KEY("venue_id","id")
);
--> statement-breakpoint
ALTER TABLE "guest_logs" ADD CONSTRAINT "guest_logs_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "guest_logs_guest_idx" ON "guest_logs" USING btree ("venue_id","guest_id","created_at");
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_id" text;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "waiver_on_file_signature_id" text;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "waiver_on_file_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "guest_id" text;
--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "waiver_id" text;
--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "waiver_version" integer;
--> statement-breakpoint
ALTER TABLE "waivers" ADD COLUMN "valid_for_months" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "banned_guests_online" text DEFAULT 'refuse' NOT NULL;
--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "marketing_consent_text" text DEFAULT 'Email me news and offers from this venue' NOT NULL;
--> statement-breakpoint
INSERT INTO "guests" ("venue_id", "id", "created_at", "first_name", "last_name", "email", "phone")
SELECT DISTINCT ON ("venue_id", "email") "venue_id", gen_random_uuid()::text, "created_at", "first_name", "last_name", "email", "phone"
FROM "bookings" WHERE "email" <> '' ORDER BY "venue_id", "email", "created_at" DESC;
--> statement-breakpoint
INSERT INTO "guests" ("venue_id", "id", "created_at", "first_name", "last_name", "phone")
SELECT DISTINCT ON (b."venue_id", b."phone") b."venue_id", gen_random_uuid()::text, b."created_at", b."first_name", b."last_name", b."phone"
FROM "bookings" b
WHERE b."email" = '' AND b."phone" <> ''
  AND NOT EXISTS (SELECT 1 FROM "guests" g WHERE g."venue_id" = b."venue_id" AND g."phone" = b."phone")
ORDER BY b."venue_id", b."phone", b."created_at" DESC;
--> statement-breakpoint
INSERT INTO "guests" ("venue_id", "id", "created_at", "first_name", "last_name", "email")
SELECT DISTINCT ON (s."venue_id", lower(s."email")) s."venue_id", gen_random_uuid()::text, s."created_at", s."first_name", s."last_name", lower(s."email")
FROM "signatures" s
WHERE s."email" <> '' AND NOT EXISTS (SELECT 1 FROM "guests" g WHERE g."venue_id" = s."venue_id" AND g."email" = lower(s."email"))
ORDER BY s."venue_id", lower(s."email"), s."created_at" DESC;
--> statement-breakpoint
UPDATE "bookings" b SET "guest_id" = g."id" FROM "guests" g WHERE b."email" <> '' AND g."venue_id" = b."venue_id" AND g."email" = b."email";
--> statement-breakpoint
UPDATE "bookings" b SET "guest_id" = (
  SELECT g."id" FROM "guests" g WHERE g."venue_id" = b."venue_id" AND g."phone" = b."phone" ORDER BY g."created_at", g."id" LIMIT 1
) WHERE b."email" = '' AND b."phone" <> '';
--> statement-breakpoint
UPDATE "signatures" s SET "guest_id" = g."id" FROM "guests" g WHERE s."email" <> '' AND g."venue_id" = s."venue_id" AND g."email" = lower(s."email");
--> statement-breakpoint
UPDATE "signatures" s SET "waiver_id" = s."waiver"->>'waiverId', "waiver_version" = (
  SELECT b."active_waiver_version" FROM "bookings" b
  WHERE b."venue_id" = s."venue_id" AND b."id" = s."booking_id" AND b."active_waiver_id" = s."waiver"->>'waiverId'
);
--> statement-breakpoint
CREATE INDEX "bookings_guest_idx" ON "bookings" USING btree ("venue_id","guest_id","starts_at") WHERE "bookings"."guest_id" is not null;
--> statement-breakpoint
CREATE INDEX "signatures_guest_idx" ON "signatures" USING btree ("venue_id","guest_id","created_at") WHERE "signatures"."guest_id" is not null;
--> statement-breakpoint
CREATE INDEX "bookings_waiver_on_file_idx" ON "bookings" USING btree ("venue_id","waiver_on_file_signature_id") WHERE "bookings"."waiver_on_file_signature_id" is not null;
