// The embedded database in a worker thread (see pglite-thread.ts, which starts it and speaks for it on the main
// thread). Plain JavaScript so that the worker loads under any runner (tsx, vitest, plain node) without a loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const identity = (value) => value;

/** Query options as sent (functions cannot cross threads): the type ids whose text is kept as is. */
function queryOptions(options) {
  if (!options) return undefined;
  const parsers = Object.fromEntries((options.rawTypes ?? []).map((oid) => [oid, identity]));
  return { ...(options.rowMode ? { rowMode: options.rowMode } : {}), parsers };
}

/** An error as data, with the fields PostgreSQL errors carry (code, detail, constraint...). */
function errorData(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const data = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    try {
      data[key] = structuredClone(value);
    } catch {
      data[key] = String(value);
    }
  }
  return data;
}

const pg = await PGlite.create({
  dataDir: workerData.dataDir,
  ...(workerData.archive ? { loadDataDir: new Blob([workerData.archive]) } : {}),
});

/** What stops each LISTEN, by channel. */
const unlisteners = new Map();

/** Open transactions by id: the PGlite transaction, and how to end it. */
const transactions = new Map();

async function begin(txId) {
  let began;
  const started = new Promise((resolve) => (began = resolve));
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));
  const outcome = pg.transaction(async (tx) => {
    transactions.set(txId, { tx, finish, outcome: undefined });
    began();
    if (!(await finished)) await tx.rollback();
  });
  outcome.catch(() => undefined);
  await Promise.race([started, outcome]);
  transactions.get(txId).outcome = outcome;
}

async function end(txId, commit) {
  const open = transactions.get(txId);
  if (!open) throw new Error(`No open transaction ${txId}`);
  open.finish(commit);
  try {
    await open.outcome;
  } finally {
    transactions.delete(txId);
  }
}

const target = (txId) => {
  if (txId === undefined) return pg;
  const open = transactions.get(txId);
  if (!open) throw new Error(`No open transaction ${txId}`);
  return open.tx;
};

async function handle(message) {
  switch (message.op) {
    case 'query':
      return target(message.txId).query(message.sql, message.params, queryOptions(message.options));
    case 'exec':
      return target(message.txId).exec(message.sql, queryOptions(message.options));
    case 'begin':
      return begin(message.txId);
    case 'end':
      return end(message.txId, message.commit);
    case 'listen':
      // Notifications travel to the main thread as messages without an id (pglite-thread.ts).
      unlisteners.set(
        message.channel,
        await pg.listen(message.channel, (payload) => parentPort.postMessage({ notification: message.channel, payload })),
      );
      return null;
    case 'unlisten':
      await unlisteners.get(message.channel)?.();
      unlisteners.delete(message.channel);
      return null;
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

/**
 * What each open transaction was last asked to do: its operations run one after another in the order they were
 * posted, so the main thread may post a transaction's BEGIN, statements and COMMIT without waiting for each answer.
 */
const transactionQueues = new Map();

function run(message) {
  if (message.txId === undefined) return handle(message);
  const previous = transactionQueues.get(message.txId) ?? Promise.resolve();
  const result = previous.then(() => handle(message));
  const settled = result.catch(() => undefined);
  transactionQueues.set(message.txId, settled);
  if (message.op === 'end') {
    void settled.then(() => {
      if (transactionQueues.get(message.txId) === settled) transactionQueues.delete(message.txId);
    });
  }
  return result;
}

parentPort.on('message', (message) => {
  run(message).then(
    (result) => {
      parentPort.postMessage({ id: message.id, ok: true, result });
      if (message.op === 'close') parentPort.close();
    },
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: errorData(error) }),
  );
});
parentPort.postMessage({ ready: true });
