-- Written by hand (issue 25, decision 035): a venue without card payments can still go live by
-- choosing to take payment at the venue; the setup checklist counts that choice as payments done.
ALTER TABLE "venues" ADD COLUMN "pay_at_venue" boolean DEFAULT false NOT NULL;
