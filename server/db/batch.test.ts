import { describe, expect, it } from 'vitest';
import { Batcher, batcherPer } from './batch';

/** A Batcher over a fake table of squares that records each read's keys; `fail` may throw for some reads. */
function squares(options: { max?: number; concurrency?: number; fail?: (keys: number[]) => void } = {}) {
  const reads: number[][] = [];
  const batcher = new Batcher<number, number>(
    async (keys) => {
      reads.push(keys);
      // Answered a turn later, as a database is: keys asked for meanwhile wait for the next read.
      await new Promise((resolve) => setImmediate(resolve));
      options.fail?.(keys);
      return new Map(keys.filter((key) => key >= 0).map((key) => [key, key * key]));
    },
    options.max,
    options.concurrency,
  );
  return { batcher, reads };
}

describe('Batcher', () => {
  it('reads a key at once when nothing is in flight, and the keys asked for meanwhile together, each once', async () => {
    const { batcher, reads } = squares({ concurrency: 1 });
    const answers = await Promise.all([batcher.load(1), batcher.load(2), batcher.load(3), batcher.load(2), batcher.load(-1)]);
    expect(answers).toEqual([1, 4, 9, 4, undefined]);
    expect(reads).toEqual([[1], [2, 3, -1]]);
  });

  it('has up to `concurrency` reads in flight before keys wait', async () => {
    const { batcher, reads } = squares({ concurrency: 2 });
    expect(await Promise.all([1, 2, 3, 4].map((key) => batcher.load(key)))).toEqual([1, 4, 9, 16]);
    expect(reads).toEqual([[1], [2], [3, 4]]);
  });

  it('starts a new read for keys asked for after a read ended', async () => {
    const { batcher, reads } = squares();
    expect(await batcher.load(4)).toBe(16);
    expect(await batcher.load(4)).toBe(16);
    expect(reads).toEqual([[4], [4]]);
  });

  it('reads at most `max` keys at once', async () => {
    const { batcher, reads } = squares({ max: 2, concurrency: 1 });
    expect(await Promise.all([1, 2, 3, 4, 5, 6].map((key) => batcher.load(key)))).toEqual([1, 4, 9, 16, 25, 36]);
    expect(reads).toEqual([[1], [2, 3], [4, 5], [6]]);
  });

  it('fails every lookup of a read that fails, rejected or thrown, and only those', async () => {
    const rejecting = new Batcher<number, number>(() => Promise.reject(new Error('database down')), 100, 1);
    await expect(Promise.all([rejecting.load(1), rejecting.load(2)])).rejects.toThrow('database down');
    const throwing = new Batcher<number, number>(() => {
      throw new Error('bad statement');
    });
    await expect(throwing.load(1)).rejects.toThrow('bad statement');
    const { batcher } = squares({
      concurrency: 1,
      fail: (keys) => {
        if (keys.includes(2)) throw new Error('read of 2 failed');
      },
    });
    const [one, two, three] = await Promise.allSettled([batcher.load(1), batcher.load(2), batcher.load(3)]);
    expect(one).toEqual({ status: 'fulfilled', value: 1 });
    expect(two).toMatchObject({ status: 'rejected', reason: new Error('read of 2 failed') });
    expect(three).toMatchObject({ status: 'rejected', reason: new Error('read of 2 failed') });
    // The batcher goes on serving after a failed read.
    expect(await batcher.load(5)).toBe(25);
  });

  it('keeps one batcher per handle', () => {
    const made: object[] = [];
    const per = batcherPer((db: object) => {
      made.push(db);
      return new Batcher<number, number>(async () => new Map());
    });
    const a = {};
    const b = {};
    expect(per(a)).toBe(per(a));
    expect(per(a)).not.toBe(per(b));
    expect(made).toEqual([a, b]);
  });
});
