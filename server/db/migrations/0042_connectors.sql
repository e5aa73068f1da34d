CREATE TABLE "connector_deals" (
	"connector_id" integer NOT NULL,
	"deal_id" text NOT NULL,
	"amount" numeric(14, 2),
	"amount_at" bigint,
	"won" boolean,
	"won_at" bigint,
	"owner_key" text,
	"owner_at" bigint,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" bigint,
	"closed_at" timestamp with time zone,
	"closed_at_at" bigint,
	"record_id" bigint,
	"recorded_agent_id" integer,
	"recorded_amount" numeric(16, 2),
	"revision" integer DEFAULT 0 NOT NULL,
	"waiting_since" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "connector_deals_connector_id_deal_id_pk" PRIMARY KEY("connector_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "connector_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connector_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"connector_id" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"status_code" integer NOT NULL,
	"body" text,
	"updates" jsonb,
	"outcome" text DEFAULT '' NOT NULL,
	"claimed_until" timestamp with time zone,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "connector_owners" (
	"connector_id" integer NOT NULL,
	"owner_key" text NOT NULL,
	"agent_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "connector_owners_connector_id_owner_key_pk" PRIMARY KEY("connector_id","owner_key")
);
--> statement-breakpoint
CREATE TABLE "connectors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connectors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"agent_by" text NOT NULL,
	"metric_id" integer,
	"amount_field" text NOT NULL,
	"stage" text NOT NULL,
	"secret" text,
	"username" text,
	"credential_hash" text,
	"organization_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_inbox" DROP CONSTRAINT "audit_inbox_actor_kind_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_kind_check";--> statement-breakpoint
ALTER TABLE "connector_deals" ADD CONSTRAINT "connector_deals_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_deliveries" ADD CONSTRAINT "connector_deliveries_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_owners" ADD CONSTRAINT "connector_owners_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_owners" ADD CONSTRAINT "connector_owners_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connector_deals_waiting_idx" ON "connector_deals" USING btree ("connector_id","owner_key") WHERE "connector_deals"."waiting_since" is not null;--> statement-breakpoint
CREATE INDEX "connector_deliveries_connector_idx" ON "connector_deliveries" USING btree ("connector_id","id");--> statement-breakpoint
CREATE INDEX "connector_deliveries_pending_idx" ON "connector_deliveries" USING btree ("id") WHERE "connector_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "connector_deliveries_received_idx" ON "connector_deliveries" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "audit_inbox" ADD CONSTRAINT "audit_inbox_actor_kind_check" CHECK ("audit_inbox"."actor_kind" in ('user', 'agent', 'token', 'connector', 'system'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_kind_check" CHECK ("audit_log"."actor_kind" in ('user', 'agent', 'token', 'connector', 'system'));