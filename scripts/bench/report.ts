// The benchmark's one table (the bars of docs/product.md §15, measured), and the sections of docs/performance.md it keeps.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { connectorsPass, type ConnectorsReport } from './connectors';
import type { Stats } from './latency';
import type { MachineInfo } from './machine';
import type { RequestKind } from './requests';
import type { ProbeResult } from './live';
import type { BenchReport } from './run';
import type { WrkResult } from './wrk';

export interface ReportRow {
  measure: string;
  target: string;
  result: string;
  /** undefined: measured for information, no bar. */
  pass: boolean | undefined;
}

/** A duration in milliseconds as the tables give it: "4.41 ms", "22.8 ms". */
export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
/** A count as the tables give it: "10,000". */
export const count = (value: number) => Math.round(value).toLocaleString('en-US');
const timing = (stats: Stats) => `${ms(stats.median)} median, ${ms(stats.p95)} p95 (${stats.samples} requests)`;

const requestRows: Array<{ kind: RequestKind; measure: string; bar?: 'read' | 'write' | 'contest' }> = [
  { kind: 'dashboard', measure: 'Owner dashboard, server time (GET /api/owner/dashboard)', bar: 'read' },
  { kind: 'leaderboard', measure: 'Monthly leaderboard, one of the first 20 pages (GET /api/owner/leaderboard)', bar: 'read' },
  { kind: 'agentTierData', measure: 'Agent tier data (GET /api/agent-tier-data)', bar: 'write' },
  { kind: 'incomeEntry', measure: 'One income entry written (POST /api/income-entries)', bar: 'write' },
  { kind: 'agentsList', measure: 'Agents list, one of the first 20 pages (GET /api/agents)' },
  { kind: 'leaderboardAnyPage', measure: 'Monthly leaderboard, a page at any depth' },
  { kind: 'leaderboardSearch', measure: 'Monthly leaderboard, search by name or email (ranks of the whole team)' },
  { kind: 'agentsSearch', measure: 'Agents list, search by name or email' },
  { kind: 'periodLeaderboard', measure: 'Leaderboard of another period (week, month, quarter, year, all; now or past; income or growth), one of the first 4 pages', bar: 'read' },
  { kind: 'trends', measure: 'Team income, the last 12 weeks or months (GET /api/owner/trends)', bar: 'read' },
  { kind: 'agentHistory', measure: 'An agent’s income, the last 12 weeks or months (GET /api/agents/{id}/history)', bar: 'read' },
  { kind: 'myRank', measure: 'An agent’s rank with its neighbours (GET /api/agents/me/rank)', bar: 'read' },
  { kind: 'metricLeaderboard', measure: 'A count metric’s leaderboard (calls, meetings or deals; any period, now or past), one of the first 4 pages', bar: 'read' },
  { kind: 'activity', measure: 'One activity written (POST /api/activities)', bar: 'write' },
  { kind: 'goalProgress', measure: 'Goal progress for a whole team: its goal and its 250 agents’ (GET /api/goals?teamId)', bar: 'read' },
  {
    kind: 'contestStandings',
    measure: 'Standings of a running contest of every agent (GET /api/contests/{id}/standings: a page of the first 100 places, or an agent’s first page and own place)',
    bar: 'contest',
  },
];

/** The contest standings' bar (issue 34), the same on both engines. */
const CONTEST_STANDINGS_MS = 20;

/** The table's name for the request of a kind, such as "Agent tier data (GET /api/agent-tier-data)". */
export function requestMeasure(kind: RequestKind): string {
  return requestRows.find((row) => row.kind === kind)!.measure;
}

