CREATE TABLE "audit_seals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_seals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"audit_id" bigint NOT NULL,
	"audit_hash" text NOT NULL,
	"key_id" text NOT NULL,
	"mac" text NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Seals are append-only like the trail (decision 0037): an edit or removal is refused (a role that owns the table can
-- still switch the triggers off: what a seal protects against is that it cannot be made again without the key).
CREATE FUNCTION "audit_seals_refuse"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_seals is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_seals_no_change" BEFORE UPDATE OR DELETE ON "audit_seals" FOR EACH ROW EXECUTE FUNCTION "audit_seals_refuse"();--> statement-breakpoint
CREATE TRIGGER "audit_seals_no_truncate" BEFORE TRUNCATE ON "audit_seals" FOR EACH STATEMENT EXECUTE FUNCTION "audit_seals_refuse"();
