// What the command-line tools share: asking on the terminal, and turning failures into a message and an exit code.
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { ConfigError } from '../../server/config';

/** A numeric option (`--agents 10_000`): a whole number from 1 up, underscores allowed; the fallback when absent. */
export function positiveWholeOption(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`--${name} must be a positive whole number`);
  return n;
}

/** Asks on the terminal (hiding the answer if asked); without one (a pipe, CI) the answer is undefined. */
export async function ask(question: string, hidden = false): Promise<string | undefined> {
  if (!stdin.isTTY) return undefined;
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, callback) {
      if (!muted) stdout.write(chunk, encoding);
      callback();
    },
  });
  const rl = createInterface({ input: stdin, output, terminal: true });
  try {
    const answer = rl.question(question);
    muted = hidden;
    return await answer;
  } finally {
    rl.close();
    if (hidden) stdout.write('\n');
  }
}

/**
 * Exits once what was printed has been written: into a pipe (`npm run bench | tee`, a test reading the output)
 * Node writes asynchronously, and process.exit alone would drop the end of it.
 */
export function exitAfterOutput(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

/** A failure the user can act on (a wrong argument, an unreadable file): runCli prints its message alone. */
export class CommandError extends Error {}

/**
 * Runs a command's main function and exits with the code it returns. A bad configuration or bad arguments print
 * their message (with the usage for arguments), as does a CommandError, and exit with failureCode.
 */
export function runCli(main: () => Promise<number>, usage: string, failureCode: number): void {
  main().then(
    (code) => exitAfterOutput(code),
    (error: unknown) => {
      if (error instanceof ConfigError || error instanceof CommandError) console.error(error.message);
      else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
        console.error(`${error.message}\n\n${usage}`);
      } else console.error(error);
      exitAfterOutput(failureCode);
    },
  );
}