export function reportRows(report: BenchReport): ReportRow[] {
  const postgres = report.engine === 'postgres';
  const readTarget = postgres ? 50 : 100;
  const writeTarget = postgres ? 5 : 10;
  const rows: ReportRow[] = requestRows.map(({ kind, measure, bar }) => {
    const stats = report.timings[kind];
    const target = bar === 'read' ? readTarget : bar === 'write' ? writeTarget : bar === 'contest' ? CONTEST_STANDINGS_MS : undefined;
    return {
      measure,
      target: target === undefined ? '-' : `median <= ${target} ms`,
      result: timing(stats),
      pass: target === undefined ? undefined : stats.median <= target,
    };
  });
  const ratio = (kind: RequestKind) => report.naiveScan.median / report.timings[kind].median;
  rows.push(
    {
      measure: 'Naive scan: every entry summed per agent for the week, month and year',
      target: '-',
      result: `${ms(report.naiveScan.median)} median of ${report.naiveScan.samples} runs`,
      pass: undefined,
    },
    { measure: 'Naive scan / owner dashboard (medians)', target: '>= 20x', result: `${ratio('dashboard').toFixed(0)}x`, pass: ratio('dashboard') >= 20 },
    { measure: 'Naive scan / monthly leaderboard (medians)', target: '>= 20x', result: `${ratio('leaderboard').toFixed(0)}x`, pass: ratio('leaderboard') >= 20 },
    {
      measure: 'Longest event-loop delay in the server while it served every request above (what one request holds it for)',
      target: '<= 50 ms',
      result: `${ms(report.eventLoop.maxMs)} (p99 ${ms(report.eventLoop.p99Ms)})`,
      pass: report.eventLoop.maxMs <= 50,
    },
    {
      measure: 'Longest event-loop delay during the load below (adds the wait for a CPU: load generator, server and database share the cores)',
      target: '-',
      result: `${ms(report.eventLoopUnderLoad.maxMs)} (p99 ${ms(report.eventLoopUnderLoad.p99Ms)})`,
      pass: undefined,
    },
  );
  const load = report.load;
  const failures = load.errors + load.non2xx + load.timeouts;
  rows.push({
    measure: `Load: ${load.seconds.toFixed(0)} s of mixed reads and writes (a quarter are entries) at ${load.connections} connections`,
    target: 'zero errors',
    result: `${count(load.throughput)} requests/s, p99 ${ms(load.p99)}, ${count(failures)} errors (${count(load.non2xx)} non-2xx, ${count(load.errors)} connection errors, ${count(load.timeouts)} timeouts) in ${count(load.requests)} requests`,
    pass: failures === 0,
  });
  const design = report.designLoad;
  const designFailures = design.errors + design.non2xx + design.timeouts;
  // The third wave's bars (docs/performance.md): the mix, and entries alone on PostgreSQL.
  const designBar = postgres ? { throughput: 2000, p99: 250 } : { throughput: 500, p99: 500 };
  const third = report.thirdWaveLoad;
  const thirdFailures = third.errors + third.non2xx + third.timeouts;
  const writes = report.writesLoad;
  const writesFailures = writes.errors + writes.non2xx + writes.timeouts;
  const writesBar = postgres ? { throughput: 1000, p99: 250 } : { throughput: 300, p99: 500 };
  rows.push(
    {
      measure: `Second-wave load: ${design.seconds.toFixed(0)} s of a quarter each of entries, owner dashboards, leaderboard pages and agent tier data at ${design.connections} connections`,
      target: `>= ${count(designBar.throughput)} requests/s, p99 <= ${designBar.p99} ms, zero errors`,
      result: `${count(design.throughput)} requests/s, p99 ${ms(design.p99)}, ${count(designFailures)} errors in ${count(design.requests)} requests`,
      pass: design.throughput >= designBar.throughput && design.p99 <= designBar.p99 && designFailures === 0,
    },
    {
      measure: `Third-wave load: ${third.seconds.toFixed(0)} s of the second-wave mix (a fifth each) with goal progress of a team and metric leaderboards (a tenth each) at ${third.connections} connections`,
      target: `>= ${count(designBar.throughput)} requests/s, p99 <= ${designBar.p99} ms, zero errors`,
      result: `${count(third.throughput)} requests/s, p99 ${ms(third.p99)}, ${count(thirdFailures)} errors in ${count(third.requests)} requests`,
      pass: third.throughput >= designBar.throughput && third.p99 <= designBar.p99 && thirdFailures === 0,
    },
    {
      measure: `Writes alone: ${writes.seconds.toFixed(0)} s of income entries at ${writes.connections} connections`,
      target: `>= ${count(writesBar.throughput)} entries/s, p99 <= ${writesBar.p99} ms, zero errors`,
      result: `${count(writes.throughput)} entries/s, p99 ${ms(writes.p99)}, ${count(writesFailures)} errors in ${count(writes.requests)} requests`,
      pass: writes.throughput >= writesBar.throughput && writes.p99 <= writesBar.p99 && writesFailures === 0,
    },
    ...wrkRows(report, { writes: writesBar, mix: designBar }),
    {
      measure: `Ceiling: the same Fastify answering a fixed 2 KB JSON at ${report.ceiling.connections} connections (the framework's limit on this machine)`,
      target: '-',
      result: `${count(report.ceiling.throughput)} requests/s, p99 ${ms(report.ceiling.p99)}; the second-wave load reaches ${((100 * design.throughput) / report.ceiling.throughput).toFixed(1)}% of it`,
      pass: undefined,
    },
  );
  const live = report.live;
  const liveFailures = live.load.errors + live.load.non2xx + live.load.timeouts;
  const delivered = (result: ProbeResult) =>
    `p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, max ${ms(result.max)}; ${count(result.delivered)} of ${count(result.expected)} deliveries`;
  rows.push(
    {
      measure:
        `Live updates: ${count(live.streams)} event streams open` +
        (live.onSecondInstance > 0 ? ` (${count(live.onSecondInstance)} on a second instance on the same database)` : '') +
        ` during the same load again; a probe entry 4 times a second, timed from its commit to each stream`,
      target: 'every stream, p99 <= 500 ms',
      result:
        `${delivered(live.delivery)} (${count(live.delivery.probes)} probes), ${count(live.dropped)} streams dropped; ` +
        (live.secondInstance ? `second instance's streams: ${delivered(live.secondInstance)}; ` : '') +
        `load meanwhile ${count(live.load.throughput)} requests/s, p99 ${ms(live.load.p99)}, ${count(liveFailures)} errors`,
      pass: live.delivery.delivered === live.delivery.expected && live.delivery.p99 <= 500 && live.dropped === 0 && liveFailures === 0,
    },
    {
      measure:
        `Contest events: ${count(report.contestEvents.streams)} event streams open, an entry moving a running contest of every agent every 1.5 s: ` +
        'from its commit to its contest.standings event on every stream',
      target: 'p99 <= 500 ms, all delivered',
      result: `${delivered(report.contestEvents.delivery)} (${count(report.contestEvents.delivery.probes)} probes), ${count(report.contestEvents.dropped)} streams dropped`,
      pass: report.contestEvents.delivery.delivered === report.contestEvents.delivery.expected && report.contestEvents.delivery.p99 <= 500 && report.contestEvents.dropped === 0,
    },
    {
      measure:
        `A contest of every agent starting: its ${count(report.contestStart.emails)} start emails (written to the log: no SMTP_URL), ` +
        'from the first queued to the last out (the requests above are timed after them)',
      target: 'every email out',
      result: `${report.contestStart.seconds.toFixed(1)} s, ${count(report.contestStart.emails / Math.max(report.contestStart.seconds, 0.001))} emails/s` +
        (report.contestStart.pending > 0 ? `, ${count(report.contestStart.pending)} still pending` : ''),
      pass: report.contestStart.pending === 0,
    },
    connectorsRow(report.connectors),
    {
      measure: 'Server memory per open event stream (growth after a full garbage collection, divided by the streams open on it)',
      target: '-',
      // Resident memory moves by whole allocator pages and was as often lower as higher: the heap is the figure.
      result: `${(live.memoryPerStream.heap / 1024).toFixed(1)} KB of JavaScript heap and buffers`,
      pass: undefined,
    },
  );
  const transfer = report.transfer;
  rows.push(
    {
      measure: `Export: every entry (${count(transfer.export.rows)} rows, ${transfer.export.megabytes.toFixed(0)} MB) as CSV over HTTP`,
      target: '>= 50,000 rows/s, server memory grows < 100 MB',
      result: `${count(transfer.export.rowsPerSecond)} rows/s (${transfer.export.seconds.toFixed(1)} s), memory +${transfer.export.memoryGrowthMb.toFixed(0)} MB`,
      pass: transfer.export.rowsPerSecond >= 50_000 && transfer.export.memoryGrowthMb < 100,
    },
    {
      measure: `Import: a ${count(transfer.import.rows)}-row entry CSV, dry run then commit (one transaction)`,
      target: 'dry run <= 10 s, commit <= 30 s, event-loop delay <= 50 ms',
      result: `dry run ${transfer.import.dryRunSeconds.toFixed(1)} s, commit ${transfer.import.commitSeconds.toFixed(1)} s (${count(transfer.import.created)} entries), longest event-loop delay ${ms(transfer.import.loop.maxMs)}`,
      pass: transfer.import.dryRunSeconds <= 10 && transfer.import.commitSeconds <= 30 && transfer.import.loop.maxMs <= 50,
    },
  );
  const consistency = report.consistency;
  rows.push({
    measure: 'Audit chain afterwards: audit:verify over every row',
    target: 'holds',
    result: report.audit.broken ? `broken at row ${report.audit.broken.id}: ${report.audit.broken.reason}` : `holds (${count(report.audit.rows)} rows)`,
    pass: report.audit.broken === null,
  });
  rows.push({
    measure: 'Totals exact afterwards: checkConsistency over every entry; every acknowledged entry stored',
    target: 'no drift',
    result:
      `${consistency.drifts} drifts (${consistency.seconds.toFixed(1)} s); ${count(consistency.writesAcknowledged)} entries acknowledged, ` +
      `${count(consistency.entriesAdded)} stored (the rest were in flight when the load stopped)`,
    pass: consistency.drifts === 0 && consistency.entriesAdded >= consistency.writesAcknowledged,
  });
  return rows;
}

