// The benchmark's code, run tiny: it must start the app on generated data, measure every row of its table and
// check the totals. What it measures is not asserted here (a benchmark is not a test): only that it runs and reports.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { formatReport, reportRows } from '../../scripts/bench/report';
import { requestKinds, runBenchmark } from '../../scripts/bench/run';

const cacheRoot = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-bench-smoke-'));
afterAll(() => rmSync(cacheRoot, { recursive: true, force: true }));

it('runs on a tiny data set and reports every row of the table', async () => {
  const report = await runBenchmark({
    size: { agents: 30, entries: 1_500, months: 2, activities: 3_000 },
    timeZone: 'UTC',
    cacheRoot,
    samples: 3,
    naiveRuns: 1,
    loadSeconds: 1,
    connections: 5,
    liveStreams: 20,
    importRows: 500,
    log: () => {},
  });

  expect(report.engine).toBe('pglite');
  expect(report.data).toEqual({ agents: 30, entries: 1_500 });
  for (const kind of requestKinds) {
    expect(report.timings[kind].samples, kind).toBe(3);
    expect(Number.isFinite(report.timings[kind].median), kind).toBe(true);
  }
  expect(report.naiveScan.samples).toBe(1);
  expect(report.load.requests).toBeGreaterThan(0);
  expect(report.load.errors + report.load.non2xx + report.load.timeouts).toBe(0);
  expect(report.designLoad.requests).toBeGreaterThan(0);
  expect(report.writesLoad.statusCodes['201']).toBeGreaterThan(0);
  // wrk, from Debian's packages (.ci/run installs it): the same loads through a generator the project did not write.
  expect(report.wrk.unavailable).toBeUndefined();
  expect(report.wrk.writes!.requests).toBeGreaterThan(0);
  expect(report.wrk.writes!.non2xx + report.wrk.writes!.socketErrors).toBe(0);
  expect(report.wrk.mix!.requests).toBeGreaterThan(0);
  expect(report.audit.broken).toBeNull();
  expect(report.ceiling.requests).toBeGreaterThan(0);
  expect(report.live.delivery.probes).toBeGreaterThan(0);
  expect(report.live.delivery.delivered).toBe(report.live.delivery.expected);
  expect(report.live.dropped).toBe(0);
  // How many of the contest's standings events arrive in the phase's time depends on the machine: only that it ran.
  expect(report.contestEvents.delivery.probes).toBeGreaterThan(0);
  expect(report.contestEvents.streams).toBe(20);
  // The connectors' deliveries: answered, and every deal the connector knows recorded once.
  expect(report.connectors.load.statusCodes['202']).toBeGreaterThan(0);
  expect(Object.keys(report.connectors.load.statusCodes)).toEqual(['202']);
  expect(report.connectors.state.pending).toBe(0);
  expect(report.connectors.state.deals).toBeGreaterThan(0);
  expect(report.connectors.state.recorded).toBe(report.connectors.state.deals);
  expect(report.connectors.state.entries).toBe(report.connectors.state.deals);
  expect(report.transfer.export.rows).toBeGreaterThanOrEqual(1_500);
  expect(report.transfer.import.created).toBe(500);
  expect(report.consistency.drifts).toBe(0);
  expect(report.consistency.entriesAdded).toBeGreaterThanOrEqual(report.consistency.writesAcknowledged);

  const measures = reportRows(report).map((row) => row.measure);
  for (const expected of [
    /^Owner dashboard/,
    /^Monthly leaderboard, one of the first 20 pages/,
    /^Agent tier data/,
    /^Agents list, one of the first 20 pages/,
    /^One income entry written/,
    /^Naive scan: /,
    /^Naive scan \/ owner dashboard/,
    /^Naive scan \/ monthly leaderboard/,
    /^Longest event-loop delay in the server while/,
    /^Longest event-loop delay during the load/,
    /^Load: /,
    /^Second-wave load: /,
    /^Writes alone: /,
    /^wrk: income entries alone/,
    /^wrk: the second-wave mix/,
    /^Audit chain afterwards/,
    /^Ceiling: /,
    /^Live updates: /,
    /^Contest events: /,
    /^Connectors: signed deal webhooks/,
    /^Standings of a running contest/,
    /^Server memory per open event stream/,
    /^Export: every entry/,
    /^Import: a 500-row entry CSV/,
    /^Totals exact afterwards/,
  ]) {
    expect(measures.some((measure) => expected.test(measure)), String(expected)).toBe(true);
  }
  const table = formatReport(report);
  expect(table).toContain('| Measure | Target | Result |');
  expect(table).toContain(`${report.machine.cores} cores`);
  expect(table.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Measure'))).toHaveLength(measures.length);
}, 120_000);
