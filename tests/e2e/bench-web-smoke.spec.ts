// The web benchmark's code, run small (npm run bench:web -- --quick: a tiny data set, one Lighthouse run per page):
// it must build the app, serve it, measure every row of its table and print it. What it measures is not asserted
// here (a benchmark is not a test, and a busy CI machine scores lower): only that it runs and reports.
import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';

function runBenchWeb(): Promise<{ code: number | null; out: string; err: string }> {
  // On the embedded database, whatever the caller's environment names.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL'));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-web.ts', '--quick', '--no-doc'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

test('npm run bench:web runs on a tiny data set and prints every row of its table', async () => {
  test.setTimeout(600_000);
  const { code, out, err } = await runBenchWeb();
  // 0 when every bar is met, 1 when one is missed; a crash prints no table.
  expect([0, 1], err.slice(-3000)).toContain(code);
  // When it stopped short of its table, what it said on stderr tells why.
  expect(out, err.slice(-3000)).toContain('| Measure | Target | Result |');
  const rows = out.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Measure'));
  for (const expected of [
    /^\| Landing page JavaScript: every script it loads \(\d+ files\), gzip \| <= 200 KB \| [\d.]+ KB \|/,
    /^\| Owner dashboard in a chunk of its own \|/,
    /^\| Agent tier dashboard in a chunk of its own \|/,
    ...['landing page \\(/\\)', 'agent portal \\(/agents\\)', 'owner dashboard \\(/, signed in\\)'].flatMap((page) => [
      new RegExp(`^\\| Lighthouse performance, ${page} \\| >= 0.95 \\| [01]\\.\\d\\d`),
      new RegExp(`^\\| Lighthouse accessibility, ${page} \\| 1.00 \\| [01]\\.\\d\\d`),
    ]),
    ...['Overview', 'Leaderboard', 'Agents', 'Tier Settings', 'Profit Calculator', 'Reward Claims', 'Staff'].map(
      (tab) => new RegExp(`^\\| Switch to the ${tab} tab \\(Chromium, [\\d,]+ agents\\) \\| < 1000 ms \\| \\d+ ms the first time`),
    ),
  ]) {
    expect(rows.some((row) => expected.test(row)), String(expected)).toBe(true);
  }
  expect(rows).toHaveLength(3 + 6 + 7);
});
