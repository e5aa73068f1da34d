-- How a one-time password link reached its holder (docs/decisions/0036-scope-and-link-rules.md). Links made before
-- this column: those the owner made name them (created_by), the rest were emailed or imported by a token; they are
-- counted as emailed (at most the import links of a token import are then ended early by a request by address, as
-- before).
ALTER TABLE "password_resets" ADD COLUMN "source" text;--> statement-breakpoint
UPDATE "password_resets" SET "source" = CASE WHEN "created_by" IS NULL THEN 'email' ELSE 'owner' END;--> statement-breakpoint
ALTER TABLE "password_resets" ALTER COLUMN "source" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_source_check" CHECK ("password_resets"."source" in ('email', 'owner', 'import'));
