-- Written by hand (issue 34, decision 030): every existing venue gets an active default mailing
-- template of each type it has none of (paused or not), so its customers are mailed; a venue
-- that has a template of a type keeps it untouched. The texts are those of
-- modules/mailing-templates/defaults.ts on the day (new venues get that file's current ones).
INSERT INTO "mailing_templates" ("venue_id", "id", "event", "subject", "text", "is_paused")
SELECT v."id", gen_random_uuid()::text, 'confirmation', 'Your booking at {{ venue.name }}: {{ product.name }} {{ booking.when }} at {{ booking.time }}', 'Hello {{ customer.firstName }},

Thank you for booking with {{ venue.name }}. Your booking is confirmed:

{{ product.name }}
When: {{ booking.when }}{% if booking.when != booking.date %} ({{ booking.date }}){% endif %}, {{ booking.time }} to {{ booking.endTime }}
Players: {{ booking.playersCount }}
Booking reference: {{ booking.reference }}

Total: {{ booking.total | money }}
{% if booking.due > 0 %}Still to pay: {{ booking.due | money }}{% else %}Paid in full.{% endif %}

{% if waiverUrl != "" %}Each player signs the waiver before playing; please sign it before you come:
{{ waiverUrl }}

{% endif %}To see, move or cancel your booking:
{{ manageUrl }}

See you soon,
{{ venue.name }}
{% if venue.address != "" %}{{ venue.address }}
{% endif %}{% if venue.phone != "" %}{{ venue.phone }}
{% endif %}{% if venue.email != "" %}{{ venue.email }}
{% endif %}', false
FROM "venues" v
WHERE NOT EXISTS (SELECT 1 FROM "mailing_templates" m WHERE m."venue_id" = v."id" AND m."event" = 'confirmation');
--> statement-breakpoint
INSERT INTO "mailing_templates" ("venue_id", "id", "event", "subject", "text", "is_paused")
SELECT v."id", gen_random_uuid()::text, 'reminder', 'Reminder: {{ product.name }} at {{ venue.name }} {{ booking.when }} at {{ booking.time }}', 'Hello {{ customer.firstName }},

A reminder of your booking at {{ venue.name }}:

{{ product.name }}
When: {{ booking.when }}{% if booking.when != booking.date %} ({{ booking.date }}){% endif %}, {{ booking.time }} to {{ booking.endTime }}
Players: {{ booking.playersCount }}
Booking reference: {{ booking.reference }}
{% if booking.due > 0 %}
Still to pay: {{ booking.due | money }}
{% endif %}
Please arrive 10 minutes early.{% if waiverUrl != "" %} Each player signs the waiver before playing:
{{ waiverUrl }}{% endif %}

Your booking:
{{ manageUrl }}

See you soon,
{{ venue.name }}
{% if venue.address != "" %}{{ venue.address }}
{% endif %}{% if venue.phone != "" %}{{ venue.phone }}
{% endif %}{% if venue.email != "" %}{{ venue.email }}
{% endif %}', false
FROM "venues" v
WHERE NOT EXISTS (SELECT 1 FROM "mailing_templates" m WHERE m."venue_id" = v."id" AND m."event" = 'reminder');
--> statement-breakpoint
INSERT INTO "mailing_templates" ("venue_id", "id", "event", "subject", "text", "is_paused")
SELECT v."id", gen_random_uuid()::text, 'cancellation', 'Your booking at {{ venue.name }} is canceled', 'Hello {{ customer.firstName }},

Your booking {{ booking.reference }} at {{ venue.name }} is canceled:

{{ product.name }}, {{ booking.date }} at {{ booking.time }}

{% if booking.refunded > 0 %}Refunded: {{ booking.refunded | money }}. A card refund can take a few days to show.

{% endif %}We hope to see you another time. Questions? Reply to this mail or call us.

{{ venue.name }}
{% if venue.address != "" %}{{ venue.address }}
{% endif %}{% if venue.phone != "" %}{{ venue.phone }}
{% endif %}{% if venue.email != "" %}{{ venue.email }}
{% endif %}', false
FROM "venues" v
WHERE NOT EXISTS (SELECT 1 FROM "mailing_templates" m WHERE m."venue_id" = v."id" AND m."event" = 'cancellation');
--> statement-breakpoint
INSERT INTO "mailing_templates" ("venue_id", "id", "event", "subject", "text", "is_paused")
SELECT v."id", gen_random_uuid()::text, 'abandoned', 'Your booking at {{ venue.name }} was not completed', 'Hello {{ customer.firstName }},

Your booking of {{ product.name }} on {{ booking.date }} at {{ booking.time }} was not paid in time, so the lanes were released for other guests.

You are welcome to book again on our website. Questions? Reply to this mail or call us.

{{ venue.name }}
{% if venue.address != "" %}{{ venue.address }}
{% endif %}{% if venue.phone != "" %}{{ venue.phone }}
{% endif %}{% if venue.email != "" %}{{ venue.email }}
{% endif %}', false
FROM "venues" v
WHERE NOT EXISTS (SELECT 1 FROM "mailing_templates" m WHERE m."venue_id" = v."id" AND m."event" = 'abandoned');
--> statement-breakpoint
INSERT INTO "mailing_templates" ("venue_id", "id", "event", "subject", "text", "is_paused")
SELECT v."id", gen_random_uuid()::text, 'custom', 'About your booking at {{ venue.name }}', 'Hello {{ customer.firstName }},

About your booking at {{ venue.name }}:

{{ product.name }}
When: {{ booking.when }}{% if booking.when != booking.date %} ({{ booking.date }}){% endif %}, {{ booking.time }} to {{ booking.endTime }}
Players: {{ booking.playersCount }}
Booking reference: {{ booking.reference }}

Your booking:
{{ manageUrl }}

{{ venue.name }}
{% if venue.address != "" %}{{ venue.address }}
{% endif %}{% if venue.phone != "" %}{{ venue.phone }}
{% endif %}{% if venue.email != "" %}{{ venue.email }}
{% endif %}', false
FROM "venues" v
WHERE NOT EXISTS (SELECT 1 FROM "mailing_templates" m WHERE m."venue_id" = v."id" AND m."event" = 'custom');
--> statement-breakpoint
-- The venue's mail log (GET /api/private/mails): which booking a mail is about, and its list by venue, newest first.
ALTER TABLE "mail_outbox" ADD COLUMN "booking_id" text;
--> statement-breakpoint
CREATE INDEX "mail_outbox_venue_created_idx" ON "mail_outbox" USING btree ("venue_id","created_at");
