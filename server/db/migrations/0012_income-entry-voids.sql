ALTER TABLE "income_entries" ADD COLUMN "voids_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "income_entries" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "income_entries" ADD COLUMN "voided_by" text;--> statement-breakpoint
ALTER TABLE "income_entries" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "income_entries" ADD CONSTRAINT "income_entries_voids_entry_id_income_entries_id_fk" FOREIGN KEY ("voids_entry_id") REFERENCES "public"."income_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "income_entries_voids_entry_idx" ON "income_entries" USING btree ("voids_entry_id") WHERE "income_entries"."voids_entry_id" is not null;--> statement-breakpoint
ALTER TABLE "income_entries" ADD CONSTRAINT "income_entries_void_check" CHECK (("income_entries"."voids_entry_id" is null or "income_entries"."voided_at" is null) and ("income_entries"."voided_at" is null) = ("income_entries"."void_reason" is null));