import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${pid}). ` +
        'Stop that process first, or set DATA_DIR to another directory. Two processes on one embedded database corrupt it.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on an embedded database directory: a file holding this process's pid, created with
 * O_EXCL. A lock left by a process that no longer runs (a crash, kill -9) is taken over.
 * Returns the function that releases it.
 */
/** Data dirs this process holds: its own pid in a lock file is only stale when the dir is not among these. */
const heldByThisProcess = new Set<string>();

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const resolved = path.resolve(dataDir);
  if (heldByThisProcess.has(resolved)) throw new DataDirLockedError(resolved, process.pid);
  const lockPath = path.join(dataDir, 'app.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldByThisProcess.add(resolved);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(resolved);
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(path.resolve(dataDir), holder);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${path.resolve(dataDir)}`);
}
