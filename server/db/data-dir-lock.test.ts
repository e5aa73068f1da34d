import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function startChild(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return child;
}

/** A process that runs until the test ends. */
function liveProcess() {
  return startChild(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
}

const linux = process.platform === 'linux';
const procStat = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], start: fields[19] };
};

describe('lockDataDir', () => {
  it('creates missing parent folders, writes our pid, and leaves nothing behind once released', async () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const release = await lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'app.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'app.lock'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a directory held by another live process after waiting for it, naming the directory', async () => {
    const dir = tempDir();
    const holder = liveProcess();
    writeFileSync(path.join(dir, 'app.lock'), String(holder.pid));
    const started = Date.now();
    const attempt = lockDataDir(dir, { waitMs: 400 });
    await expect(attempt).rejects.toThrow(DataDirLockedError);
    await expect(attempt).rejects.toThrow(`The data directory ${dir} is in use by another process (pid ${holder.pid})`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(readFileSync(path.join(dir, 'app.lock'), 'utf8')).toBe(String(holder.pid));
  });

  it('refuses a second lock of the same directory within this process at once, until the first is released', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    const started = Date.now();
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(path.join(dir, '.'))).rejects.toThrow(DataDirLockedError);
    expect(Date.now() - started).toBeLessThan(1000);
    release();
    (await lockDataDir(dir))();
  });

  it('takes over a lock left by a process that no longer runs, at once', async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(path.join(dir, 'app.lock'), String(gone.pid));
    const started = Date.now();
    const release = await lockDataDir(dir);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(readFileSync(path.join(dir, 'app.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('waits for a holder that is going away, then takes the lock', async () => {
    const dir = tempDir();
    const holder = startChild(process.execPath, ['-e', 'setTimeout(() => {}, 1000)']);
    writeFileSync(path.join(dir, 'app.lock'), String(holder.pid));
    const started = Date.now();
    const release = await lockDataDir(dir, { waitMs: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect(readFileSync(path.join(dir, 'app.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it.runIf(linux)('treats a holder that is a zombie (killed, not yet reaped by its parent) as gone', async () => {
    const dir = tempDir();
    // The shell starts a child that exits soon, and becomes `sleep`, which never reaps it: a zombie. (A child that
    // exited before the exec could be reaped by the shell.)
    const parent = startChild('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 30']);
    const zombie = await new Promise<number>((resolve) => parent.stdout!.once('data', (chunk) => resolve(Number(String(chunk).trim()))));
    await expect.poll(() => procStat(zombie).state, { timeout: 5000, interval: 20 }).toBe('Z');
    writeFileSync(path.join(dir, 'app.lock'), String(zombie));
    const started = Date.now();
    const release = await lockDataDir(dir, { waitMs: 5000 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(procStat(zombie).state).toBe('Z');
    release();
  }, 15_000);

  it.runIf(linux)('takes a lock whose pid now belongs to a process started later as stale, and still refuses its real holder', async () => {
    const dir = tempDir();
    const live = liveProcess();
    await expect.poll(() => existsSync(`/proc/${live.pid}/stat`)).toBe(true);
    const { start } = procStat(live.pid!);
    const lockPath = path.join(dir, 'app.lock');

    // The owner link records the holder's start time: another one means the pid was reused.
    writeFileSync(lockPath, String(live.pid));
    linkSync(lockPath, path.join(dir, `app.lock.owner-${live.pid}-${BigInt(start!) - 500n}-0a0b0c`));
    const release = await lockDataDir(dir, { waitMs: 5000 });
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
    expect(readdirSync(dir)).toEqual([]);

    writeFileSync(lockPath, String(live.pid));
    linkSync(lockPath, path.join(dir, `app.lock.owner-${live.pid}-${start}-0a0b0c`));
    await expect(lockDataDir(dir, { waitMs: 200 })).rejects.toThrow(`in use by another process (pid ${live.pid})`);
  });

  it('is not stopped by the claim of a process that died while taking over a stale lock', async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    const lockPath = path.join(dir, 'app.lock');
    writeFileSync(lockPath, String(gone.pid));
    const stat = statSync(lockPath, { bigint: true });
    writeFileSync(path.join(dir, `app.lock.takeover-${stat.dev}-${stat.ino}-${stat.mtimeNs}-0`), `${gone.pid} 1`);
    const release = await lockDataDir(dir, { waitMs: 1000 });
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is refused while a live process is taking over the stale lock', async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    const taker = liveProcess();
    const lockPath = path.join(dir, 'app.lock');
    writeFileSync(lockPath, String(gone.pid));
    const stat = statSync(lockPath, { bigint: true });
    writeFileSync(path.join(dir, `app.lock.takeover-${stat.dev}-${stat.ino}-${stat.mtimeNs}-0`), `${taker.pid} x`);
    await expect(lockDataDir(dir, { waitMs: 200 })).rejects.toThrow(`(pid ${taker.pid})`);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(gone.pid));
  });

  it('lets exactly one of many processes racing for a stale lock take it', async () => {
    const root = tempDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    const rounds = Array.from({ length: 30 }, (_, round) => path.join(root, String(round)));
    for (const dir of rounds) {
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'app.lock'), String(gone.pid));
    }
    const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
    const goAt = Date.now() + 4000;
    // The racers spin until the same moment, then each tries every directory in turn without waiting, keeping what it got.
    const racer = `
      const { lockDataDir } = await import(${JSON.stringify(lockModule)});
      while (Date.now() < ${goAt});
      const won = [];
      for (const [round, dir] of ${JSON.stringify(rounds)}.entries()) {
        try {
          await lockDataDir(dir, { waitMs: 0 });
          won.push(round);
        } catch (error) {
          if (error.name !== 'DataDirLockedError') throw error;
        }
      }
      console.log(JSON.stringify(won));
      setTimeout(() => {}, 20000); // a holder that exited would leave stale locks for the slower racers`;
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => {
        const child = startChild(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', racer]);
        let output = '';
        child.stdout!.on('data', (chunk) => (output += chunk));
        return new Promise<number[]>((resolve, reject) => {
          child.stdout!.on('data', () => output.includes('\n') && resolve(JSON.parse(output) as number[]));
          child.on('exit', (code) => reject(new Error(`a racer exited with ${code}: ${output}`)));
        });
      }),
    );
    const winners = rounds.map((_, round) => outcomes.filter((won) => won.includes(round)).length);
    expect(winners).toEqual(rounds.map(() => 1));
  }, 30_000);
});
