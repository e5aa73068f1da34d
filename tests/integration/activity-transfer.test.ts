// Activities in and out as CSV (docs/decisions/0072-metrics-and-activities.md): POST /api/imports/activities?metric=key checks every row
// with the entry import's rules (agents, dates, external ids) and the metric's own value rule, writes all or nothing,
// keeps the roll-ups and emits an event per activity; GET /api/exports/activities.csv writes them back out.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { importReport } from '../../contract/imports';
import { queryRows } from '../../server/db/client';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { readEventsAfter, latestEventId } from '../../server/db/events';
import { sequenceAll } from '../../server/db/sequencer';
import { createAgent, SESSIONS_OUTLIVE_CLOCK, signedInUser, uniqueSuffix } from '../factories/accounts';
import { databaseFingerprint } from '../support/fingerprint';
import { describeEachEngine } from '../support/test-app';

const NOW = new Date('2026-11-20T12:00:00Z');

describeEachEngine('activity import and export', (get) => {
  let owner: Record<string, string>;
  let calls: string;
  let revenue: string;
  let agent: { id: number; email: string };
  let other: { id: number; email: string };

  const key = (name: string) => `${name}-${uniqueSuffix()}`.toLowerCase().replace(/[^a-z0-9-]/g, '').slice(0, 40);
  const send = (file: string, query: string, headers = owner) =>
    get().request({ method: 'POST', url: `/api/imports/activities?${query}`, headers: { 'content-type': 'text/csv', ...headers }, payload: file });

  beforeAll(async () => {
    const t = get();
    t.clock.now = NOW;
    owner = { cookie: (await signedInUser(t, 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie };
    calls = key('calls');
    revenue = key('revenue');
    for (const [metric, unit] of [[calls, 'count'], [revenue, 'money']] as const) {
      const res = await t.request({ method: 'POST', url: '/api/metrics', headers: owner, payload: { key: metric, name: metric, unit } });
      expect(res.statusCode, res.body).toBe(201);
    }
    agent = await createAgent(t.database.db);
    other = await createAgent(t.database.db);
  });

  it('dry-runs a file with every row checked by the metric’s unit, and refuses to commit it when a row is wrong', async () => {
    const db = get().database.db;
    const file = [
      'Agent Email,value,date,note,External ID',
      `${agent.email},3,2026-11-02,Cold calls,C-1`,
      `${agent.email},"1,200",2026-11-03,,C-2`,
      `${agent.email},1.5,2026-11-03,,`,
      `${agent.email},0,2026-11-03,,`,
      `nobody@example.test,2,2026-11-03,,`,
      `${agent.email},2,2026-02-30,,`,
      `${agent.email},2,2026-11-04,,C-1`,
    ].join('\n');
    const before = await databaseFingerprint(db);
    const dry = await send(file, `metric=${calls}&dryRun=1`);
    expect(dry.statusCode, dry.body).toBe(200);
    const report = importReport.parse(dry.json());
    expect(report).toMatchObject({ rows: 7, valid: 2, duplicates: 0, errorCount: 5, created: 0, dryRun: true });
    expect(report.errors).toEqual([
      { row: 4, column: 'value', message: 'Value "1.5" is not a whole number from 1 to 1,000,000' },
      { row: 5, column: 'value', message: 'Value "0" is not a whole number from 1 to 1,000,000' },
      { row: 6, column: 'Agent Email', message: 'No agent has the email "nobody@example.test"' },
      { row: 7, column: 'date', message: expect.stringContaining('does not exist') },
      { row: 8, column: 'External ID', message: 'externalId "C-1" is also on row 2' },
    ]);
    const refused = await send(file, `metric=${calls}`);
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'IMPORT_REJECTED']);
    expect(await databaseFingerprint(db)).toEqual(before);
  });

  it('imports a count file and a money file: activities, roll-ups, one audit row and an event each; a second run skips them', async () => {
    const t = get();
    const db = t.database.db;
    const eventsBefore = (await sequenceAll(db), await latestEventId(db));
    const countFile = ['agentId,value,date,externalId', `${agent.id},4,2026-11-02,K-1`, `${agent.id},6,2026-11-16,K-2`, `${other.id},1,2026-11-16,`].join('\n');
    const res = await send(countFile, `metric=${calls}`);
    expect(res.statusCode, res.body).toBe(201);
    expect(importReport.parse(res.json())).toMatchObject({ rows: 3, valid: 3, created: 3, duplicates: 0 });
    const money = await send(['agentEmail,value,note', `${agent.email},"1,234.50",Upsell`, `${other.email},-20.00,Refund`].join('\n'), `metric=${revenue}`);
    expect(money.statusCode, money.body).toBe(201);

    const totals = await queryRows<{ key: string; agent_id: number; total: string }>(
      db,
      sql`select m.key, t.agent_id, t.total::text as total from agent_metric_period_totals t join metrics m on m.id = t.metric_id
        where t.period_kind = 'month' and t.period_start = '2026-11-01' and m.key in (${calls}, ${revenue}) order by m.key, t.agent_id`,
    );
    expect(totals).toEqual(
      [
        { key: calls, agent_id: agent.id, total: '10.00' },
        { key: calls, agent_id: other.id, total: '1.00' },
        { key: revenue, agent_id: agent.id, total: '1234.50' },
        { key: revenue, agent_id: other.id, total: '-20.00' },
      ].sort((x, y) => x.key.localeCompare(y.key) || x.agent_id - y.agent_id),
    );
    expect(await checkConsistency(db, t.config.orgTimezone)).toEqual([]);

    await sequenceAll(db);
    const events = await readEventsAfter(db, eventsBefore, 100);
    const created = events.filter((event) => event.type === 'activity.created');
    expect(created.map((event) => [event.public.metric, event.public.value])).toEqual([
      [calls, 4],
      [calls, 6],
      [calls, 1],
      [revenue, '1234.50'],
      [revenue, '-20.00'],
    ]);
    const audit = await queryRows<{ after: { metric: string; activities: number } | string }>(
      db,
      sql`select after from audit_log where action = 'activities.imported' order by id desc limit 2`,
    );
    expect(audit.map((row) => (typeof row.after === 'string' ? JSON.parse(row.after) : row.after)).map((after: { metric: string; activities: number }) => [after.metric, after.activities])).toEqual([
      [revenue, 2],
      [calls, 3],
    ]);

    // The same file again: the rows with an external id are skipped, the one without is imported again.
    const again = importReport.parse((await send(countFile, `metric=${calls}`)).json());
    expect(again).toMatchObject({ valid: 3, duplicates: 2, created: 1 });
  });

  it('refuses profit, a metric that does not exist, an inactive metric, and callers who may not import', async () => {
    const t = get();
    const file = `agentId,value\n${agent.id},1`;
    expect((await send(file, 'metric=profit')).statusCode).toBe(400);
    expect((await send(file, 'metric=no-such-metric')).statusCode).toBe(404);
    const inactive = key('inactive');
    await t.request({ method: 'POST', url: '/api/metrics', headers: owner, payload: { key: inactive, name: 'Old', unit: 'count' } });
    await t.request({ method: 'PATCH', url: `/api/metrics/${inactive}`, headers: owner, payload: { active: false } });
    expect((await send(file, `metric=${inactive}`)).statusCode).toBe(409);
    const manager = { cookie: (await signedInUser(t, 'manager', SESSIONS_OUTLIVE_CLOCK)).cookie };
    expect((await send(file, `metric=${calls}`, manager)).statusCode).toBe(403);
    expect((await send('amount\n5', `metric=${calls}`)).json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('Unknown column "amount"') });
  });

  it('exports a metric’s activities oldest first, counts as whole numbers and money as plain decimals', async () => {
    const t = get();
    const csv = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/exports/activities.csv?${query}`, headers: owner });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      return res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    };
    const countLines = await csv(`metric=${calls}&agentId=${agent.id}`);
    expect(countLines[0]).toBe('id,date,metric,unit,agentId,agentName,agentEmail,value,note,selfReported,externalId,createdAt,voidsActivityId,voidedAt');
    expect(countLines.slice(1).map((line) => line.split(',').slice(2, 5).concat(line.split(',')[7]!, line.split(',')[10]!))).toEqual([
      [calls, 'count', String(agent.id), '4', 'K-1'],
      [calls, 'count', String(agent.id), '6', 'K-2'],
    ]);
    const moneyLines = await csv(`metric=${revenue}`);
    expect(moneyLines.slice(1).map((line) => line.split(',')[7])).toEqual(['1234.50', '-20.00']);
    expect((await t.request({ method: 'GET', url: '/api/exports/activities.csv?metric=no-such-metric', headers: owner })).statusCode).toBe(404);
  });
});
