-- Written by hand (issue 37, decision 045): gift cards. A card's balance is its ledger's sum, kept by the
-- ledger's insert trigger in the writer's transaction and never below zero (the CHECK refuses an entry
-- that would take it there); the code is stored as a keyed hash, its last four and a sealed copy.
ALTER TABLE "venues" ADD COLUMN "gift_card_settings" jsonb DEFAULT '{"isEnabled":false,"presetAmounts":[2500,5000,10000],"customAmountMin":1000,"customAmountMax":50000,"image":"","expiryMonths":60}'::jsonb NOT NULL;
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code_hash" text NOT NULL,
	"code_last4" text NOT NULL,
	"code_sealed" text NOT NULL,
	"amount" integer NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone,
	"source" text NOT NULL,
	"order_id" text,
	"buyer_name" text DEFAULT '' NOT NULL,
	"buyer_email" text DEFAULT '' NOT NULL,
	"recipient_name" text DEFAULT '' NOT NULL,
	"recipient_email" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"deliver_on" date NOT NULL,
	"deliver_after" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	CONSTRAINT "gift_cards_venue_id_id_pk" PRIMARY KEY("venue_id","id"),
	CONSTRAINT "gift_cards_balance_not_negative" CHECK ("gift_cards"."balance" >= 0),
	CONSTRAINT "gift_cards_amount_positive" CHECK ("gift_cards"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_card_ledger" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gift_card_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer DEFAULT 0 NOT NULL,
	"method" text,
	"reason" text,
	"booking_id" text,
	"booking_payment_id" text,
	"provider_payment_id" text,
	"user_id" text,
	"user_name" text NOT NULL,
	CONSTRAINT "gift_card_ledger_venue_id_id_pk" PRIMARY KEY("venue_id","id"),
	CONSTRAINT "gift_card_ledger_sign" CHECK (("gift_card_ledger"."kind" in ('issued', 'refunded') and "gift_card_ledger"."amount" > 0) or ("gift_card_ledger"."kind" in ('redeemed', 'expired') and "gift_card_ledger"."amount" < 0) or ("gift_card_ledger"."kind" = 'adjusted' and "gift_card_ledger"."amount" <> 0))
);
--> statement-breakpoint
CREATE TABLE "gift_card_orders" (
	"venue_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"amount" integer NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"deliver_on" date NOT NULL,
	"idempotency_key" text,
	"checkout_url" text,
	"gift_card_id" text,
	"paid_at" timestamp with time zone,
	CONSTRAINT "gift_card_orders_venue_id_id_pk" PRIMARY KEY("venue_id","id"),
	CONSTRAINT "gift_card_orders_amount_positive" CHECK ("gift_card_orders"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "gift_card_ledger" ADD CONSTRAINT "gift_card_ledger_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "gift_card_ledger" ADD CONSTRAINT "gift_card_ledger_card_fk" FOREIGN KEY ("venue_id","gift_card_id") REFERENCES "public"."gift_cards"("venue_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "gift_card_orders" ADD CONSTRAINT "gift_card_orders_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code" ON "gift_cards" USING btree ("venue_id","code_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_order" ON "gift_cards" USING btree ("venue_id","order_id") WHERE "gift_cards"."order_id" is not null;
--> statement-breakpoint
CREATE INDEX "gift_cards_created_idx" ON "gift_cards" USING btree ("venue_id","created_at");
--> statement-breakpoint
CREATE INDEX "gift_cards_last4_idx" ON "gift_cards" USING btree ("venue_id","code_last4");
--> statement-breakpoint
CREATE INDEX "gift_cards_delivery_idx" ON "gift_cards" USING btree ("deliver_after") WHERE "gift_cards"."delivered_at" is null and "gift_cards"."recipient_email" <> '';
--> statement-breakpoint
CREATE INDEX "gift_cards_expiry_idx" ON "gift_cards" USING btree ("expires_at") WHERE "gift_cards"."status" = 'active' and "gift_cards"."expires_at" is not null;
--> statement-breakpoint
CREATE INDEX "gift_card_ledger_card_idx" ON "gift_card_ledger" USING btree ("venue_id","gift_card_id","created_at");
--> statement-breakpoint
CREATE INDEX "gift_card_ledger_created_idx" ON "gift_card_ledger" USING btree ("venue_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_orders_idempotency_key" ON "gift_card_orders" USING btree ("venue_id","idempotency_key") WHERE "gift_card_orders"."idempotency_key" is not null;
--> statement-breakpoint
-- The balance is the ledger's sum by construction: each entry moves its card's balance in the entry's own
-- statement and records the balance after it; an entry that would take it below zero fails the card's CHECK.
CREATE FUNCTION "gift_card_ledger_applies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "gift_cards" SET "balance" = "balance" + NEW."amount", "updated_at" = now()
  WHERE "venue_id" = NEW."venue_id" AND "id" = NEW."gift_card_id"
  RETURNING "balance" INTO NEW."balance_after";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'gift card % of venue % does not exist', NEW."gift_card_id", NEW."venue_id" USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "gift_card_ledger_applies" BEFORE INSERT ON "gift_card_ledger" FOR EACH ROW EXECUTE FUNCTION "gift_card_ledger_applies"();
--> statement-breakpoint
-- A payment of a booking by gift card, and a refund back to one, name the card.
ALTER TABLE "booking_payments" ADD COLUMN "gift_card_id" text;
--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_gift_card_fk" FOREIGN KEY ("venue_id","gift_card_id") REFERENCES "public"."gift_cards"("venue_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Every venue gets the default gift card mail (the text of modules/mailing-templates/defaults.ts on the day),
-- active, unless it has one of that type already.
INSERT INTO "mailing_templates" ("venue_id", "id", "event", "subject", "text", "is_paused")
SELECT v."id", gen_random_uuid()::text, 'giftCard', '{% if giftCard.buyerName != "" %}{{ giftCard.buyerName }} sent you a gift card{% else %}Your gift card{% endif %} for {{ venue.name }}', 'Hello{% if giftCard.recipientName != "" %} {{ giftCard.recipientName }}{% endif %},

{% if giftCard.buyerName != "" %}{{ giftCard.buyerName }} sent you{% else %}Here is{% endif %} a gift card of {{ giftCard.amount | money }} for {{ venue.name }}.

{% if giftCard.message != "" %}{{ giftCard.message }}

{% endif %}Your gift card code: {{ giftCard.code }}
{% if giftCard.expiresOn != "" %}Valid until {{ giftCard.expiresOn }}.
{% endif %}
Enter the code when you pay for a booking on our website, or show it at the desk. The card is attached to print.

See you soon,
{{ venue.name }}
{% if venue.address != "" %}{{ venue.address }}
{% endif %}{% if venue.phone != "" %}{{ venue.phone }}
{% endif %}{% if venue.email != "" %}{{ venue.email }}
{% endif %}', false
FROM "venues" v
WHERE NOT EXISTS (SELECT 1 FROM "mailing_templates" m WHERE m."venue_id" = v."id" AND m."event" = 'giftCard');
