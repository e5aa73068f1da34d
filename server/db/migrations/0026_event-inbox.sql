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
COMMENT ON TABLE "event_inbox" IS 'Events not yet given their id and place in events (server/db/sequencer.ts)';--> statement-breakpoint
-- Queues: rows come and go all the time, so a vacuum is due after a few thousand, not after a fifth of the table.
ALTER TABLE "event_inbox" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, autovacuum_vacuum_cost_delay = 0);--> statement-breakpoint
ALTER TABLE "audit_inbox" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, autovacuum_vacuum_cost_delay = 0);--> statement-breakpoint
-- The chain's head is looked up once per transaction, by a statement planned when it runs (a plan cached by a
-- connection that first inserted into an empty trail scanned the whole trail for every row: quadratic in a batch), then
-- kept for the transaction's next rows in a transaction-local setting, which a rolled-back savepoint also undoes.
-- Only the sequencer inserts, one pass at a time under the lock; the lock is still taken for any other insert.
CREATE OR REPLACE FUNCTION "audit_log_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous text;
  head text;
BEGIN
  PERFORM pg_advisory_xact_lock(7406190003);
  NEW.id := nextval('audit_log_id_seq');
  head := current_setting('tiertrack.audit_head', true);
  IF head IS NULL OR head = '' THEN
    EXECUTE 'SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1' INTO previous;
  ELSE
    previous := head;
  END IF;
  NEW.prev_hash := previous;
  NEW.hash := encode(sha256(convert_to(coalesce(previous, '') || audit_log_content(NEW), 'UTF8')), 'hex');
  PERFORM set_config('tiertrack.audit_head', NEW.hash, true);
  RETURN NEW;
END
$$;
