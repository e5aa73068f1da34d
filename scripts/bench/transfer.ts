// The imports-and-exports bar (docs/product.md §12.9; its target in docs/performance.md): every entry of the data set
// exported over HTTP (rows a second, and how far the server's memory grows meanwhile), then a 100,000-row entry file
// dry-run and committed (seconds each, and the longest event-loop delay while they run).
import type { LoopDelay, MemoryUse } from './protocol';
import type { ServerHandle } from './server-process';

export interface TransferReport {
  export: { rows: number; megabytes: number; seconds: number; rowsPerSecond: number; memoryGrowthMb: number };
  import: { rows: number; dryRunSeconds: number; commitSeconds: number; created: number; loop: LoopDelay };
}

const MB = 1024 * 1024;

/** An entry file of `rows` rows for the generated agents (agent<n>@bench.example), amounts and days varied. */
export function benchImportFile(agents: number, rows: number, now: Date): string {
  const lines = ['agentEmail,amount,date,description,externalId'];
  const stamp = now.getTime().toString(36);
  for (let i = 0; i < rows; i++) {
    const day = new Date(now.getTime() - ((i % 300) + 1) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`agent${(i % agents) + 1}@bench.example,${(i % 4_999) + 1}.${String(i % 100).padStart(2, '0')},${day},Imported deal ${i},bench-${stamp}-${i}`);
  }
  return `${lines.join('\n')}\n`;
}

export async function measureTransfer(
  server: ServerHandle,
  base: string,
  owner: string,
  size: { agents: number; importRows: number },
  log: (line: string) => void,
): Promise<TransferReport> {
  log('Exporting every entry as CSV...');
  const before = await server.send<MemoryUse>({ cmd: 'memory' });
  await server.send({ cmd: 'rss-watch-start' });
  const started = performance.now();
  const res = await fetch(`${base}/api/exports/income-entries.csv`, { headers: { cookie: owner } });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  let lineEnds = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 0x0a) lineEnds++;
  }
  const seconds = (performance.now() - started) / 1000;
  const peakRss = await server.send<number>({ cmd: 'rss-watch-stop' });
  // The header's line end aside; descriptions of generated entries hold no line breaks.
  const rows = lineEnds - 1;

  log(`Importing ${size.importRows.toLocaleString('en-US')} entries from CSV (dry run, then commit)...`);
  const file = benchImportFile(size.agents, size.importRows, new Date());
  const send = async (query: string) => {
    const began = performance.now();
    const answer = await fetch(`${base}/api/imports/income-entries${query}`, {
      method: 'POST',
      headers: { cookie: owner, 'content-type': 'text/csv' },
      body: file,
    });
    const report = (await answer.json()) as { created?: number; errorCount?: number; message?: string };
    if (answer.status >= 300) throw new Error(`import answered ${answer.status}: ${report.message}`);
    return { seconds: (performance.now() - began) / 1000, created: report.created ?? 0 };
  };
  await server.send({ cmd: 'reset-loop' });
  const dryRun = await send('?dryRun=1');
  const commit = await send('');
  const loop = await server.send<LoopDelay>({ cmd: 'loop' });
  return {
    export: { rows, megabytes: bytes / MB, seconds, rowsPerSecond: rows / seconds, memoryGrowthMb: (peakRss - before.rss) / MB },
    import: { rows: size.importRows, dryRunSeconds: dryRun.seconds, commitSeconds: commit.seconds, created: commit.created, loop },
  };
}
