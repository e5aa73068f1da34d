// The reference data set of docs/product.md §15, loaded set-based: every row comes from generate_series inside the
// database (no row crosses the wire), secondary indexes and foreign keys are dropped for the load and rebuilt once
// at the end, and every derived figure (running totals, entry counts, peaks, roll-ups, achievements) is computed
// in SQL from the loaded entries, by the same rules recordIncomeEntry keeps them by (server/db/rule-sql.ts).
// Used by scripts/bench/reference-data.ts (npm run generate-data, the benchmark) and tests on large data.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../server/db/client';
import { appendEvents, dataChangedEvent } from '../../server/db/events';
import { metricPeriodRollUpsFromActivities, periodRollUpsFromEntries, thresholdReached } from '../../server/db/rule-sql';
import { activities, agentMetricPeriodTotals, agentPeriodTotals, agents, incomeEntries, metrics, tierAchievements, tierSettings } from '../../server/db/schema';

export interface ReferenceDataOptions {
  agents: number;
  entries: number;
  /** Entries are spread over this many months, ending at `now`. */
  months: number;
  /** Activities on the three count metrics the load defines (REFERENCE_METRICS), spread like the entries. */
  activities: number;
  now: Date;
  /** ORG_TIMEZONE: the roll-ups are bucketed in it. */
  timeZone: string;
  /** One argon2 hash, shared by every generated agent (hashing 10,000 passwords would take minutes). */
  passwordHash: string;
  /** Entries inserted per statement (progress is reported after each); default a twentieth of them, 100,000 at least. */
  batchSize?: number;
  /** 0 to 1: the same seed gives the same data set. */
  seed?: number;
  onProgress?: (message: string) => void;
}

const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Mateo', 'Isabella', 'Lucas', 'Mia', 'Levi', 'Amelia',
  'Asher', 'Harper', 'James', 'Evelyn', 'Leo', 'Luna', 'Grayson', 'Camila', 'Ezra', 'Gianna', 'Luca', 'Elizabeth',
  'Ethan', 'Eleanor', 'Aiden', 'Ella', 'Wyatt', 'Abigail', 'Sebastian', 'Sofia', 'Benjamin', 'Avery', 'Mason',
  'Scarlett', 'Henry', 'Emily', 'Hudson', 'Aria', 'Jack', 'Penelope', 'Jackson', 'Chloe', 'Owen', 'Layla', 'Daniel',
  'Mila', 'Alexander', 'Nora', 'Maverick', 'Hazel', 'Kai', 'Madison', 'Gabriel', 'Ellie', 'Carter', 'Lily', 'William',
  'Nova', 'Logan', 'Isla', 'Michael', 'Grace', 'Samuel', 'Violet', 'Muhammad', 'Aurora', 'Waylon', 'Riley', 'Ezekiel',
  'Zoey', 'Jayden', 'Willow', 'Luke', 'Emilia', 'Lincoln', 'Stella', 'Theo', 'Zoe', 'Jacob', 'Victoria', 'Josiah',
  'Hannah', 'David', 'Addison', 'Jaxon', 'Leah', 'Elias', 'Lucy', 'Julian', 'Eliana', 'Theodore', 'Ivy', 'Isaiah',
  'Everly', 'Aaron', 'Lillian', 'Miguel', 'Priya', 'Wei', 'Aisha', 'Kenji', 'Fatima', 'Arjun', 'Yuki', 'Omar',
];
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez',
  'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen',
  'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall',
  'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker',
  'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez',
  'Ortiz', 'Morgan', 'Cooper', 'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward',
  'Richardson', 'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Okafor', 'Tanaka', 'Novak',
];
const POSITIONS = [
  'Sales Agent', 'Sales Agent', 'Sales Agent', 'Senior Sales Agent', 'Account Executive', 'Inside Sales Rep',
  'Field Sales Agent', 'Business Development Rep', 'Key Account Manager', 'Regional Sales Lead',
];
const CUSTOMERS = [
  'Acme Corp', 'Globex', 'Initech', 'Umbrella Health', 'Stark Logistics', 'Wayne Foods', 'Hooli', 'Vandelay Imports',
  'Soylent Farms', 'Cyberdyne Systems', 'Tyrell Energy', 'Wonka Retail', 'Oceanic Travel', 'Pied Piper', 'Massive Dynamic',
  'Aperture Labs', 'Blue Sun', 'Gringotts Finance', 'Monarch Realty', 'Nakatomi Trading',
];
const SALE_KINDS = [
  'New contract', 'Renewal', 'Upsell: premium plan', 'Enterprise deal closed', 'Referral bonus', 'Quarterly target bonus',
  'Cross-sell: support package', 'Multi-year renewal', 'Pilot converted', 'Add-on licences',
];
const DEDUCTION_KINDS = ['Refund issued', 'Chargeback', 'Cancelled order', 'Commission correction', 'Returned goods', 'Discount adjustment'];

