import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, linkSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { errorCode } from './errors';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid?: number) {
    super(
      `The data directory ${dataDir} is in use by another process${pid === undefined ? '' : ` (pid ${pid})`}. ` +
        'Stop that process first, or set DATA_DIR to another directory. Two processes on one embedded database corrupt it.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface LockOptions {
  /** How long to wait for a live holder to go away (a process still exiting after kill -9) before refusing. */
  waitMs?: number;
  /** How often to look again while waiting. */
  pollMs?: number;
}

/*
 * The files, all in the data dir:
 * - app.lock: the lock; holds the holder's pid and nothing else.
 * - app.lock.owner-<pid>-<start>-<random>: a second (hard) link to the same file, created first and linked to
 *   app.lock, so the lock appears atomically with its content, and names the holder's start time (Linux: field 22 of
 *   /proc/<pid>/stat, "x" elsewhere) so a pid reused by another process is not taken for the holder.
 * - app.lock.takeover-<lock identity>-<n>: the claim of the one process that removes a stale lock (see takeOver).
 * - app.lock.tmp-*: a claim being written.
 * Only the holder removes app.lock, and a stale one is removed only by the holder of its claim.
 */
const LOCK = 'app.lock';
const OWNER_PREFIX = `${LOCK}.owner-`;
const TAKEOVER_PREFIX = `${LOCK}.takeover-`;
const TMP_PREFIX = `${LOCK}.tmp-`;
/** Takeovers of one stale lock by processes that died while doing it, before we give up. */
const MAX_TAKEOVER_GENERATIONS = 8;
/** A lock without a pid (written where hard links are not supported, by a process killed before it wrote): stale after. */
const EMPTY_LOCK_GRACE_MS = 2000;
/** Errors of link() on file systems without hard links: the lock is then created with O_EXCL and written after. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK', 'EXDEV']);

const randomSuffix = () => randomBytes(6).toString('hex');

interface ProcStat {
  pid: string;
  state: string;
  start: string;
}

/** State and start time (clock ticks since boot) of a process or thread, from /proc (Linux); undefined elsewhere. */
function readProcStat(file: string): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses; starttime is field 22.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const pid = text.slice(0, text.indexOf(' '));
  const state = fields[0];
  const start = fields[19];
  return state && start && /^\d+$/.test(start) ? { pid, state, start } : undefined;
}

let ownStartTime: string | null | undefined;
function ownStart(): string | undefined {
  if (ownStartTime === undefined) {
    // Only when /proc shows this process under its own pid (not a /proc of another pid namespace).
    const stat = readProcStat('/proc/self/stat');
    ownStartTime = stat && stat.pid === String(process.pid) ? stat.start : null;
  }
  return ownStartTime ?? undefined;
}

const isDead = (state: string) => state === 'Z' || state === 'X' || state === 'x';

/** A zombie's files are closed once every thread of it has exited. */
function everyThreadDead(pid: number): boolean {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return true;
  }
  return tids.every((tid) => {
    const stat = readProcStat(`/proc/${pid}/task/${tid}/stat`);
    return !stat || isDead(stat.state);
  });
}

/**
 * Whether the process that wrote a lock (or a claim) can still use the data dir. Gone: no such process, a zombie
 * (killed but not yet reaped by its parent), or a live process started at another time than the writer (its pid
 * reused). When in doubt, alive.
 */
function holderIsGone(pid: number, start: string | undefined): boolean {
  // This process never holds a lock it is still asking for (one request per data dir at a time, see `pending`):
  // its pid in a lock is a previous process's, e.g. a container restarted with the same pid.
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (errorCode(error) === 'ESRCH') return true;
    // EPERM: it runs, under another user.
  }
  const stat = readProcStat(`/proc/${pid}/stat`);
  if (!stat) return false;
  if (isDead(stat.state)) return everyThreadDead(pid);
  return start !== undefined && start !== stat.start;
}

interface LockInstance {
  dev: bigint;
  ino: bigint;
  mtimeNs: bigint;
  text: string;
  pid: number | undefined;
}

