// Starts and drives tests/e2e/support/clock-server.ts from a spec (test.beforeAll / test.afterAll).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface ClockServer {
  baseURL: string;
  /** Moves the server's clock 11 minutes forward: every password confirmation made before has lapsed. */
  advance(): Promise<void>;
  stop(): Promise<void>;
}

/** A port of its own, next to the main e2e server's, so that the two never meet. */
export const CLOCK_SERVER_PORT = Number(process.env.E2E_PORT ?? 3100) + 7;

export async function startClockServer(port = CLOCK_SERVER_PORT): Promise<ClockServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/clock-server.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const waiters: Array<{ text: string; count: number; resolve: () => void }> = [];
  const occurrences = (text: string) => output.split(text).length - 1;
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    output += chunk;
    for (const waiter of [...waiters]) {
      if (occurrences(waiter.text) >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  const printed = (text: string, count: number, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      if (occurrences(text) >= count) return resolve();
      const timer = setTimeout(() => reject(new Error(`the clock server did not print "${text}" in time:\n${output}`)), timeoutMs);
      waiters.push({ text, count, resolve: () => (clearTimeout(timer), resolve()) });
      child.once('exit', (code) => reject(new Error(`the clock server stopped (${code}):\n${output}`)));
    });

  await printed('clock server ready', 1, 90_000);
  let advanced = 0;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    async advance() {
      advanced += 1;
      child.kill('SIGUSR2');
      await printed('clock advanced', advanced, 5_000);
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