/**
 * The metrics of the reference data set: three counts, each with its share of the activities and the most one
 * activity records (a call log of the morning: up to 12 calls; a meeting or two; a deal at a time).
 */
export const REFERENCE_METRICS = [
  { key: 'calls', name: 'Calls', share: 0.7, most: 12 },
  { key: 'meetings', name: 'Meetings', share: 0.2, most: 2 },
  { key: 'deals', name: 'Deals', share: 0.1, most: 1 },
] as const;

const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;
/** An element of a text array literal, 1-based index from an integer expression. */
const pick = (values: readonly string[], index: SQL) => sql`(${textArray(values)})[1 + ((${index}) % ${values.length})]`;

/** The tables the load writes, whose secondary indexes and foreign keys are rebuilt afterwards. */
const LOADED_TABLES = ['agents', 'income_entries', 'agent_period_totals', 'tier_achievements', 'activities', 'agent_metric_period_totals'] as const;
/** The loaded tables' names as a SQL list, for `relname in (...)`. */
const loadedTableNames = sql.join(LOADED_TABLES.map((table) => sql`${table}`), sql`, `);

interface SavedDefinition {
  name: string;
  table: string;
  definition: string;
}

/**
 * The definitions of objects on the loaded tables: `from` joins the table's pg_class row as `tc`, `columns` name
 * each object and give its definition, `filter` keeps the ones wanted.
 */
async function listOnLoadedTables(db: Db, columns: SQL, from: SQL, filter: SQL): Promise<SavedDefinition[]> {
  return queryRows<SavedDefinition>(
    db,
    sql`select ${columns}, tc.relname as table
      from ${from}
      join pg_namespace n on n.oid = tc.relnamespace
      where n.nspname = current_schema() and tc.relname in (${loadedTableNames}) and ${filter}
      order by 1`,
  );
}

/** Non-unique indexes of the loaded tables (unique ones and primary keys stay: they guard the load). */
const listSecondaryIndexes = (db: Db) =>
  listOnLoadedTables(
    db,
    sql`ic.relname as name, pg_get_indexdef(i.indexrelid) as definition`,
    sql`pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_class tc on tc.oid = i.indrelid`,
    sql`not i.indisunique and not i.indisprimary`,
  );

/** Foreign keys of the tables that reference agents (checked row by row during a load: once at the end is enough). */
const listForeignKeys = (db: Db) =>
  listOnLoadedTables(
    db,
    sql`c.conname as name, pg_get_constraintdef(c.oid) as definition`,
    sql`pg_constraint c join pg_class tc on tc.oid = c.conrelid`,
    sql`c.contype = 'f'`,
  );

export interface ReferenceDataSummary {
  agents: number;
  entries: number;
  activities: number;
  negativeEntries: number;
  periodRows: number;
  achievements: number;
  firstDate: string;
  lastDate: string;
}

/**
 * Loads `agents` agents and `entries` income entries (about 7% of them deductions) into a migrated database that
 * has no agents yet, in one transaction. Entries are recorded in date order (ids follow dates), spread over
 * `months` months before `now`, and unevenly over the agents (a few earn far more than most), as in a real team.
 */
