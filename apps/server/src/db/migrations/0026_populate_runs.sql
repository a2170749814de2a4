-- A large populate runs in the background in small batches (decision 034): its progress and
-- cursor live with the group, so a run cut short by a crash continues where it stopped.
ALTER TABLE "slot_groups" ADD COLUMN "populate_run" jsonb;
