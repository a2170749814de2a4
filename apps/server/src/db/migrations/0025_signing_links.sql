-- Written by hand (issue 33, decision 023): the friends' sign-only link. Each booking gets a token
-- of its own (128 bits, 32 hex characters) that signs its waiver and opens nothing else; the default
-- gives every existing booking one here (a volatile default is evaluated per row) and every new
-- booking one in the transaction that inserts it.
ALTER TABLE "bookings" ADD COLUMN "signing_token" text DEFAULT left(encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'hex'), 32) NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_signing_token" ON "bookings" USING btree ("signing_token");
