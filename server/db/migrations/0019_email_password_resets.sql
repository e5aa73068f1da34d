ALTER TABLE "email_outbox" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "unsubscribe_url" DROP NOT NULL;