CREATE TABLE "agent_badges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_badges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rule_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"awarded_at" timestamp with time zone NOT NULL,
	"detail" text NOT NULL,
	"event_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badge_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badge_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "badge_rules_kind_check" CHECK ("badge_rules"."kind" in ('first_entry', 'record_week', 'goal_streak', 'activity_streak', 'contest_podium', 'tier_reached'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "agent_badges" ADD CONSTRAINT "agent_badges_rule_id_badge_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."badge_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_badges" ADD CONSTRAINT "agent_badges_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_badges_rule_agent_key" ON "agent_badges" USING btree ("rule_id","agent_id");--> statement-breakpoint
CREATE INDEX "agent_badges_agent_idx" ON "agent_badges" USING btree ("agent_id","awarded_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('tier_reached', 'claim_status', 'claim_created', 'agent_registered', 'goal_progress', 'goal_reached', 'goal_behind', 'contest_started', 'contest_result', 'badge_awarded'));