/** The lock file as it is now (one open file: its identity and its content agree), or undefined when there is none. */
function readLock(file: string): LockInstance | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const stat = fstatSync(fd, { bigint: true });
    const text = readFileSync(fd, 'utf8');
    const first = text.trim().split(' ')[0] ?? '';
    const pid = /^\d+$/.test(first) ? Number(first) : undefined;
    return { dev: stat.dev, ino: stat.ino, mtimeNs: stat.mtimeNs, text, pid: pid && Number.isSafeInteger(pid) ? pid : undefined };
  } finally {
    closeSync(fd);
  }
}

const sameInstance = (a: LockInstance, b: LockInstance) => a.dev === b.dev && a.ino === b.ino && a.mtimeNs === b.mtimeNs && a.text === b.text;

/** The owner link of a lock: its name, and the start time it records. */
function findOwnerLink(dir: string, lock: LockInstance): { name: string; start: string | undefined } | undefined {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(OWNER_PREFIX)) continue;
    try {
      const stat = lstatSync(path.join(dir, name), { bigint: true });
      if (stat.ino !== lock.ino || stat.dev !== lock.dev) continue;
    } catch {
      continue;
    }
    const [pid, start] = name.slice(OWNER_PREFIX.length).split('-');
    return { name, start: pid === String(lock.pid) && start && /^\d+$/.test(start) ? start : undefined };
  }
  return undefined;
}

type Created = { created: true; dev: bigint; ino: bigint; keptName: string | undefined } | { created: false; retry: boolean };

/**
 * Creates `target` holding `content`, only when it does not exist: the content is written to `staging` (O_EXCL) and
 * hard-linked to `target`, so nobody sees `target` without its content. With `keep`, the staging name stays as a second
 * link. Where hard links are not supported, `target` is created with O_EXCL and written after.
 */
function createExclusive(dir: string, target: string, content: string, staging: string, keep: boolean): Created {
  const staged = path.join(dir, staging);
  writeFileSync(staged, content, { flag: 'wx' });
  let linked = false;
  try {
    linkSync(staged, target);
    linked = true;
    const stat = lstatSync(staged, { bigint: true });
    return { created: true, dev: stat.dev, ino: stat.ino, keptName: keep ? staging : undefined };
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EEXIST') return { created: false, retry: false };
    // The staging file was removed by the lock's new holder while we linked (see removeLeftovers): look again.
    if (code === 'ENOENT' && !linked) return { created: false, retry: true };
    if (linked || !code || !NO_HARD_LINKS.has(code)) throw error;
    try {
      writeFileSync(target, content, { flag: 'wx' });
    } catch (fallbackError) {
      if (errorCode(fallbackError) === 'EEXIST') return { created: false, retry: false };
      throw fallbackError;
    }
    const stat = lstatSync(target, { bigint: true });
    return { created: true, dev: stat.dev, ino: stat.ino, keptName: undefined };
  } finally {
    if (!linked || !keep) rmSync(staged, { force: true });
  }
}

/**
 * Removes a stale lock, race-free: of the processes that found it stale, only the one that creates its claim file
 * removes it, and only while app.lock is still that very file (same inode, time and content). A claim left by a
 * process that died while taking over is passed by the next generation's claim. Returns 'retry' when the lock is
 * gone (try again at once), or the live process taking it over now (wait; its pid when known).
 */
function takeOver(dir: string, lock: LockInstance): 'retry' | { busy: number | undefined } {
  const lockPath = path.join(dir, LOCK);
  const claimName = (generation: number) => `${TAKEOVER_PREFIX}${lock.dev}-${lock.ino}-${lock.mtimeNs}-${generation}`;
  for (let generation = 0; generation < MAX_TAKEOVER_GENERATIONS; generation++) {
    const claim = path.join(dir, claimName(generation));
    const claimed = createExclusive(dir, claim, `${process.pid} ${ownStart() ?? 'x'}`, `${TMP_PREFIX}${process.pid}-${randomSuffix()}`, false);
    if (!claimed.created) {
      if (claimed.retry) return 'retry';
      const claimant = readLock(claim);
      if (!claimant) return 'retry'; // that takeover has just finished
      if (claimant.pid === undefined) {
        // Not yet written (no hard links here), or left unwritten by a process that died.
        if (Date.now() - Number(claimant.mtimeNs / 1_000_000n) <= EMPTY_LOCK_GRACE_MS) return { busy: undefined };
        continue;
      }
      const start = claimant.text.trim().split(' ')[1];
      if (!holderIsGone(claimant.pid, start && /^\d+$/.test(start) ? start : undefined)) return { busy: claimant.pid };
      continue;
    }
    try {
      const current = readLock(lockPath);
      if (current && sameInstance(current, lock)) {
        const owner = findOwnerLink(dir, lock);
        unlinkSync(lockPath);
        if (owner) rmSync(path.join(dir, owner.name), { force: true });
      }
    } finally {
      for (let done = 0; done <= generation; done++) rmSync(path.join(dir, claimName(done)), { force: true });
    }
    return 'retry';
  }
  throw new Error(
    `Could not take over the lock left in ${dir}: ${MAX_TAKEOVER_GENERATIONS} processes died while taking it over. ` +
      `Once no process uses the directory, delete the files named ${LOCK}* in it.`,
  );
}

