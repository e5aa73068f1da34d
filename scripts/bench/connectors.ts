// The inbound connectors' bar (DESIGN §8, docs/decisions/0089-connectors.md): signed deal webhooks at full speed,
// a third of them repeats of a deal already sent (the CRM retrying), every one answered 202; then, once the connector
// worker has caught up, every deal recorded exactly once. Through autocannon, then through wrk.
import { createHmac, randomBytes } from 'node:crypto';
import type { AutocannonRequest } from 'autocannon';
import { runLoad, type LoadResult } from './load';
import type { ConnectorState } from './queries';
import type { ServerHandle } from './server-process';
import { ensureWrk, runWrk, type WrkResult } from './wrk';

/** CRM users the deals are spread over, each mapped to an agent (so that the writes do not all lock one agent). */
const OWNERS = 50;
/** The share of deliveries that repeat a deal already sent: the CRM's retries and duplicates. */
const REPEATS = 1 / 3;
/** The loads last at most this long: the bar is a rate, and the worker's backlog grows with the length. */
const LOAD_SECONDS_MAX = 30;
/** How long the worker may take to record the backlog before the run says it did not. */
const DRAIN_TIMEOUT_MS = 15 * 60 * 1000;

export interface ConnectorsReport {
  /** autocannon: the deliveries sent, answered and timed. */
  load: LoadResult;
  wrk?: WrkResult | undefined;
  /** Distinct deals in the deliveries answered 202 (autocannon's; wrk repeats its drawn requests). */
  dealsSent: number;
  /** How long the worker took, after the loads, to record what was still waiting. */
  drainSeconds: number;
  state: ConnectorState;
}

export async function measureConnectors(
  server: ServerHandle,
  base: string,
  ownerCookie: string,
  agentIds: { first: number; last: number },
  options: { connections: number; loadSeconds: number; log: (message: string) => void },
): Promise<ConnectorsReport> {
  const seconds = Math.min(options.loadSeconds, LOAD_SECONDS_MAX);
  const json = { 'content-type': 'application/json', cookie: ownerCookie };
  const made = await fetch(`${base}/api/connectors`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ provider: 'generic', name: `Bench CRM ${new Date().toISOString()}`, mapping: { agentBy: 'externalUserId' } }),
  });
  if (made.status !== 201) throw new Error(`Making the benchmark's connector failed: ${made.status} ${await made.text()}`);
  const connector = (await made.json()) as { id: number; secret: string };
  for (let n = 0; n < OWNERS; n++) {
    const agentId = agentIds.first + (n % (agentIds.last - agentIds.first + 1));
    const mapped = await fetch(`${base}/api/connectors/${connector.id}/unmatched/map`, { method: 'POST', headers: json, body: JSON.stringify({ ownerKey: `crm-${n}`, agentId }) });
    if (mapped.status !== 200) throw new Error(`Mapping a CRM user failed: ${mapped.status} ${await mapped.text()}`);
  }

  // Deal ids of this run only: a later run on the same data set finds its own deals.
  const run = randomBytes(4).toString('hex');
  const dealPrefix = `B${run}-`;
  const occurredAt = new Date().toISOString();
  const delivery = (deal: number): AutocannonRequest => {
    const body = JSON.stringify({ id: `${dealPrefix}${deal}`, amount: '125.00', won: true, owner: { id: `crm-${deal % OWNERS}` }, occurredAt });
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', connector.secret).update(`${t}.${body}`).digest('hex');
    return { method: 'POST', path: `/api/connectors/${connector.id}/inbound`, headers: { 'content-type': 'application/json', 'tiertrack-signature': `t=${t},v1=${v1}` }, body };
  };
  let deals = 0;
  const next = () => (deals > 0 && Math.random() < REPEATS ? delivery(Math.floor(Math.random() * deals)) : delivery(deals++));

  options.log(`Connectors: signed deal webhooks at ${options.connections} connections for ${seconds} s, a third of them repeats...`);
  const load = await runLoad(base, { connections: options.connections, seconds }, next);
  const dealsSent = deals;
  let wrk: WrkResult | undefined;
  if (!ensureWrk(options.log)) {
    options.log(`wrk: the same deliveries at ${options.connections} connections for ${seconds} s...`);
    // wrk sends its drawn requests over and over: the repeats are most of them.
    [wrk] = await runWrk([base], { connections: options.connections, seconds }, next);
  }

  options.log('Connectors: waiting for the worker to record every deal...');
  const drainStarted = performance.now();
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  let state = await server.send<ConnectorState>({ cmd: 'connector-state', connectorId: connector.id, dealPrefix });
  while (state.pending > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    state = await server.send<ConnectorState>({ cmd: 'connector-state', connectorId: connector.id, dealPrefix });
  }
  return { load, wrk, dealsSent, drainSeconds: (performance.now() - drainStarted) / 1000, state };
}

/** Whether the run meets the bar: 1,000 deliveries a second answered 202 and nothing else, each deal recorded once. */
export function connectorsPass(report: ConnectorsReport): boolean {
  const { load, state } = report;
  const onlyAccepted = Object.keys(load.statusCodes).every((code) => code === '202') && load.errors === 0 && load.timeouts === 0;
  const wrkClean = report.wrk === undefined || (report.wrk.non2xx === 0 && report.wrk.socketErrors === 0 && report.wrk.throughput >= 1000);
  const exactlyOnce = state.pending === 0 && state.recorded === state.deals && state.entries === state.deals && state.rerecorded === 0 && state.deals >= report.dealsSent;
  return load.throughput >= 1000 && onlyAccepted && wrkClean && exactlyOnce;
}
