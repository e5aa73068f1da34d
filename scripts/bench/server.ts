// The app under benchmark, in a process of its own (so that the load generator does not share its event loop):
// the real createApp on the generated data, listening on a free port, with the time each response took on the
// server in a Server-Timing header and the event loop's delays recorded. The benchmark drives it over IPC.
// Started by scripts/bench/server-process.ts with BENCH_DATABASE (JSON: {engine, dataDir} or {engine, url}).
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { cookieNames, hashToken } from '../../server/auth/sessions';
import { insertSession } from '../../server/db/queries/sessions';
import { createApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { loadConfig } from '../../server/config';
import { countAgentsAndEntries, readAgentIdRange, readConnectorState, readEventIdsAfter, readOutbox, readServerVersion, scanEveryEntryPerAgent } from './queries';
import { verifyAuditChain } from '../../server/db/operations/verify-audit-chain';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { findUserByEmail, insertUser } from '../../server/db/queries/users';
import { periodStartsOf } from '../../server/domain/periods';
import { SYSTEM_ACTOR } from '../../server/db/audit';
import { recordIncomeEntry } from '../../server/db/operations/record-income-entry';
import { BENCH_OWNER, wallClockMs, type BenchCommand, type ConsistencyOutcome, type LoopDelay, type MemoryUse, type OutboxDrained, type ReadyMessage } from './protocol';
import { openTarget, type DatabaseTarget } from './reference-data';

/** The timer interval of the event-loop delay histogram; reported delays are beyond it. */
const LOOP_RESOLUTION_MS = 5;

async function main() {
  const target = JSON.parse(process.env.BENCH_DATABASE ?? '') as DatabaseTarget;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    COOKIE_SECURE: '0',
    ORG_TIMEZONE: process.env.ORG_TIMEZONE ?? 'UTC',
    // Production requires it on PostgreSQL; the audit seals are part of what a write costs (server/audit-sealer.ts).
    AUDIT_KEY: process.env.BENCH_AUDIT_KEY,
    ...(target.engine === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir }),
  });
  // The pool the app itself opens (server/main.ts): the benchmark measures that configuration.
  const database = await openTarget(target);
  await database.migrate();
  if (!(await findUserByEmail(database.db, BENCH_OWNER.email))) {
    await insertUser(database.db, { email: BENCH_OWNER.email, name: 'Bench Owner', role: 'owner', passwordHash: await hashPassword(BENCH_OWNER.password) });
  }
  const app = await createApp({
    database,
    config,
    // The API only, unless the web benchmark serves the built web app too.
    webRoot: process.env.BENCH_WEB_ROOT || null,
    // The benchmark signs in a few dozen agents from one address.
    signInRateLimits: { perIp: 10_000, perEmail: 10_000, windowMs: 60_000 },
  });
  // Server time: from the first hook to the response being handed to Node (routing, guards, queries, JSON).
  const startedAt = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    startedAt.set(request, performance.now());
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const since = startedAt.get(request);
    if (since !== undefined) reply.header('server-timing', `app;dur=${(performance.now() - since).toFixed(3)}`);
    return payload;
  });
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  let ceiling: FastifyInstance | undefined;
  let rssWatch: { max: number; timer: NodeJS.Timeout } | undefined;
  const handle = async (message: BenchCommand): Promise<unknown> => {
    switch (message.cmd) {
      case 'naive-scan': {
        const times: number[] = [];
        for (let i = 0; i < message.runs; i++) {
          const started = performance.now();
          await scanEveryEntryPerAgent(database.db, periodStartsOf(new Date(), config.orgTimezone), config.orgTimezone);
          times.push(performance.now() - started);
        }
        return times;
      }
      case 'outbox-drained': {
        const until = performance.now() + message.timeoutMs;
        // Every active agent is sent one (once the notifier has heard the start), then none is pending.
        const done = (outbox: Awaited<ReturnType<typeof readOutbox>>) => outbox.emails >= outbox.agents && outbox.pending === 0;
        let outbox = await readOutbox(database.db);
        while (!done(outbox) && performance.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          outbox = await readOutbox(database.db);
        }
        return { emails: outbox.emails, seconds: outbox.seconds, pending: outbox.pending + Math.max(0, outbox.agents - outbox.emails) } satisfies OutboxDrained;
      }
      case 'reset-loop':
        loop.reset();
        return null;
      case 'loop':
        return { maxMs: Math.max(0, loop.max / 1e6 - LOOP_RESOLUTION_MS), p99Ms: Math.max(0, loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS) } satisfies LoopDelay;
      case 'counts':
        return countAgentsAndEntries(database.db);
      case 'consistency': {
        const started = performance.now();
        const drifts = await checkConsistency(database.db, config.orgTimezone);
        return { drifts: drifts.length, first: drifts[0], seconds: (performance.now() - started) / 1000 } satisfies ConsistencyOutcome;
      }
      case 'audit-verify': {
        const report = await verifyAuditChain(database.db);
        return { broken: report.broken, rows: report.rows };
      }
      case 'event-ids':
        return readEventIdsAfter(database.db, message.after);
      case 'stream-sessions': {
        // Managers read every event: the heaviest streams. Sessions are made directly (no Argon2 per account).
        const cookies: string[] = [];
        for (let n = 1; n <= message.count; n++) {
          const email = `viewer${n}@bench.example`;
          const user =
            (await findUserByEmail(database.db, email)) ??
            (await insertUser(database.db, { email, name: `Viewer ${n}`, role: 'manager', passwordHash: 'not-for-signing-in' }));
          const token = randomBytes(32).toString('base64url');
          await insertSession(database.db, { tokenHash: hashToken(token), kind: 'user', subjectId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
          cookies.push(`${cookieNames.user}=${token}`);
        }
        return cookies;
      }
      case 'memory': {
        // Twice, a turn of the event loop apart: what the first frees may hold more that only the second sees.
        const gc = (globalThis as { gc?: () => void }).gc;
        gc?.();
        await new Promise((resolve) => setImmediate(resolve));
        gc?.();
        const { rss, heapUsed, external } = process.memoryUsage();
        return { rss, heapUsed, external } satisfies MemoryUse;
      }
      case 'rss-watch-start': {
        clearInterval(rssWatch?.timer);
        const watch = { max: process.memoryUsage.rss(), timer: setInterval(() => (watch.max = Math.max(watch.max, process.memoryUsage.rss())), 10) };
        rssWatch = watch;
        return null;
      }
      case 'rss-watch-stop': {
        const max = Math.max(rssWatch?.max ?? 0, process.memoryUsage.rss());
        clearInterval(rssWatch?.timer);
        rssWatch = undefined;
        return max;
      }
      case 'probe-entry': {
        // Written by the app's own code, but not through HTTP: the time returned is the commit's, however long the
        // write queued for a connection under the load.
        const now = new Date();
        await recordIncomeEntry(
          database.db,
          { agentId: message.agentId, amount: '1.00', description: `live-probe-${message.probe}`, date: now },
          { timeZone: config.orgTimezone, now, actor: SYSTEM_ACTOR },
        );
        return wallClockMs();
      }
      case 'connector-state':
        return readConnectorState(database.db, message.connectorId, message.dealPrefix);
      case 'ceiling-start': {
        // The framework's own limit on this machine: the same Fastify, in this process, answering a fixed 2 KB JSON.
        const body = { items: Array.from({ length: 25 }, (_, i) => ({ id: i, name: `Agent ${i}`, total: '12345.67', position: 'Sales Agent', rank: i + 1 })) };
        ceiling = Fastify({ logger: false });
        ceiling.get('/ceiling', async () => body);
        await ceiling.listen({ port: 0, host: '127.0.0.1' });
        return (ceiling.server.address() as { port: number }).port;
      }
      case 'ceiling-stop':
        await ceiling?.close();
        ceiling = undefined;
        return null;
      case 'stop':
        loop.disable();
        await app.close();
        await database.close();
        setImmediate(() => process.exit(0));
        return null;
    }
  };
  process.on('message', (message: BenchCommand & { id: number }) => {
    handle(message).then(
      (result) => process.send?.({ id: message.id, ok: true, result }),
      (error: unknown) => process.send?.({ id: message.id, ok: false, error: String(error instanceof Error ? error.stack : error) }),
    );
  });
  // The benchmark went away without stopping us: do not keep the data dir locked.
  process.on('disconnect', () => {
    void app.close().finally(() => database.close().finally(() => process.exit(1)));
  });
  const ready: ReadyMessage = {
    type: 'ready',
    port,
    engineVersion: await readServerVersion(database.db),
    agentIds: await readAgentIdRange(database.db),
  };
  process.send?.(ready);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