export async function loadReferenceData(db: Db, options: ReferenceDataOptions): Promise<ReferenceDataSummary> {
  const progress = options.onProgress ?? (() => {});
  const batchSize = options.batchSize ?? Math.max(100_000, Math.ceil(options.entries / 20));
  const end = options.now.toISOString();
  const start = new Date(options.now);
  start.setUTCMonth(start.getUTCMonth() - options.months);
  const begin = start.toISOString();

  return db.transaction(async (tx) => {
    const [existing] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${agents}`);
    if (existing!.n > 0) throw new Error('The database already has agents: load the reference data into an empty one');
    // Large sorts and index builds in memory; commit without waiting for the disk (a failed load is simply redone).
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`select setseed(${options.seed ?? 0.42})`);

    const indexes = await listSecondaryIndexes(tx);
    const foreignKeys = await listForeignKeys(tx);
    for (const fk of foreignKeys) await tx.execute(sql`alter table ${sql.identifier(fk.table)} drop constraint ${sql.identifier(fk.name)}`);
    for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    progress(`dropped ${indexes.length} indexes and ${foreignKeys.length} foreign keys for the load`);

    const g = sql.raw('g');
    await tx.execute(sql`
      insert into ${agents} (email, name, first_name, last_name, position, password_hash, created_at)
      select 'agent' || g || '@bench.example',
        ${pick(FIRST_NAMES, sql`g::bigint * 7919`)} || ' ' || ${pick(LAST_NAMES, sql`g::bigint * 104729 / 7`)},
        ${pick(FIRST_NAMES, sql`g::bigint * 7919`)}, ${pick(LAST_NAMES, sql`g::bigint * 104729 / 7`)},
        ${pick(POSITIONS, sql`g::bigint * 31`)}, ${options.passwordHash},
        ${begin}::timestamptz - (${g} % 90) * interval '1 day'
      from generate_series(1, ${options.agents}::int) as g
      order by g`);
    const [ids] = await queryRows<{ first: number }>(tx, sql`select min(id)::int as first from ${agents}`);
    progress(`${options.agents.toLocaleString('en-US')} agents`);

    // The entries to record, numbered in date order, each with its agent's running sum up to it (a sort by agent,
    // once). Agent k (0-based) gets a share falling like k^-1/3: the first agents record thousands of entries, the
    // median one about 80, so totals range from a few dollars to Legend.
    await tx.execute(sql`drop table if exists bulk_load_entries`);
    await tx.execute(sql`
      create unlogged table bulk_load_entries as
      select seq, agent_id, amount, description, date, sum(amount) over (partition by agent_id order by seq) as running
      from (
        select row_number() over (order by date, n) as seq, agent_id, amount, description, date
        from (
          select n, agent_id, amount, date,
            case
              when r_desc < 0.15 then null
              when amount < 0 then ${pick(DEDUCTION_KINDS, sql`(r_desc * 1000)::int`)} || ': ' || ${pick(CUSTOMERS, sql`(r_desc * 7919)::int`)}
              else ${pick(SALE_KINDS, sql`(r_desc * 1000)::int`)} || ': ' || ${pick(CUSTOMERS, sql`(r_desc * 7919)::int`)}
            end as description
          from (
            select n,
              ${ids!.first}::int + floor(${options.agents}::int * power(random(), 1.5))::int as agent_id,
              case when random() < 0.07
                then -round((5 + 795 * power(random(), 2))::numeric, 2)
                else round((20 + 2480 * power(random(), 2.5) + case when random() < 0.01 then 25000 * random() else 0 end)::numeric, 2)
              end as amount,
              ${begin}::timestamptz + random() * (${end}::timestamptz - ${begin}::timestamptz) as date,
              random() as r_desc
            from generate_series(1, ${options.entries}::int) as n
          ) raw
        ) described
      ) numbered`);
    await tx.execute(sql`create unique index bulk_load_entries_seq on bulk_load_entries (seq)`);
    progress('entries generated');

    // In date order, a batch at a time: each entry's new total is its agent's total before the load plus its
    // running sum. The agents are not touched until every entry is in: updating them after each batch added a version
    // of most agents' rows per batch in this one transaction, and each batch took longer than the one before (at
    // 100,000 agents and 10,000,000 entries, 3 s at the start and 20 s by the 70th).
    for (let from = 1; from <= options.entries; from += batchSize) {
      const to = Math.min(options.entries, from + batchSize - 1);
      await tx.execute(sql`
        insert into ${incomeEntries} (agent_id, amount, description, date, new_total, transaction_type, created_at)
        select s.agent_id, s.amount, s.description, s.date, a.total_income + s.running,
          case when s.amount < 0 then 'deduction' else 'addition' end,
          s.date
        from bulk_load_entries s join ${agents} a on a.id = s.agent_id
        where s.seq between ${from}::bigint and ${to}::bigint
        order by s.seq`);
      progress(`${to.toLocaleString('en-US')} of ${options.entries.toLocaleString('en-US')} entries`);
    }
    await tx.execute(sql`drop table bulk_load_entries`);
    // Then each agent's total, count and peak, once.
    await tx.execute(sql`
      update ${agents} a set
        total_income = a.total_income + b.total,
        total_entries = a.total_entries + b.n,
        peak_total = greatest(a.peak_total, b.peak)
      from (
        select agent_id, sum(amount) as total, count(*)::int as n, max(new_total) as peak
        from ${incomeEntries} group by agent_id
      ) b
      where b.agent_id = a.id`);
    progress('agent totals');

    // Week, month and year roll-ups in the organisation's time zone (PostgreSQL's weeks start on Monday).
    await tx.execute(sql`
      insert into ${agentPeriodTotals} (agent_id, period_kind, period_start, income)
      ${periodRollUpsFromEntries(options.timeZone)}`);
    progress('period roll-ups');

    // A tier is reached by the first entry whose running total reaches its threshold; ids follow creation times.
    await tx.execute(sql`
      insert into ${tierAchievements} (agent_id, tier_id, achieved_at)
      select e.agent_id, t.id, min(e.created_at)
      from ${incomeEntries} e join ${tierSettings} t on ${thresholdReached(sql`t.threshold`, sql`e.new_total`)}
      group by 1, 2`);
    progress('tier achievements');

    // The three count metrics, and their activities: agents skewed as for entries, dates uniform over the months,
    // each activity's metric by its share and its count from 1 to the metric's most (most often 1).
    const metricRows = await queryRows<{ id: number; key: string }>(
      tx,
      sql`insert into ${metrics} (key, name, unit, agents_may_record, created_at)
        select m.key, m.name, 'count', true, ${begin}::timestamptz
        from unnest(${sql.param(REFERENCE_METRICS.map((m) => m.key))}::text[], ${sql.param(REFERENCE_METRICS.map((m) => m.name))}::text[]) as m(key, name)
        returning id, key`,
    );
    const metricId = (key: string) => metricRows.find((row) => row.key === key)!.id;
    if (options.activities > 0) {
      const [calls, meetings, deals] = REFERENCE_METRICS;
      await tx.execute(sql`
        insert into ${activities} (metric_id, agent_id, value, date, created_at)
        select case when r_metric < ${calls.share} then ${metricId(calls.key)}::int
            when r_metric < ${calls.share + meetings.share} then ${metricId(meetings.key)}::int else ${metricId(deals.key)}::int end,
          agent_id,
          case when r_metric < ${calls.share} then 1 + floor(${calls.most} * power(r_value, 3))::int
            when r_metric < ${calls.share + meetings.share} then 1 + floor(${meetings.most} * power(r_value, 4))::int else ${deals.most} end,
          date, date
        from (
          select ${ids!.first}::int + floor(${options.agents}::int * power(random(), 1.5))::int as agent_id,
            random() as r_metric, random() as r_value,
            ${begin}::timestamptz + random() * (${end}::timestamptz - ${begin}::timestamptz) as date
          from generate_series(1, ${options.activities}::int)
        ) raw
        order by date`);
      progress(`${options.activities.toLocaleString('en-US')} activities`);
      await tx.execute(sql`
        insert into ${agentMetricPeriodTotals} (metric_id, agent_id, period_kind, period_start, total)
        ${metricPeriodRollUpsFromActivities(options.timeZone)}`);
      progress('activity roll-ups');
    }

    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    for (const fk of foreignKeys) {
      await tx.execute(sql`alter table ${sql.identifier(fk.table)} add constraint ${sql.identifier(fk.name)} ${sql.raw(fk.definition)}`);
    }
    progress(`rebuilt ${indexes.length} indexes and ${foreignKeys.length} foreign keys`);

    // A running app's boards in memory and open screens read everything again (docs/decisions/0015).
    await appendEvents(tx, [dataChangedEvent]);
    const [summary] = await queryRows<ReferenceDataSummary>(
      tx,
      sql`select
        (select count(*)::int from ${agents}) as agents,
        (select count(*)::int from ${incomeEntries}) as entries,
        (select count(*)::int from ${activities}) as activities,
        (select count(*)::int from ${incomeEntries} where amount < 0) as "negativeEntries",
        (select count(*)::int from ${agentPeriodTotals}) as "periodRows",
        (select count(*)::int from ${tierAchievements}) as achievements,
        (select min(date)::text from ${incomeEntries}) as "firstDate",
        (select max(date)::text from ${incomeEntries}) as "lastDate"`,
    );
    return summary!;
  });
}

/**
 * After a load: agents compacted (each batch updated every row), then fresh planner statistics and the visibility
 * map that index-only scans need. Outside any transaction.
 */
export async function analyzeLoadedTables(db: Db): Promise<void> {
  await db.execute(sql`vacuum full ${agents}`);
  await db.execute(sql`vacuum analyze`);
}
