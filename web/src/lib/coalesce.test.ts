import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs at once, then at most once per window, keeping the last call of a burst', () => {
    const run = vi.fn();
    const refresh = coalesce(run, 1_000);
    refresh.call();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i++) refresh.call();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
    refresh.call();
    expect(run).toHaveBeenCalledTimes(3);
    refresh.call();
    refresh.cancel();
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(3);
  });
});
