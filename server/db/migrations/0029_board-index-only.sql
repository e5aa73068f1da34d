DROP INDEX "agent_metric_period_totals_board_idx";--> statement-breakpoint
DROP INDEX "agent_period_totals_period_idx";--> statement-breakpoint
CREATE INDEX "agent_metric_period_totals_board_idx" ON "agent_metric_period_totals" USING btree ("metric_id","period_kind","period_start","total" DESC NULLS LAST,"agent_id");--> statement-breakpoint
CREATE INDEX "agent_period_totals_period_idx" ON "agent_period_totals" USING btree ("period_kind","period_start","income" DESC NULLS LAST,"agent_id");