-- Issue 36: a booking's log entries are typed events (core's booking-events.ts, decision 044); the
-- sentence is rendered from the event where it is shown. Each old text that reads back into its
-- event becomes that event: only where the event renders the very same words (amounts are read in
-- the venue's money format and kept only when they format back to what was written). Every other
-- text (staff edits' lists of changes, customers' moves, notes) is kept whole as a `legacy` event.
ALTER TABLE "booking_logs" ADD COLUMN "event" jsonb;
--> statement-breakpoint
-- The cents an amount was written as in the venue's money format; null when they do not format back to it.
CREATE FUNCTION "booking_log_0032_cents"("written" text, "money_format" text) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT "cents" FROM (
    SELECT round(replace(substring("written" from '[0-9][0-9,]*\.[0-9]{2}'), ',', '')::numeric * 100)::integer AS "cents"
  ) AS "read"
  WHERE replace(
      replace("money_format", '{{amount}}', to_char("cents" / 100.0, 'FM999,999,999,990.00')),
      '{{amount_rounded}}', to_char(round("cents" / 100.0), 'FM999,999,999,990')
    ) = "written"
$$;
--> statement-breakpoint
UPDATE "booking_logs" SET "event" = jsonb_build_object(
    'type', 'created',
    'source', CASE (regexp_match("text", '^Booking created (online|by phone|as a walk-in) for'))[1]
      WHEN 'online' THEN 'online' WHEN 'by phone' THEN 'phone' ELSE 'walk_in' END,
    'players', (regexp_match("text", ' for ([0-9]{1,9}) players$'))[1]::integer)
WHERE "type" = 'create' AND "text" ~ '^Booking created (online|by phone|as a walk-in) for [0-9]{1,9} players$';
--> statement-breakpoint
UPDATE "booking_logs" SET "event" = jsonb_build_object('type', 'canceled', 'reason',
    CASE WHEN "text" = 'Booking canceled' THEN NULL ELSE substring("text" from length('Booking canceled: ') + 1) END)
WHERE "type" = 'cancel' AND ("text" = 'Booking canceled' OR "text" ~ '^Booking canceled: .');
--> statement-breakpoint
UPDATE "booking_logs" SET "event" = jsonb_build_object('type', 'abandoned',
    'minutes', (regexp_match("text", '^Abandoned: not paid within ([0-9]{1,9}) minutes'))[1]::integer)
WHERE "type" = 'abandoned' AND "text" ~ '^Abandoned: not paid within [0-9]{1,9} minutes; the lanes are free again$';
--> statement-breakpoint
UPDATE "booking_logs" SET "event" = CASE "text"
    WHEN 'Saved' THEN '{"type":"saved","saved":true}'::jsonb
    WHEN 'No longer saved' THEN '{"type":"saved","saved":false}'::jsonb
    WHEN 'Saved without changes' THEN '{"type":"changed","changes":[]}'::jsonb
    ELSE jsonb_build_object('type', 'presence', 'presence', CASE "text"
      WHEN 'Presence: Checked In' THEN 'fully' WHEN 'Presence: Partially Checked In' THEN 'partially'
      WHEN 'Presence: No show' THEN 'no' WHEN 'Presence: Not arrived' THEN 'not_arrived' ELSE 'not_expected' END)
  END
WHERE "type" = 'update' AND "text" IN ('Saved', 'No longer saved', 'Saved without changes', 'Presence: Checked In',
  'Presence: Partially Checked In', 'Presence: No show', 'Presence: Not arrived', 'Presence: —');
--> statement-breakpoint
UPDATE "booking_logs" SET "event" = jsonb_build_object('type', 'waiverSigned', 'signer', substring("text" from length('Waiver signed by ') + 1))
WHERE "type" = 'custom' AND "text" LIKE 'Waiver signed by %';
--> statement-breakpoint
UPDATE "booking_logs" SET "event" = jsonb_build_object('type', 'signatureDeleted', 'signer', (regexp_match("text", '^Signature of (.*) deleted$'))[1])
WHERE "type" = 'custom' AND "text" ~ '^Signature of .* deleted$';
--> statement-breakpoint
-- Mail: staff's (Mail "subject" to address: outcome) and the booking's own (Label mail "subject" to address: outcome).
UPDATE "booking_logs" SET "event" = jsonb_build_object(
    'type', 'mail',
    'mail', CASE coalesce("m"[1], '') WHEN '' THEN 'staff' WHEN 'Confirmation' THEN 'confirmation' WHEN 'Reminder' THEN 'reminder'
      WHEN 'Cancellation' THEN 'cancellation' WHEN 'Abandoned booking' THEN 'abandoned' WHEN 'Refund receipt' THEN 'receipt' ELSE 'change' END,
    'subject', "m"[2],
    'to', "m"[3],
    'delivery', CASE WHEN "m"[4] = 'sent' THEN 'sent' WHEN "m"[4] = 'not delivered yet, tried again later' THEN 'deferred'
      WHEN "m"[4] = 'kept in the outbox (no mail server)' THEN 'stored' ELSE 'failed' END,
    'error', CASE WHEN "m"[4] LIKE 'not delivered: %' THEN substring("m"[4] from length('not delivered: ') + 1) END)
FROM (
  SELECT "venue_id", "id", regexp_match("text",
      '^(?:Mail|(Confirmation|Reminder|Cancellation|Abandoned booking|Refund receipt|Change) mail) "(.*)" to ([^ ]+): (sent|not delivered yet, tried again later|kept in the outbox \(no mail server\)|not delivered: .*)$') AS "m",
    "type"
  FROM "booking_logs"
) AS "read"
WHERE "booking_logs"."venue_id" = "read"."venue_id" AND "booking_logs"."id" = "read"."id" AND "read"."m" IS NOT NULL
  -- A failed one was logged as a warning.
  AND "read"."type" = CASE WHEN "read"."m"[4] LIKE 'not delivered: %' THEN 'warning' ELSE 'custom' END;
--> statement-breakpoint
UPDATE "booking_logs" SET "event" = jsonb_build_object(
    'type', 'mailNotRendered',
    'mail', CASE (regexp_match("text", '^(.*) mail to '))[1] WHEN 'Confirmation' THEN 'confirmation' WHEN 'Reminder' THEN 'reminder'
      WHEN 'Cancellation' THEN 'cancellation' WHEN 'Abandoned booking' THEN 'abandoned' WHEN 'Refund receipt' THEN 'receipt' ELSE 'change' END,
    'to', (regexp_match("text", ' mail to ([^ ]+) not sent: its template does not render$'))[1])
WHERE "type" = 'warning'
  AND "text" ~ '^(Confirmation|Reminder|Cancellation|Abandoned booking|Refund receipt|Change) mail to [^ ]+ not sent: its template does not render$';
--> statement-breakpoint
-- Money: the amount must format back to the very words in the venue's money format.
UPDATE "booking_logs" AS "l" SET "event" = "read"."event"
FROM (
  SELECT "b"."venue_id", "b"."id", CASE
      WHEN "b"."type" = 'paid' AND "b"."text" ~ '^Collected .+ by .+$' THEN jsonb_build_object('type', 'paymentCollected',
        'amount', "booking_log_0032_cents"((regexp_match("b"."text", '^Collected (.+?) by '))[1], "v"."money_format"),
        'method', (regexp_match("b"."text", '^Collected .+? by (.+)$'))[1])
      WHEN "b"."type" = 'paid' AND "b"."text" ~ '^Card payment of .+ received$' THEN jsonb_build_object('type', 'cardPaymentReceived',
        'amount', "booking_log_0032_cents"((regexp_match("b"."text", '^Card payment of (.+) received$'))[1], "v"."money_format"))
      WHEN "b"."type" = 'refund' AND "b"."text" ~ '^Card refund of .+ made at the payment provider$' THEN jsonb_build_object('type', 'cardRefundAtProvider',
        'amount', "booking_log_0032_cents"((regexp_match("b"."text", '^Card refund of (.+) made at the payment provider$'))[1], "v"."money_format"))
      WHEN "b"."type" = 'refund' AND "b"."text" ~ '^Retried the card refund of .+$' THEN jsonb_build_object('type', 'cardRefundRetried',
        'amount', "booking_log_0032_cents"((regexp_match("b"."text", '^Retried the card refund of (.+)$'))[1], "v"."money_format"))
      WHEN "b"."type" = 'warning' AND "b"."text" ~ '^Card refund of .+ failed: ' THEN jsonb_build_object('type', 'cardRefundFailed',
        'amount', "booking_log_0032_cents"((regexp_match("b"."text", '^Card refund of (.+?) failed: '))[1], "v"."money_format"),
        'failure', (regexp_match("b"."text", '^Card refund of .+? failed: (.*)$'))[1])
      WHEN "b"."type" = 'warning' AND "b"."text" ~ '^Refund of .+ to the customer not made: ' THEN jsonb_build_object('type', 'customerRefundNotMade',
        'amount', "booking_log_0032_cents"((regexp_match("b"."text", '^Refund of (.+?) to the customer not made: '))[1], "v"."money_format"),
        'reason', (regexp_match("b"."text", '^Refund of .+? to the customer not made: (.*)$'))[1])
      WHEN "b"."type" = 'update' AND "b"."text" ~ '^Price lowered by .+ to .+ with the refund$' THEN jsonb_build_object('type', 'priceLowered',
        'amount', "booking_log_0032_cents"((regexp_match("b"."text", '^Price lowered by (.+?) to '))[1], "v"."money_format"),
        'total', "booking_log_0032_cents"((regexp_match("b"."text", '^Price lowered by .+? to (.+) with the refund$'))[1], "v"."money_format"))
      -- One refund row at a time (several parts stay legacy: a method's name may hold a comma).
      WHEN "b"."type" = 'refund' AND "b"."text" ~ '^Refunded (overpayment: )?.+ to [^,]+$' THEN jsonb_build_object('type', 'refunded',
        'parts', jsonb_build_array(jsonb_build_object(
          'amount', "booking_log_0032_cents"((regexp_match("b"."text", '^Refunded (?:overpayment: )?(.+?) to [^,]+$'))[1], "v"."money_format"),
          'method', (regexp_match("b"."text", '^Refunded (?:overpayment: )?.+? to ([^,]+?)(?: \(the kept deposit too\))?$'))[1])),
        'keptDepositToo', "b"."text" LIKE '% (the kept deposit too)',
        'overpayment', "b"."text" LIKE 'Refunded overpayment: %')
    END AS "event"
  FROM "booking_logs" AS "b" JOIN "venues" AS "v" ON "v"."id" = "b"."venue_id"
  WHERE "b"."event" IS NULL
) AS "read"
WHERE "l"."venue_id" = "read"."venue_id" AND "l"."id" = "read"."id" AND "read"."event" IS NOT NULL
  -- jsonb_build_object keeps a null amount as null: an amount that did not read back leaves the entry legacy.
  AND NOT jsonb_path_exists("read"."event", 'strict $.** ? (@ == null)');
--> statement-breakpoint
DROP FUNCTION "booking_log_0032_cents"(text, text);
--> statement-breakpoint
UPDATE "booking_logs" SET "event" = jsonb_build_object('type', 'legacy', 'text', "text") WHERE "event" IS NULL;
--> statement-breakpoint
ALTER TABLE "booking_logs" ALTER COLUMN "event" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "booking_logs" DROP COLUMN "text";
