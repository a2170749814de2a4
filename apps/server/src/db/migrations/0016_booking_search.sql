-- Issue 23: booking phones in one form, E.164 by the venue's country (bookings/phones.ts does it
-- on every write from now on). Stored phones are already digits and a leading plus; a US or
-- Canadian venue's national number (10 digits, or 11 starting with the trunk 1) becomes +1 and
-- its 10 digits. What cannot be read so (too short, too long, another country without its +)
-- stays as it is: the list still finds it by its last digits.
UPDATE "bookings" AS b
SET "phone" = '+1' || right(b."phone", 10),
    "reservation_info" = jsonb_set(b."reservation_info", '{phone}', to_jsonb('+1' || right(b."phone", 10)))
FROM "venues" AS v
WHERE v."id" = b."venue_id"
  AND v."country" IN ('US', 'CA')
  AND b."phone" ~ '^1?[2-9][0-9]{9}$';
