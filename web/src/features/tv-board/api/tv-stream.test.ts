import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_FIRST_MS } from './get-tv-snapshot';
import { FakeEventStream } from '../../../lib/fake-event-stream';
import { followTvStream, type TvStreamHandlers } from './tv-stream';

function setUp(revoked: () => Promise<boolean> = async () => false) {
  const sources: FakeEventStream[] = [];
  const handlers = {
    onChange: vi.fn(),
    onTierReached: vi.fn(),
    onBadgeAwarded: vi.fn(),
    onState: vi.fn(),
    isRevoked: vi.fn(revoked),
    onRevoked: vi.fn(),
  } satisfies TvStreamHandlers;
  const stop = followTvStream('tok_en', handlers, {
    openSource: (url) => {
      const source = new FakeEventStream(url);
      sources.push(source);
      return source;
    },
    random: () => 0.5,
  });
  return { sources, handlers, stop, latest: () => sources.at(-1)! };
}

describe('followTvStream', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('reads the board again on open and on each change, and passes tier celebrations on', () => {
    const { latest, handlers } = setUp();
    expect(latest().url).toBe('/api/tv/tok_en/events');
    expect(handlers.onState).toHaveBeenLastCalledWith('connecting');
    latest().open();
    expect(handlers.onState).toHaveBeenLastCalledWith('live');
    expect(handlers.onChange).toHaveBeenCalledTimes(1);
    for (const type of ['entry.created', 'leaderboard.changed', 'stream.reset']) latest().emit(type, {}, '7');
    expect(handlers.onChange).toHaveBeenCalledTimes(4);
    const tier = { agentId: 3, agentName: 'Ada', tierId: 2, tierName: 'Bronze', tierColor: '#b45309' };
    latest().emit('tier.reached', tier, '8');
    expect(handlers.onTierReached).toHaveBeenCalledWith(tier);
  });

  it('passes badge celebrations on, without reading the boards again', () => {
    const { latest, handlers } = setUp();
    latest().open();
    const badge = { agentId: null, agentName: 'Anonymous agent', badgeId: 12, ruleId: 3, kind: 'first_entry', name: 'First sale', detail: 'A first sale recorded' };
    latest().emit('badge.awarded', badge, '9');
    expect(handlers.onBadgeAwarded).toHaveBeenCalledWith(badge);
    // A badge is not a change of the boards: they are not read again for it.
    expect(handlers.onChange).toHaveBeenCalledTimes(1);
    expect(handlers.onTierReached).not.toHaveBeenCalled();
  });

  it('leaves a dropped connection to the browser, and says it is reconnecting', () => {
    const { sources, handlers } = setUp();
    sources[0]!.open();
    sources[0]!.drop();
    expect(handlers.onState).toHaveBeenLastCalledWith('reconnecting');
    vi.advanceTimersByTime(120_000);
    expect(sources).toHaveLength(1);
    expect(handlers.isRevoked).not.toHaveBeenCalled();
  });

  it('after a refusal, reopens from the last event with a growing delay while the link still exists', async () => {
    const { sources, handlers } = setUp();
    sources[0]!.open();
    sources[0]!.emit('entry.created', {}, '41');
    sources[0]!.refuse();
    await vi.advanceTimersByTimeAsync(0);
    expect(handlers.isRevoked).toHaveBeenCalledTimes(1);
    expect(sources[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS - 1);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources[1]!.url).toBe('/api/tv/tok_en/events?lastEventId=41');

    sources[1]!.refuse();
    await vi.advanceTimersByTimeAsync(2 * RETRY_FIRST_MS - 1);
    expect(sources).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(3);
    // A success starts the delays again from the first.
    sources[2]!.open();
    sources[2]!.refuse();
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(sources).toHaveLength(4);
    expect(handlers.onRevoked).not.toHaveBeenCalled();
  });

  it('stops for good when the board answers 404 (revoked), and when a failed check cannot tell it reopens', async () => {
    let answer: () => Promise<boolean> = () => Promise.reject(new TypeError('Failed to fetch'));
    const { sources, handlers } = setUp(() => answer());
    sources[0]!.refuse();
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(sources).toHaveLength(2);

    answer = async () => true;
    sources[1]!.refuse();
    await vi.advanceTimersByTimeAsync(0);
    expect(handlers.onRevoked).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sources).toHaveLength(2);
  });

  it('closes its source and its retry timer when stopped', async () => {
    const { sources, stop } = setUp();
    sources[0]!.refuse();
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sources).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);

    const second = setUp();
    second.stop();
    expect(second.latest().closed).toBe(true);
  });
});
