import { describe, expect, it } from 'vitest';
import { Coalescer } from './pass-loop';

describe('Coalescer', () => {
  it('writes what is added in one turn of the event loop as one batch, and what comes later as another', async () => {
    const writes: number[][] = [];
    const coalescer = new Coalescer<number>(async (items) => {
      writes.push([...items]);
    });
    await Promise.all([coalescer.add(1), coalescer.add(2), coalescer.add(3)]);
    await coalescer.add(4);
    expect(writes).toEqual([[1, 2, 3], [4]]);
  });

  it('resolves each add only once its batch is written', async () => {
    let release: () => void = () => {};
    const written = new Promise<void>((resolve) => (release = resolve));
    const coalescer = new Coalescer<string>(() => written);
    let done = false;
    const adding = coalescer.add('a').then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    release();
    await adding;
    expect(done).toBe(true);
  });

  it('rejects every add of a batch whose write fails, and writes the next batch anew', async () => {
    let fail = true;
    const writes: string[][] = [];
    const coalescer = new Coalescer<string>(async (items) => {
      if (fail) throw new Error('the database is gone');
      writes.push([...items]);
    });
    const results = await Promise.allSettled([coalescer.add('a'), coalescer.add('b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await coalescer.add('c');
    expect(writes).toEqual([['c']]);
  });
});
