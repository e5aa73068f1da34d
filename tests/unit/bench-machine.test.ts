// The bench's reading of how busy the machine's cores were (scripts/bench/machine.ts), which the two-instances row
// reports beside its ratio: a share of the cores' time, higher while this process keeps one of them busy.
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { watchCpuBusy } from '../../scripts/bench/machine';

describe('watchCpuBusy', () => {
  it('reads a share between 0 and 1, at least one core out of all while this process spins', () => {
    const busy = watchCpuBusy();
    const started = Date.now();
    // Spins for 300 ms of wall time: one core kept busy, whatever else the machine does.
    let x = 0;
    while (Date.now() - started < 300) x += Math.sqrt(x + 1);
    const share = busy();
    expect(x).toBeGreaterThan(0);
    expect(share).toBeDefined();
    // A core that this process keeps busy is busy whether or not it runs there: someone does (the counters' 10 ms
    // ticks cost a little of the 300 ms).
    expect(share!).toBeGreaterThanOrEqual(0.8 / os.cpus().length);
    expect(share!).toBeLessThanOrEqual(1);
  });
});
