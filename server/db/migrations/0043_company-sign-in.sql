CREATE TABLE "sso_logins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"audience" text NOT NULL,
	"return_to" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"label" text NOT NULL,
	"allowed_domains" text[] NOT NULL,
	"role_claim" text,
	"manager_value" text,
	"required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_settings_one_row_check" CHECK ("sso_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "scim_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE INDEX "sso_logins_expires_idx" ON "sso_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_external_id_key" ON "agents" USING btree ("external_id") WHERE "agents"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "teams_external_id_key" ON "teams" USING btree ("external_id") WHERE "teams"."external_id" is not null;