ALTER TABLE "agents" ADD COLUMN "peak_total" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Agents recorded before this column existed: their peak is the highest running total any entry left.
UPDATE "agents" AS a SET "peak_total" = greatest(0, coalesce((SELECT max(e."new_total") FROM "income_entries" AS e WHERE e."agent_id" = a."id"), 0));
