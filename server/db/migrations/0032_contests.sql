CREATE TABLE "contests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"metric_id" integer,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"format" text NOT NULL,
	"target" numeric(14, 2),
	"participant_kind" text NOT NULL,
	"participant_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"teams_compete" boolean NOT NULL,
	"prizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_on_tv" boolean NOT NULL,
	"recurrence" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"finalised_at" timestamp with time zone,
	CONSTRAINT "contests_window_check" CHECK ("contests"."ends_on" >= "contests"."starts_on" and "contests"."ends_on" - "contests"."starts_on" < 92),
	CONSTRAINT "contests_format_check" CHECK ("contests"."format" in ('total', 'race')),
	CONSTRAINT "contests_target_check" CHECK (("contests"."format" = 'race') = ("contests"."target" is not null) and ("contests"."target" is null or "contests"."target" > 0)),
	CONSTRAINT "contests_participants_check" CHECK ("contests"."participant_kind" in ('all', 'teams', 'agents')),
	CONSTRAINT "contests_recurrence_check" CHECK ("contests"."recurrence" is null or "contests"."recurrence" in ('weekly', 'monthly'))
);
--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contests_window_idx" ON "contests" USING btree ("ends_on","starts_on");