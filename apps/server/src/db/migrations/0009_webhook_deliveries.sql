CREATE TABLE "webhook_deliveries" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"integration_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_venue_id_id_pk" PRIMARY KEY("venue_id","id")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_integration_fk" FOREIGN KEY ("venue_id","integration_id") REFERENCES "public"."integrations"("venue_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" USING btree ("venue_id","integration_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("created_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
-- A delivery written is announced when its transaction commits, so a server process queues its job at once (decision 018).
CREATE FUNCTION lanebook_webhook_delivery_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lanebook_webhooks', NEW.venue_id || ':' || NEW.id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_notify AFTER INSERT ON "webhook_deliveries" FOR EACH ROW EXECUTE FUNCTION lanebook_webhook_delivery_notify();
