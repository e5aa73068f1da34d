CREATE TABLE "claim_status_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"claim_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" integer,
	"by_name" text,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "reward_claims" DROP CONSTRAINT "reward_claims_status_check";--> statement-breakpoint
DROP INDEX "reward_claims_agent_tier_key";--> statement-breakpoint
ALTER TABLE "reward_claims" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claim_status_changes" ADD CONSTRAINT "claim_status_changes_claim_id_reward_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."reward_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_status_changes" ADD CONSTRAINT "claim_status_changes_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_status_changes_claim_idx" ON "claim_status_changes" USING btree ("claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_claims_agent_tier_key" ON "reward_claims" USING btree ("agent_id","tier_id") WHERE "reward_claims"."status" <> 'rejected';--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_status_check" CHECK ("reward_claims"."status" in ('pending', 'processed', 'shipped', 'delivered', 'rejected'));--> statement-breakpoint
-- The history of the claims made before it was kept: the claim itself, by its agent, and Mark Filled, by nobody recorded.
INSERT INTO "claim_status_changes" ("claim_id", "status", "at", "by_name")
  SELECT c."id", 'pending', c."claimed_at", a."name" FROM "reward_claims" c JOIN "agents" a ON a."id" = c."agent_id" ORDER BY c."id";--> statement-breakpoint
INSERT INTO "claim_status_changes" ("claim_id", "status", "at")
  SELECT "id", 'processed', "processed_at" FROM "reward_claims" WHERE "processed_at" IS NOT NULL ORDER BY "id";--> statement-breakpoint
INSERT INTO "claim_status_changes" ("claim_id", "status", "at")
  SELECT "id", 'shipped', coalesce("processed_at", "claimed_at") FROM "reward_claims" WHERE "status" = 'shipped' ORDER BY "id";--> statement-breakpoint
UPDATE "reward_claims" SET "status_changed_at" = "processed_at" WHERE "processed_at" IS NOT NULL;
