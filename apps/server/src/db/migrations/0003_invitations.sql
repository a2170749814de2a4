CREATE TABLE "venue_invitations" (
	"venue_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_invitations_venue_id_email_pk" PRIMARY KEY("venue_id","email")
);
--> statement-breakpoint
ALTER TABLE "venue_invitations" ADD CONSTRAINT "venue_invitations_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_invitations" ADD CONSTRAINT "venue_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venue_invitations_email_idx" ON "venue_invitations" USING btree ("email");