type Bar = { throughput: number; p99: number };

/** The rows of the loads measured with wrk (or one saying why wrk did not run). */
function wrkRows(report: BenchReport, bars: { writes: Bar; mix: Bar }): ReportRow[] {
  const wrk = report.wrk;
  if (wrk.unavailable || !wrk.writes || !wrk.mix) {
    return [{ measure: 'The loads through wrk', target: '-', result: `not measured: ${wrk.unavailable ?? 'no result'}`, pass: false }];
  }
  const one = (result: WrkResult, bar: Bar, what: string): ReportRow => ({
    measure: `wrk: ${what} at ${result.connections} connections for ${result.seconds.toFixed(0)} s`,
    target: `>= ${count(bar.throughput)} requests/s, p99 <= ${bar.p99} ms, zero errors`,
    result: `${count(result.throughput)} requests/s, mean ${ms(result.meanMs)}, p50 ${ms(result.p50Ms)}, p99 ${ms(result.p99Ms)}, ${count(result.non2xx + result.socketErrors)} errors in ${count(result.requests)} requests`,
    pass: result.throughput >= bar.throughput && result.p99Ms <= bar.p99 && result.non2xx + result.socketErrors === 0,
  });
  const rows = [one(wrk.writes, bars.writes, 'income entries alone'), one(wrk.mix, bars.mix, 'the second-wave mix')];
  if (wrk.thirdWave) rows.push(one(wrk.thirdWave, bars.mix, 'the third-wave mix (goal progress and metric leaderboards beside the second-wave one)'));
  const two = wrk.twoInstances;
  if (two) {
    const errors = two.each.reduce((sum, result) => sum + result.non2xx + result.socketErrors, 0);
    rows.push({
      measure: `wrk: the mix on two instances on one database at once (one wrk each), ${two.order.streams} event streams on both checked against the events table`,
      target: '>= 1.5x one instance; every stream gets every event once, in one order',
      result:
        `${count(two.throughput)} requests/s together (${two.each.map((result) => count(result.throughput)).join(' + ')}), ${two.ratio.toFixed(2)}x; ` +
        `p99 ${two.each.map((result) => ms(result.p99Ms)).join(' / ')}, ${count(errors)} errors; ` +
        `${two.order.exact} of ${two.order.streams} streams got all ${count(two.order.events)} events in order` +
        (two.order.problems.length > 0 ? ` (${two.order.problems.slice(0, 3).join('; ')})` : '') +
        busyNote(two.busy, report.machine.cores),
      pass: two.ratio >= 1.5 && two.order.exact === two.order.streams && errors === 0,
    });
  }
  return rows;
}

