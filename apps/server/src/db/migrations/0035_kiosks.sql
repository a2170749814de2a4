-- Written by hand (issue 39): waiver kiosks. A tablet signed in as a kiosk device by an owner or
-- manager; only the SHA-256 of its token is kept. Found by that hash on every kiosk request, so a
-- revocation or expiry applies at once in every process.
CREATE TABLE "kiosks" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "kiosks_venue_id_id_pk" PRIMARY KEY("venue_id","id")
);
--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "kiosks_token_hash_idx" ON "kiosks" USING btree ("token_hash");
