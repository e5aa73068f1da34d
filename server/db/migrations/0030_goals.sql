CREATE TABLE "goal_marks" (
	"goal_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"threshold" integer NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "goal_marks_pkey" PRIMARY KEY("goal_id","period_start","threshold")
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"metric_id" integer,
	"agent_id" integer,
	"team_id" integer,
	"period_kind" text NOT NULL,
	"starts_on" date NOT NULL,
	"recurring" boolean NOT NULL,
	"target" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"behind_noticed_at" timestamp with time zone,
	CONSTRAINT "goals_holder_check" CHECK (("goals"."agent_id" is null) <> ("goals"."team_id" is null)),
	CONSTRAINT "goals_target_check" CHECK ("goals"."target" > 0),
	CONSTRAINT "goals_period_check" CHECK ("goals"."period_kind" in ('week', 'month', 'quarter'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "goal_marks" ADD CONSTRAINT "goal_marks_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goals_agent_idx" ON "goals" USING btree ("agent_id") WHERE "goals"."agent_id" is not null;--> statement-breakpoint
CREATE INDEX "goals_team_idx" ON "goals" USING btree ("team_id") WHERE "goals"."team_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('tier_reached', 'claim_status', 'claim_created', 'agent_registered', 'goal_progress', 'goal_reached', 'goal_behind'));