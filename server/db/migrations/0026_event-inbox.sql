CREATE TABLE "audit_inbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_inbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "audit_inbox_actor_kind_check" CHECK ("audit_inbox"."actor_kind" in ('user', 'agent', 'token', 'system'))
);
--> statement-breakpoint
CREATE TABLE "event_inbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_inbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"type" text NOT NULL,
	"agent_id" integer,
	"public_data" jsonb NOT NULL,
	"private_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_inbox_xid_idx" ON "audit_inbox" USING btree ("xid","id");--> statement-breakpoint
CREATE INDEX "event_inbox_xid_idx" ON "event_inbox" USING btree ("xid","id");--> statement-breakpoint
-- Writes no longer take the event-order lock (docs/decisions/0042-event-order-without-a-global-lock.md): they append
-- to the inboxes, and only the sequencer inserts into audit_log, under the same lock this trigger takes (kept, so that
-- any other insert is still numbered and chained one at a time).
COMMENT ON TABLE "audit_inbox" IS 'Audit rows not yet numbered and chained into audit_log (server/db/sequencer.ts)';--> statement-breakpoint
COMMENT ON TABLE "event_inbox" IS 'Events not yet given their id and place in events (server/db/sequencer.ts)';
