CREATE TABLE "contest_awards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contest_awards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contest_id" integer NOT NULL,
	"place" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"prize_text" text NOT NULL,
	"reward_option_id" integer,
	"awarded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contest_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contest_id" integer NOT NULL,
	"agent_id" integer,
	"team_id" integer,
	"name" text NOT NULL,
	"public_profile" boolean NOT NULL,
	"rank" integer NOT NULL,
	"value" numeric(16, 2) NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "contest_results_holder_check" CHECK ("contest_results"."agent_id" is null or "contest_results"."team_id" is null)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "start_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "end_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "standings_moved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "standings_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "race_winner_id" integer;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "race_won_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contest_awards" ADD CONSTRAINT "contest_awards_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_awards" ADD CONSTRAINT "contest_awards_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_awards" ADD CONSTRAINT "contest_awards_reward_option_id_reward_options_id_fk" FOREIGN KEY ("reward_option_id") REFERENCES "public"."reward_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_results" ADD CONSTRAINT "contest_results_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_results" ADD CONSTRAINT "contest_results_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_results" ADD CONSTRAINT "contest_results_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_awards_key" ON "contest_awards" USING btree ("contest_id","place","agent_id");--> statement-breakpoint
CREATE INDEX "contest_awards_agent_idx" ON "contest_awards" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_results_position_key" ON "contest_results" USING btree ("contest_id","position");--> statement-breakpoint
CREATE INDEX "contest_results_agent_idx" ON "contest_results" USING btree ("agent_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('tier_reached', 'claim_status', 'claim_created', 'agent_registered', 'goal_progress', 'goal_reached', 'goal_behind', 'contest_started', 'contest_result'));