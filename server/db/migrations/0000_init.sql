CREATE TABLE "agent_period_totals" (
	"agent_id" integer NOT NULL,
	"period_kind" text NOT NULL,
	"period_start" date NOT NULL,
	"income" numeric(14, 2) NOT NULL,
	CONSTRAINT "agent_period_totals_pkey" PRIMARY KEY("agent_id","period_kind","period_start")
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"position" text NOT NULL,
	"password_hash" text NOT NULL,
	"total_income" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_entries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_email_lower_check" CHECK ("agents"."email" = lower("agents"."email"))
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "income_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "income_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"description" text,
	"date" timestamp with time zone NOT NULL,
	"new_total" numeric(14, 2) NOT NULL,
	"transaction_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "income_entries_amount_check" CHECK ("income_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "reward_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agent_id" integer NOT NULL,
	"tier_id" integer NOT NULL,
	"reward_option_id" integer,
	"reward_title" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"telegram" text,
	"address" text NOT NULL,
	"city" text,
	"zipcode" text,
	"shipping_instructions" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "reward_claims_status_check" CHECK ("reward_claims"."status" in ('pending', 'processed', 'shipped'))
);
--> statement-breakpoint
CREATE TABLE "reward_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tier_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"agent_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_subject_check" CHECK (("sessions"."kind" = 'user' and "sessions"."user_id" is not null and "sessions"."agent_id" is null) or ("sessions"."kind" = 'agent' and "sessions"."agent_id" is not null and "sessions"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "tier_achievements" (
	"agent_id" integer NOT NULL,
	"tier_id" integer NOT NULL,
	"achieved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tier_achievements_pkey" PRIMARY KEY("agent_id","tier_id")
);
--> statement-breakpoint
CREATE TABLE "tier_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"threshold" numeric(14, 2) NOT NULL,
	"rewards" text NOT NULL,
	"tier_order" integer NOT NULL,
	CONSTRAINT "tier_settings_threshold_check" CHECK ("tier_settings"."threshold" > 0),
	CONSTRAINT "tier_settings_order_check" CHECK ("tier_settings"."tier_order" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('owner', 'manager')),
	CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "agent_period_totals" ADD CONSTRAINT "agent_period_totals_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_entries" ADD CONSTRAINT "income_entries_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_tier_id_tier_settings_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tier_settings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_reward_option_id_reward_options_id_fk" FOREIGN KEY ("reward_option_id") REFERENCES "public"."reward_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_options" ADD CONSTRAINT "reward_options_tier_id_tier_settings_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tier_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_achievements" ADD CONSTRAINT "tier_achievements_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_achievements" ADD CONSTRAINT "tier_achievements_tier_id_tier_settings_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tier_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_period_totals_period_idx" ON "agent_period_totals" USING btree ("period_kind","period_start","income" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "agents_email_key" ON "agents" USING btree ("email");--> statement-breakpoint
CREATE INDEX "agents_name_idx" ON "agents" USING btree ("name");--> statement-breakpoint
CREATE INDEX "income_entries_agent_date_idx" ON "income_entries" USING btree ("agent_id","date");--> statement-breakpoint
CREATE INDEX "income_entries_created_idx" ON "income_entries" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reward_claims_agent_tier_key" ON "reward_claims" USING btree ("agent_id","tier_id");--> statement-breakpoint
CREATE INDEX "reward_claims_status_idx" ON "reward_claims" USING btree ("status","claimed_at");--> statement-breakpoint
CREATE INDEX "reward_options_tier_idx" ON "reward_options" USING btree ("tier_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_agent_idx" ON "sessions" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "tier_achievements_achieved_idx" ON "tier_achievements" USING btree ("achieved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tier_settings_order_key" ON "tier_settings" USING btree ("tier_order");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");