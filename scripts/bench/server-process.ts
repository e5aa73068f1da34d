// The app under benchmark runs in a process of its own (scripts/bench/server.ts), driven over IPC: this is the
// benchmark's side of that conversation (scripts/bench/protocol.ts).
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { projectRoot } from '../support/project-root';
import type { BenchCommand, ReadyMessage } from './protocol';
import type { DatabaseTarget } from './reference-data';

/** The audit key of this run's app processes: the same for every instance, as production requires (AUDIT_KEY). */
const AUDIT_KEY = randomBytes(32).toString('hex');

export interface ServerHandle {
  ready: ReadyMessage;
  send<T>(command: BenchCommand): Promise<T>;
  kill(): void;
}

/** Starts scripts/bench/server.ts on the database (serving the built web app from webRoot when given). */
export async function startServer(target: DatabaseTarget, timeZone: string, webRoot?: string): Promise<ServerHandle> {
  const child: ChildProcess = fork(path.join(projectRoot, 'scripts/bench/server.ts'), [], {
    // --expose-gc: the memory per open stream is read after a full collection.
    // BENCH_CPU_PROFILE=DIR: the app's process writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
    execArgv: ['--expose-gc', ...(process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []), '--import', 'tsx'],
    cwd: projectRoot,
    env: { ...process.env, BENCH_DATABASE: JSON.stringify(target), BENCH_AUDIT_KEY: AUDIT_KEY, ORG_TIMEZONE: timeZone, ...(webRoot ? { BENCH_WEB_ROOT: webRoot } : {}) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The benchmark server exited with code ${code}`)));
    child.on('message', (message: { type?: string; id?: number; ok?: boolean; result?: unknown; error?: string }) => {
      if (message.type === 'ready') resolve(message as ReadyMessage);
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id!);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new Error(message.error));
    });
  });
  child.on('exit', () => {
    for (const waiting of pending.values()) waiting.reject(new Error('The benchmark server exited'));
  });
  return {
    ready,
    send: <T>(command: BenchCommand) =>
      new Promise<T>((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ ...command, id });
      }),
    kill: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
