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
