-- A mail a booking change causes is written in that change's transaction, queued, with the job
-- that renders and sends it (decision 020); a mail the mailer retries itself (platform mail,
-- Send email) keeps its other recipients and when its next attempt is due.
ALTER TABLE "mail_outbox" ADD COLUMN "job" jsonb;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "envelope" jsonb;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "retry_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "mail_outbox_waiting_idx" ON "mail_outbox" ("created_at") WHERE "status" IN ('queued', 'deferred');
