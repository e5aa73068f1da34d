-- Quarter roll-ups (docs/product.md §12.14): a quarter is three whole calendar months in ORG_TIMEZONE, so its income
-- is the sum of its months' roll-ups; from now on each entry keeps it in its own transaction.
INSERT INTO "agent_period_totals" ("agent_id", "period_kind", "period_start", "income")
SELECT "agent_id", 'quarter', date_trunc('quarter', "period_start")::date, sum("income")
FROM "agent_period_totals"
WHERE "period_kind" = 'month'
GROUP BY 1, 3
ON CONFLICT ("agent_id", "period_kind", "period_start") DO NOTHING;
