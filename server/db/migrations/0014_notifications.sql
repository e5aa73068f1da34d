CREATE TABLE "notification_preferences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_preferences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agent_id" integer,
	"user_id" integer,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	CONSTRAINT "notification_preferences_recipient_check" CHECK (("notification_preferences"."agent_id" is null) <> ("notification_preferences"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" integer,
	"user_id" integer,
	"kind" text NOT NULL,
	"subject_agent_id" integer,
	"event_id" bigint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_recipient_check" CHECK (("notifications"."agent_id" is null) <> ("notifications"."user_id" is null)),
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('tier_reached', 'claim_status', 'claim_created', 'agent_registered'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject_agent_id_agents_id_fk" FOREIGN KEY ("subject_agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_preferences_agent_key" ON "notification_preferences" USING btree ("agent_id","kind") WHERE "notification_preferences"."agent_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_preferences_user_key" ON "notification_preferences" USING btree ("user_id","kind") WHERE "notification_preferences"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_agent_event_key" ON "notifications" USING btree ("agent_id","event_id","kind") WHERE "notifications"."agent_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_event_key" ON "notifications" USING btree ("user_id","event_id","kind") WHERE "notifications"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_agent_idx" ON "notifications" USING btree ("agent_id","id" DESC NULLS LAST) WHERE "notifications"."agent_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST) WHERE "notifications"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_subject_idx" ON "notifications" USING btree ("subject_agent_id") WHERE "notifications"."subject_agent_id" is not null;