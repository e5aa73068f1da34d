CREATE TABLE "tv_pairings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tv_pairings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code_hash" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tv_link_id" integer
);
--> statement-breakpoint
ALTER TABLE "tv_pairings" ADD CONSTRAINT "tv_pairings_tv_link_id_tv_links_id_fk" FOREIGN KEY ("tv_link_id") REFERENCES "public"."tv_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tv_pairings_code_hash_key" ON "tv_pairings" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "tv_pairings_secret_hash_key" ON "tv_pairings" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "tv_pairings_expires_idx" ON "tv_pairings" USING btree ("expires_at");