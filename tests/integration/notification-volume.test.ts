// A contest of every agent tells each of them it began (docs/decisions/0077-contests.md): at the reference size that
// is thousands of notifications and emails from one event, more rows than one statement may carry as a list of
// values (65,535 parameters). They are written as one array per column; here 8,300 agents, on both engines.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { contest as contestSchema } from '../../contract/contests';
import { queryRows } from '../../server/db/client';
import { notifyEvents } from '../../server/db/operations/notify-events';
import { tickContests, watchContests } from '../../server/db/operations/watch-contests';
import { sequenceAll } from '../../server/db/sequencer';
import { createAgent, ownerCookie, SESSIONS_OUTLIVE_CLOCK } from '../factories/accounts';
import { describeEachEngine, type TestApp } from '../support/test-app';

const NOW = new Date('2026-11-18T15:00:00Z');
/** More than 65,535 / 8 (the columns of a notification): a list of values could not hold them. */
const AGENTS = 8_300;

describeEachEngine('notifications to a large audience', (get) => {
  let owner: string;

  async function pass(t: TestApp) {
    await sequenceAll(t.database.db);
    while ((await watchContests(t.database.db, 500, t.clock.now, 'UTC')) > 0);
    await tickContests(t.database.db, t.clock.now, 'UTC', 24);
    await sequenceAll(t.database.db);
    while ((await notifyEvents(t.database.db, 500, t.clock.now, { appUrl: 'http://tiertrack.test' })) > 0);
  }

  beforeAll(async () => {
    const t = get();
    t.clock.now = NOW;
    owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
    // One agent made as the app makes them, then copied (only the email must differ).
    const template = await createAgent(t.database.db, { firstName: 'Many', lastName: 'Copies' });
    const columns = (
      await queryRows<{ name: string }>(
        t.database.db,
        sql`select column_name as name from information_schema.columns where table_name = 'agents' and column_name not in ('id', 'email') and is_generated = 'NEVER' and identity_generation is null order by ordinal_position`,
      )
    ).map((column) => sql.identifier(column.name));
    await t.database.db.execute(
      sql`insert into agents (email, ${sql.join(columns, sql`, `)})
        select 'many-' || g || '@example.test', ${sql.join(columns.map((column) => sql`a.${column}`), sql`, `)}
        from agents a, generate_series(1, ${AGENTS - 1}) g where a.id = ${template.id}`,
    );
    await pass(t);
  });

  it(`tells each of ${AGENTS} agents that a contest of everyone began, in the app and by email`, async () => {
    const t = get();
    const res = await t.request({
      method: 'POST',
      url: '/api/contests',
      headers: { cookie: owner },
      payload: { name: 'Everyone’s week', metric: 'profit', startsAt: '2026-11-18', endsAt: '2026-11-24', format: 'total', participants: { kind: 'all' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const contest = contestSchema.parse(res.json());
    await pass(t);
    const counted = async (table: 'notifications' | 'email_outbox') =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from ${sql.identifier(table)} n join events e on e.id = n.event_id where n.kind = 'contest_started' and (e.public_data->>'contestId')::int = ${contest.id}`,
        )
      )[0]!.n;
    const [active] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from agents where status = 'active'`);
    expect(active!.n).toBeGreaterThanOrEqual(AGENTS);
    expect(await counted('notifications')).toBe(active!.n);
    expect(await counted('email_outbox')).toBe(active!.n);
    // The notifier's cursor moved past it: the next pass finds nothing left.
    expect(await notifyEvents(t.database.db, 500, t.clock.now, { appUrl: 'http://tiertrack.test' })).toBe(0);
  }, 120_000);
});
