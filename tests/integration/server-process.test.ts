import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { findAgentByEmail } from '../../server/db/queries/agents';
import { updateTierRewards } from '../../server/db/queries/tier-settings';
import { DEMO_AGENT } from '../../contract/demo';
import { queryRows } from '../../server/db/client';
import { sql } from 'drizzle-orm';

// These tests run the real server process, as `npm start` does, on a temporary embedded data dir.
const dataRoot = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-process-'));
const dataDir = path.join(dataRoot, 'nested', 'data');
const running: ChildProcess[] = [];

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataRoot, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', DATA_DIR: dataDir, ...env },
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout.on('data', () => {
      // The banner is written at once and ends with a blank line.
      const match = /running at (http:\/\/[^\s]+)[^]*?\n\n/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`server exited with ${code}:\n${output}`), { code, output }));
    });
  });
}

function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', DATA_DIR: dataDir, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('the server process on the embedded database', () => {
  it('starts on a new data dir (creating its parents), seeds demo data and prints the sign-in details', async () => {
    const server = await startServer({});
    expect(server.output()).toContain(`Demo agent:   ${DEMO_AGENT.email} / ${DEMO_AGENT.password}`);
    const res = await fetch(`${server.url}/api/tier-settings`);
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(12);
    expect(existsSync(path.join(dataDir, 'app.lock'))).toBe(true);

    // A second process on the same data dir is refused, and the first keeps serving.
    const second = await runToExit({});
    expect(second.code).toBe(1);
    expect(second.output).toContain(`The data directory ${dataDir} is in use by another process`);
    expect((await fetch(`${server.url}/api/tier-settings`)).status).toBe(200);

    // SIGTERM shuts down cleanly and frees the lock.
    expect(await stop(server.child)).toBe(0);
    expect(existsSync(path.join(dataDir, 'app.lock'))).toBe(false);
  }, 120_000);

  it('keeps the data across a restart and does not seed the demo twice', async () => {
    const database = await openDatabase({ engine: 'pglite', dataDir });
    await updateTierRewards(database.db, 1, 'Kept across restarts');
    const demoAgent = await findAgentByEmail(database.db, DEMO_AGENT.email);
    await database.close();
    expect(demoAgent).toBeDefined();

    const server = await startServer({});
    const tiers = (await (await fetch(`${server.url}/api/tier-settings`)).json()) as { rewards: string }[];
    expect(tiers[0]!.rewards).toBe('Kept across restarts');
    expect(await stop(server.child)).toBe(0);

    const after = await openDatabase({ engine: 'pglite', dataDir });
    const [counts] = await queryRows<{ agents: number }>(after.db, sql`select count(*)::int as agents from agents`);
    await after.close();
    expect(counts!.agents).toBe(6);
  }, 120_000);

  it('stops with exit code 1 and a message naming the variable when the configuration is bad', async () => {
    const result = await runToExit({ PORT: 'eighty', ORG_TIMEZONE: 'Nowhere/Special' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('Invalid configuration:');
    expect(result.output).toContain('PORT: must be a port number');
    expect(result.output).toContain('ORG_TIMEZONE: must be an IANA time zone name');
  }, 60_000);
});
