CREATE TABLE "calculator_percentages" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	CONSTRAINT "calculator_percentages_range_check" CHECK ("calculator_percentages"."percentage" >= 0 and "calculator_percentages"."percentage" <= 100)
);
--> statement-breakpoint
ALTER TABLE "calculator_percentages" ADD CONSTRAINT "calculator_percentages_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculator_percentages" ADD CONSTRAINT "calculator_percentages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;