/** Once this process holds the lock: owner links, claims and staging files of earlier locks are leftovers. */
function removeLeftovers(dir: string, ownName: string | undefined) {
  for (const name of readdirSync(dir)) {
    if (name === ownName) continue;
    if (name.startsWith(OWNER_PREFIX) || name.startsWith(TAKEOVER_PREFIX) || name.startsWith(TMP_PREFIX)) {
      rmSync(path.join(dir, name), { force: true });
    }
  }
}

/** Data dirs this process holds or is waiting for: a second request for one is refused at once. */
const pending = new Set<string>();

/**
 * Takes an exclusive lock on an embedded database directory: app.lock, holding this process's pid, created only when
 * it does not exist. A lock left by a process that is gone (a crash, kill -9, even one not yet reaped: a zombie) or
 * whose pid now belongs to another process is taken over; a live holder is waited for (it may be exiting after a
 * kill -9) for `waitMs`, then refused. Two live processes never both hold it.
 * Resolves with the function that releases it.
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<() => void> {
  const waitMs = options.waitMs ?? 5000;
  const pollMs = options.pollMs ?? 100;
  mkdirSync(dataDir, { recursive: true });
  const dir = path.resolve(dataDir);
  if (pending.has(dir)) throw new DataDirLockedError(dir, process.pid);
  pending.add(dir);
  const lockPath = path.join(dir, LOCK);
  const deadline = Date.now() + waitMs;
  try {
    for (;;) {
      const start = ownStart();
      const created = createExclusive(dir, lockPath, String(process.pid), `${OWNER_PREFIX}${process.pid}-${start ?? 'x'}-${randomSuffix()}`, true);
      if (created.created) {
        removeLeftovers(dir, created.keptName);
        return releaser(dir, created);
      }
      let busy: number | undefined;
      let unknownHolder = false;
      const lock = created.retry ? undefined : readLock(lockPath);
      if (lock) {
        let stale: boolean;
        if (lock.pid === undefined) {
          // Created but not yet written (no hard links here), or garbage: stale once it is old enough.
          stale = Date.now() - Number(lock.mtimeNs / 1_000_000n) > EMPTY_LOCK_GRACE_MS;
          unknownHolder = true;
        } else {
          stale = holderIsGone(lock.pid, findOwnerLink(dir, lock)?.start);
          busy = lock.pid;
        }
        if (stale) {
          const takeover = takeOver(dir, lock);
          if (takeover === 'retry') continue;
          busy = takeover.busy;
          unknownHolder = busy === undefined;
        }
      } else if (!created.retry) {
        continue; // released meanwhile
      }
      if (Date.now() >= deadline) throw new DataDirLockedError(dir, unknownHolder ? undefined : busy);
      await sleep(Math.min(pollMs, Math.max(1, deadline - Date.now())));
    }
  } catch (error) {
    pending.delete(dir);
    throw error;
  }
}

function releaser(dir: string, held: { dev: bigint; ino: bigint; keptName: string | undefined }): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    pending.delete(dir);
    const lockPath = path.join(dir, LOCK);
    try {
      const stat = lstatSync(lockPath, { bigint: true });
      if (stat.ino === held.ino && stat.dev === held.dev) unlinkSync(lockPath);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
    }
    if (held.keptName) rmSync(path.join(dir, held.keptName), { force: true });
  };
}
