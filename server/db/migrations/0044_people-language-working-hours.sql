ALTER TABLE "agents" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "work_start_minute" integer DEFAULT 540 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "work_end_minute" integer DEFAULT 1080 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_language_check" CHECK ("agents"."language" is null or "agents"."language" in ('en', 'de', 'es', 'fr'));--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_work_hours_check" CHECK (0 <= "organisation_settings"."work_start_minute" and "organisation_settings"."work_start_minute" < "organisation_settings"."work_end_minute" and "organisation_settings"."work_end_minute" <= 1440);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" is null or "users"."language" in ('en', 'de', 'es', 'fr'));