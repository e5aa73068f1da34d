CREATE TABLE "activities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"metric_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"note" text,
	"self_reported" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"external_id" text,
	"voids_activity_id" bigint,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	"void_reason" text,
	CONSTRAINT "activities_value_check" CHECK ("activities"."value" <> 0),
	CONSTRAINT "activities_void_check" CHECK (("activities"."voids_activity_id" is null or "activities"."voided_at" is null) and ("activities"."voided_at" is null) = ("activities"."void_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "agent_metric_period_totals" (
	"metric_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"period_kind" text NOT NULL,
	"period_start" date NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	CONSTRAINT "agent_metric_period_totals_pkey" PRIMARY KEY("agent_id","metric_id","period_kind","period_start")
);
--> statement-breakpoint
CREATE TABLE "metrics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "metrics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"agents_may_record" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metrics_unit_check" CHECK ("metrics"."unit" in ('money', 'count'))
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_voids_activity_id_activities_id_fk" FOREIGN KEY ("voids_activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_metric_period_totals" ADD CONSTRAINT "agent_metric_period_totals_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_metric_period_totals" ADD CONSTRAINT "agent_metric_period_totals_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_voids_idx" ON "activities" USING btree ("voids_activity_id") WHERE "activities"."voids_activity_id" is not null;--> statement-breakpoint
CREATE INDEX "activities_agent_date_idx" ON "activities" USING btree ("agent_id","metric_id","date");--> statement-breakpoint
CREATE INDEX "activities_metric_date_idx" ON "activities" USING btree ("metric_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "activities_external_id_idx" ON "activities" USING btree ("metric_id","external_id") WHERE "activities"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "agent_metric_period_totals_board_idx" ON "agent_metric_period_totals" USING btree ("metric_id","period_kind","period_start","total" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "metrics_key_idx" ON "metrics" USING btree ("key");