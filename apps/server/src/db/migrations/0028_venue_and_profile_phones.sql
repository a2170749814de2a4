-- Issue 33: a venue's phone and a person's profile phone are stored E.164 as bookings' are
-- (platform/phones.ts does it on every write from now on). What was typed is read as 0016 read
-- booking phones: a national number of the +1 countries the product serves (10 digits, or 11
-- starting with the trunk 1, whatever the punctuation) becomes +1 and its 10 digits; a number
-- typed with its + keeps it and its digits (8 to 15). Anything else stays as typed: the console
-- shows a stored phone it cannot read as it is.
UPDATE "venues"
SET "phone" = CASE
    WHEN btrim("phone") LIKE '+%' THEN '+' || regexp_replace("phone", '[^0-9]', '', 'g')
    ELSE '+1' || right(regexp_replace("phone", '[^0-9]', '', 'g'), 10)
  END
WHERE (btrim("phone") LIKE '+%' AND regexp_replace("phone", '[^0-9]', '', 'g') ~ '^[0-9]{8,15}$')
   OR (btrim("phone") NOT LIKE '+%' AND regexp_replace("phone", '[^0-9]', '', 'g') ~ '^1?[2-9][0-9]{9}$');
--> statement-breakpoint
UPDATE "user"
SET "phone" = CASE
    WHEN btrim("phone") LIKE '+%' THEN '+' || regexp_replace("phone", '[^0-9]', '', 'g')
    ELSE '+1' || right(regexp_replace("phone", '[^0-9]', '', 'g'), 10)
  END
WHERE (btrim("phone") LIKE '+%' AND regexp_replace("phone", '[^0-9]', '', 'g') ~ '^[0-9]{8,15}$')
   OR (btrim("phone") NOT LIKE '+%' AND regexp_replace("phone", '[^0-9]', '', 'g') ~ '^1?[2-9][0-9]{9}$');
