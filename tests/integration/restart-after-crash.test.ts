// A supervisor restarts the app at once after kill -9: the new process must not be refused because the killed one is
// still exiting or not yet reaped (a zombie), and it finds the data as the killed one left it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { agentPage } from '../../contract/agents';
import { signInOverHttp } from '../support/sign-in';

const root = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-restart-'));
const OWNER = { OWNER_EMAIL: 'boss@example.test', OWNER_PASSWORD: 'boss password 1' };
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(root, { recursive: true, force: true });
});

interface Started {
  /** The process spawned: the server itself, or the shell that started it. */
  child: ChildProcess;
  url: string;
  output: () => string;
}

/**
 * Starts `command` (which runs server/main.ts) in a process group of its own, as a supervisor does, and resolves once
 * the server prints its banner.
 */
function startInOwnGroup(command: string[], dataDir: string): Promise<Started> {
  const child = spawn(command[0]!, command.slice(1), {
    detached: true,
    env: { ...process.env, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DEMO: '0', ...OWNER },
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', () => {
      const match = /running at (http:\/\/[^\s]+)[^]*?\n\n/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output });
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code ?? signal}:\n${output}`));
    });
  });
}

const server = [process.execPath, '--import', 'tsx', 'server/main.ts'];
const lockHolder = (dataDir: string) => Number(readFileSync(path.join(dataDir, 'app.lock'), 'utf8'));
const processState = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return 'gone';
  }
};

/** Adds an agent through the API, so the restart can show the data survived. */
async function addAgent(url: string, name: string) {
  const cookie = await signInOverHttp(url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
  const res = await fetch(`${url}/api/agents`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name, position: 'Sales Agent', email: `${name.toLowerCase().replaceAll(' ', '-')}@example.test`, password: 'long enough' }),
  });
  expect(res.status).toBe(201);
}

/** The restarted app serves, with the agents added before the crash. */
async function expectServingWith(url: string, names: string[]) {
  const tiers = await fetch(`${url}/api/tier-settings`);
  expect(tiers.status).toBe(200);
  expect(await tiers.json()).toHaveLength(12);
  const cookie = await signInOverHttp(url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
  const { agents } = agentPage.parse(await (await fetch(`${url}/api/agents`, { headers: { cookie } })).json());
  expect(agents.map((agent) => agent.name).sort()).toEqual(expect.arrayContaining(names));
}

describe('a restart at once after kill -9 on the embedded database', () => {
  it('kill -9 of the whole process group, started again at once: the new process takes the lock and serves the data', async () => {
    const dataDir = path.join(root, 'group');
    const first = await startInOwnGroup(server, dataDir);
    await addAgent(first.url, 'Before Crash');
    const killedPid = first.child.pid!;
    expect(lockHolder(dataDir)).toBe(killedPid);

    process.kill(-killedPid, 'SIGKILL');
    const restarted = await startInOwnGroup(server, dataDir);
    expect(restarted.output()).not.toContain('in use by another process');
    expect(lockHolder(dataDir)).toBe(restarted.child.pid);
    await expectServingWith(restarted.url, ['Before Crash']);
    await addAgent(restarted.url, 'After Crash');
    process.kill(-restarted.child.pid!, 'SIGKILL');

    // And once more, right away: the data of both runs is there.
    const again = await startInOwnGroup(server, dataDir);
    await expectServingWith(again.url, ['Before Crash', 'After Crash']);
    process.kill(-again.child.pid!, 'SIGTERM');
  }, 150_000);

  it.runIf(process.platform === 'linux')('a killed holder its parent has not reaped (a zombie) does not keep the directory', async () => {
    const dataDir = path.join(root, 'zombie');
    // The shell starts the server in the background, then becomes `sleep`, which never reaps it.
    const first = await startInOwnGroup(['sh', '-c', `${server.join(' ')} & exec sleep 600`], dataDir);
    await addAgent(first.url, 'Before Zombie');
    const serverPid = lockHolder(dataDir);
    expect(serverPid).not.toBe(first.child.pid);

    process.kill(serverPid, 'SIGKILL');
    await expect.poll(() => processState(serverPid), { timeout: 10_000, interval: 10 }).toBe('Z');
    const restarted = await startInOwnGroup(server, dataDir);
    expect(processState(serverPid)).toBe('Z');
    expect(lockHolder(dataDir)).toBe(restarted.child.pid);
    await expectServingWith(restarted.url, ['Before Zombie']);
    process.kill(-restarted.child.pid!, 'SIGTERM');
  }, 150_000);
});
