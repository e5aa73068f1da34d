CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY DEFAULT 0 NOT NULL,
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
	"prev_hash" text,
	"hash" text DEFAULT '' NOT NULL,
	CONSTRAINT "audit_log_actor_kind_check" CHECK ("audit_log"."actor_kind" in ('user', 'agent', 'token', 'system'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_kind","actor_id","id");--> statement-breakpoint
-- The audit trail's chain (docs/decisions/0022-audit-trail.md). Rows are numbered here, after the lock, so that ids
-- follow commit order and each row's prev_hash is the hash of the row before it.
CREATE SEQUENCE "audit_log_id_seq" AS bigint;--> statement-breakpoint
-- What a row's hash covers: every column but the hashes, as a JSON array (unambiguous, and jsonb's text is canonical).
CREATE FUNCTION "audit_log_content"(r "audit_log") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.actor_kind, r.actor_id,
    r.actor_name, r.action, r.target_type, r.target_id, r.before, r.after, r.ip, r.user_agent)::text
$$;--> statement-breakpoint
CREATE FUNCTION "audit_log_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous text;
BEGIN
  -- The event-order lock of server/db/events.ts, held to the commit: appends are numbered and chained one
  -- transaction at a time, in commit order, and a change that also appends events takes one lock, not two.
  PERFORM pg_advisory_xact_lock(7406190003);
  NEW.id := nextval('audit_log_id_seq');
  SELECT hash INTO previous FROM audit_log ORDER BY id DESC LIMIT 1;
  NEW.prev_hash := previous;
  NEW.hash := encode(sha256(convert_to(coalesce(previous, '') || audit_log_content(NEW), 'UTF8')), 'hex');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_chain"();--> statement-breakpoint
CREATE FUNCTION "audit_log_refuse"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse"();
