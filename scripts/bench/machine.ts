// What the benchmark ran on: the machine (with its load average before and after) and the database engine's version.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../support/project-root';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  loadBefore: number[];
  loadAfter: number[];
}

/** The CPU time counters of the whole machine (Linux's /proc/stat, in clock ticks); undefined elsewhere. */
function cpuTicks(): { idle: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal ...: idle and iowait are the time no one was running.
    return { idle: fields[3]! + (fields[4] ?? 0), total: fields.reduce((sum, value) => sum + value, 0) };
  } catch {
    return undefined;
  }
}

/**
 * Starts watching how busy the machine's cores are; the function returned gives the share of their time (0-1) spent
 * running anything since then, or undefined where the counters cannot be read.
 */
export function watchCpuBusy(): () => number | undefined {
  const start = cpuTicks();
  return () => {
    const end = cpuTicks();
    if (!start || !end || end.total <= start.total) return undefined;
    return 1 - (end.idle - start.idle) / (end.total - start.total);
  };
}

/** The machine, with the load average taken before the run and now. */
export function machineInfo(loadBefore: number[]): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadBefore,
    loadAfter: os.loadavg(),
  };
}

function pgliteVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return 'unknown';
  }
}

/** The engine as the report names it, from the server's version line ("PostgreSQL 17.4 on x86_64-pc-linux-gnu..."). */
export function engineVersion(engine: 'pglite' | 'postgres', serverVersion: string): string {
  const short = serverVersion.split(' on ')[0] ?? serverVersion;
  return engine === 'pglite' ? `PGlite ${pgliteVersion()} (${short})` : short;
}
