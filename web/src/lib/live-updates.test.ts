import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventStream } from './fake-event-stream';
import { COALESCE_MS, createLiveUpdates, FAILURES_BEFORE_OFFLINE, RETRY_FIRST_MS } from './live-updates';

function setUp(readCursors: (string | undefined)[] = []) {
  const queryClient = new QueryClient();
  const invalidated: string[] = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey ? String(filters.queryKey[0]) : '*');
  });
  const streams: FakeEventStream[] = [];
  const live = createLiveUpdates({
    queryClient,
    openStream: (url) => {
      const stream = new FakeEventStream(url);
      streams.push(stream);
      return stream;
    },
    isOnline: () => true,
    onConnectivity: () => () => {},
    takeReadCursor: () => readCursors.shift(),
  });
  const count = (key: string) => invalidated.filter((k) => k === key).length;
  return { live, streams, invalidated, count, latest: () => streams.at(-1)! };
}

const entry = (agentId: number) => ({ entryId: 1, agentId, agentName: 'A', transactionType: 'addition', date: '2026-11-23T10:00:00.000Z' });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('live updates', () => {
  it('opens one stream for every screen that follows it, and closes it once the last one leaves', () => {
    const { live, streams } = setUp();
    const leaveOne = live.connect({ kind: 'staff' });
    const leaveTwo = live.connect({ kind: 'staff' });
    expect(streams).toHaveLength(1);
    expect(streams[0]!.url).toBe('/api/events');
    expect(live.getState()).toBe('connecting');
    streams[0]!.open();
    expect(live.getState()).toBe('live');

    leaveOne();
    vi.advanceTimersByTime(1000);
    expect(streams[0]!.closed).toBe(false);
    leaveTwo();
    vi.advanceTimersByTime(1000);
    expect(streams[0]!.closed).toBe(true);
    expect(live.getState()).toBe('offline');
  });

  it("opens first from the oldest cursor of the screen's reads, so what came after them is replayed", () => {
    const { live, streams } = setUp(['40']);
    const leave = live.connect({ kind: 'staff' });
    expect(streams[0]!.url).toBe('/api/events?lastEventId=40');
    leave();
    vi.advanceTimersByTime(1000);
    // Opened again with no read since: no cursor, nothing to replay.
    live.connect({ kind: 'staff' });
    expect(streams[1]!.url).toBe('/api/events');
  });

  it('refetches each read at most once per window however many events arrive', () => {
    const { live, latest, count } = setUp();
    live.connect({ kind: 'staff' });
    latest().open();
    for (let id = 1; id <= 50; id++) latest().emit('entry.created', entry(7), id);
    // The first at once, then one for everything that came during the window.
    expect(count('/api/owner/dashboard')).toBe(1);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(count('/api/owner/dashboard')).toBe(2);
    vi.advanceTimersByTime(COALESCE_MS * 3);
    expect(count('/api/owner/dashboard')).toBe(2);
    expect(count('/api/owner/leaderboard')).toBe(2);
    expect(count('/api/agents')).toBe(2);
  });

  it("refreshes an agent's own reads for its own events only", () => {
    const { live, latest, count } = setUp();
    live.connect({ kind: 'agent', agentId: 7 });
    latest().open();
    latest().emit('tier.reached', { agentId: 8, agentName: 'B', tierId: 1, tierName: 'Starter', tierColor: '#000' }, 1);
    expect(count('/api/agent-tier-data')).toBe(0);
    latest().emit('entry.created', entry(7), 2);
    expect(count('/api/agent-tier-data')).toBe(1);
    // A tier changed by the owner moves every agent's progress.
    latest().emit('tier.updated', { tierId: 3, tierName: 'Silver' }, 3);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(count('/api/agent-tier-data')).toBe(2);
    expect(count('/api/tier-settings')).toBe(1);
  });

  it("refreshes the overview's charts and the agents' pages when income, tiers or claims change", () => {
    const { live, latest, count } = setUp();
    live.connect({ kind: 'staff' });
    latest().open();
    latest().emit('entry.voided', { entryId: 4, agentId: 7, agentName: 'A' }, 1);
    for (const key of ['/api/owner/trends', '/api/owner/tier-distribution', '/api/agents/:id', '/api/agents/:id/history', '/api/income-entries']) {
      expect(count(key), key).toBe(1);
    }
    latest().emit('claim.updated', { claimId: 1, agentId: 7, agentName: 'A', tierId: 1, tierName: 'Starter', rewardTitle: 'Gift card', status: 'shipped' }, 2);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(count('/api/agents/:id')).toBe(2);
    expect(count('/api/owner/trends')).toBe(1);
  });

  it('passes events to listeners, and reloads everything on stream.reset', () => {
    const { live, latest, invalidated } = setUp();
    const seen: string[] = [];
    live.subscribeEvents((event) => seen.push(event.type));
    live.connect({ kind: 'staff' });
    latest().open();
    latest().emit('agent.deleted', { agentId: 2 }, 3);
    latest().emit('stream.reset', {}, 4);
    expect(seen).toEqual(['agent.deleted']);
    expect(invalidated.at(-1)).toBe('*');
  });

  it('says Reconnecting, then Offline, while the browser fails to reconnect, and Live once it is back', () => {
    const { live, latest } = setUp();
    live.connect({ kind: 'staff' });
    latest().open();
    latest().drop();
    expect(live.getState()).toBe('reconnecting');
    for (let i = 1; i < FAILURES_BEFORE_OFFLINE; i++) latest().drop();
    expect(live.getState()).toBe('offline');
    latest().open();
    expect(live.getState()).toBe('live');
  });

  it('retries a refused stream later, from the last event it saw, after checking the session', () => {
    const { live, streams, latest, invalidated } = setUp();
    live.connect({ kind: 'agent', agentId: 7 });
    latest().open();
    latest().emit('leaderboard.changed', {}, 41);
    latest().refuse();
    expect(invalidated).toContain('/api/agents/session');
    expect(streams).toHaveLength(1);
    vi.advanceTimersByTime(RETRY_FIRST_MS * 1.25);
    expect(streams).toHaveLength(2);
    expect(latest().url).toBe('/api/events?lastEventId=41');
  });
});
