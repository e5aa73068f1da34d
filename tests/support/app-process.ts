// The real server process and the maintenance scripts, run as `npm start` and `npm run ...` would run them.
import { spawn, type ChildProcess } from 'node:child_process';

/** Environment for a child: the test's own, minus database settings the caller did not choose. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'warn', ...env };
}

export interface AppProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string | null>;
}

const running = new Set<ChildProcess>();

/** Kills every process these helpers started and that still runs (for afterAll). */
export function killStartedProcesses() {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/**
 * Starts server/main.ts and resolves once it prints its banner (PORT=0: it picks a free port). `clockSkewMs` runs the
 * process's clock that far ahead of the real one (behind when negative): tests/support/skewed-clock.ts.
 */
export function startAppProcess(env: Record<string, string>, timeoutMs = 60_000, options: { clockSkewMs?: number } = {}): Promise<AppProcess> {
  const skew = options.clockSkewMs ? ['--import', './tests/support/skewed-clock.ts'] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...skew, 'server/main.ts'], {
    env: childEnv({ ...env, ...(options.clockSkewMs ? { TEST_CLOCK_SKEW_MS: String(options.clockSkewMs) } : {}) }),
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal);
    }),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), timeoutMs);
    child.stdout!.on('data', () => {
      // The banner is written at once and ends with a blank line.
      const match = /running at (http:\/\/[^\s]+)[^]*?\n\n/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
}

/** Runs a process to its end and collects what it printed. */
export function runToExit(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: childEnv(env) });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not finish:\n${output}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code, output });
    });
  });
}