/**
 * How busy the cores were during one instance's mix and the two instances', and what that leaves a second instance:
 * on a machine that one instance already keeps busy, a second can add no more than the idle share.
 */
function busyNote(busy: { one: number | undefined; two: number | undefined } | undefined, cores: number): string {
  if (busy?.one === undefined || busy.two === undefined) return '';
  const percent = (share: number) => `${Math.round(share * 100)}%`;
  return (
    `; the ${cores} cores were ${percent(busy.one)} busy during one instance's mix and ${percent(busy.two)} during the two: ` +
    `on this machine a second instance can add at most about ${(1 / busy.one).toFixed(2)}x`
  );
}

export function markdownTable(headers: string[], rows: string[][]): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  return [
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ].join('\n');
}

export const passText = (pass: boolean | undefined) => (pass === undefined ? '' : pass ? 'pass' : '**FAIL**');

export function machineLine(machine: MachineInfo): string {
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  return (
    `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.os}; ` +
    `load average (1, 5, 15 min) ${load(machine.loadBefore)} before, ${load(machine.loadAfter)} after`
  );
}

export function formatReport(report: BenchReport): string {
  const rows = reportRows(report);
  const name = report.engine === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)';
  return [
    `### ${name}: ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `- Engine: ${report.engineVersion}`,
    `- Data: ${count(report.data.agents)} agents, ${count(report.data.entries)} income entries over ${report.size.months} months ` +
      '(generated by `npm run generate-data`)',
    `- Machine: ${machineLine(report.machine)}`,
    `- Run took ${report.seconds.toFixed(0)} s`,
    '',
    markdownTable(
      ['Measure', 'Target', 'Result', ''],
      rows.map((row) => [row.measure, row.target, row.result, passText(row.pass)]),
    ),
    '',
  ].join('\n');
}

/** Replaces the part of a markdown file between `<!-- bench:KEY:start -->` and `<!-- bench:KEY:end -->` (appended when absent). */
export function writeDocSection(file: string, key: string, content: string): void {
  const start = `<!-- bench:${key}:start -->`;
  const end = `<!-- bench:${key}:end -->`;
  const block = `${start}\n${content.trim()}\n${end}`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const next = from >= 0 && to > from ? `${text.slice(0, from)}${block}${text.slice(to + end.length)}` : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}

/** The inbound connectors' row: the deliveries answered, then each deal recorded once (scripts/bench/connectors.ts). */
function connectorsRow(report: ConnectorsReport): ReportRow {
  const { load, wrk, state } = report;
  const others = Object.entries(load.statusCodes).filter(([code]) => code !== '202');
  return {
    measure:
      `Connectors: signed deal webhooks (a third of them repeats of a deal already sent) at ${count(load.connections)} connections for ${load.seconds} s, ` +
      'then every deal recorded once by the connector worker',
    target: '>= 1,000 deliveries/s answered 202, none lost; each deal recorded once',
    result:
      `${count(load.throughput)} deliveries/s, p99 ${ms(load.p99)}, ${count(load.statusCodes['202'] ?? 0)} answered 202` +
      (others.length > 0 ? ` (others: ${others.map(([code, n]) => `${n} x ${code}`).join(', ')})` : '') +
      `, ${count(load.errors + load.timeouts)} errors` +
      (wrk ? `; wrk ${count(wrk.throughput)} deliveries/s, p99 ${ms(wrk.p99Ms)}, ${count(wrk.non2xx + wrk.socketErrors)} errors` : '') +
      `; ${count(state.deals)} deals (${count(report.dealsSent)} sent by autocannon), ${count(state.recorded)} recorded, ${count(state.entries)} entries, ` +
      `${count(state.rerecorded)} recorded twice, ${count(state.pending)} deliveries still waiting after ${report.drainSeconds.toFixed(1)} s`,
    pass: connectorsPass(report),
  };
}
