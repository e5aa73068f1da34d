import { eventTypes } from '@contract/events';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from './query-keys';
import { localChangeKinds, readsChangedBy, refreshAfter, refreshMap, type ChangeKind } from './refresh-map';

const keyNames = new Set(Object.keys(queryKeys));
const kinds = Object.keys(refreshMap) as ChangeKind[];

describe('the refresh map', () => {
  it('has an entry for every event kind of the stream, and for every local change kind', () => {
    for (const type of eventTypes) expect(refreshMap, type).toHaveProperty([type]);
    for (const kind of localChangeKinds) expect(refreshMap, kind).toHaveProperty([kind]);
    expect(kinds.sort()).toEqual([...eventTypes, ...localChangeKinds].sort());
  });

  it('names only real query keys, and each change at least one', () => {
    for (const kind of kinds) {
      const reads = refreshMap[kind];
      const names = [...(reads.all ?? []), ...(reads.agent ?? []), ...(reads.item ?? []), ...(reads.own ?? [])];
      expect(names.length, kind).toBeGreaterThan(0);
      for (const name of names) expect(keyNames.has(name), `${kind}: ${name}`).toBe(true);
      expect(new Set(names).size, `${kind} names a key twice`).toBe(names.length);
    }
  });

  it('does not name a local change kind like an event kind', () => {
    for (const kind of localChangeKinds) expect((eventTypes as readonly string[]).includes(kind), kind).toBe(false);
  });

  it("scopes an agent's reads to the agent the change names, and every agent's when it names none", () => {
    const about7 = readsChangedBy('entry.created', { agentId: 7 });
    expect(about7).toContainEqual([...queryKeys.agentDetail, 7]);
    expect(about7).toContainEqual([...queryKeys.agentHistory, 7]);
    expect(about7).toContainEqual(queryKeys.ownerDashboard);
    const hidden = readsChangedBy('entry.created', { agentId: null });
    expect(hidden).toContainEqual(queryKeys.agentDetail);
    // The agent's history by a metric follows its activities.
    expect(readsChangedBy('activity.created', { agentId: 7 })).toContainEqual([...queryKeys.agentHistory, 7]);
  });

  it("adds the agent's own reads only when asked", () => {
    expect(readsChangedBy('claim.updated', { agentId: 7 }, false)).not.toContainEqual(queryKeys.agentClaims);
    expect(readsChangedBy('claim.updated', { agentId: 7 }, true)).toContainEqual(queryKeys.agentClaims);
  });

  it("scopes an item's reads to its id", () => {
    expect(readsChangedBy('webhook.deliveryQueued', { id: 3 })).toEqual([queryKeys.webhooks, [...queryKeys.webhookDeliveries, 3]]);
    expect(readsChangedBy('rewardOption.changed', { id: 2 })).toEqual([[...queryKeys.tierRewardOptions, 2]]);
  });

  it('lists each key once across several kinds, and none under a key already listed', () => {
    const keys = readsChangedBy(['entry.created', 'tier.reached', 'leaderboard.changed', 'team.changed'], { agentId: 7 });
    const texts = keys.map((key) => JSON.stringify(key));
    expect(new Set(texts).size).toBe(texts.length);
    // team.changed refreshes every agent's page: agent 7's is part of it.
    expect(keys).toContainEqual(queryKeys.agentDetail);
    expect(keys).not.toContainEqual([...queryKeys.agentDetail, 7]);
  });

  it('refreshes every read on data.changed', () => {
    expect(readsChangedBy('data.changed')).toHaveLength(keyNames.size);
  });

  it('invalidates what the map lists after a mutation, own reads included', async () => {
    const queryClient = new QueryClient();
    const invalidated: unknown[] = [];
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push(filters?.queryKey);
    });
    await refreshAfter(queryClient, 'claim.created', { agentId: 4 });
    expect(invalidated).toEqual([queryKeys.rewardClaims, [...queryKeys.agentDetail, 4], queryKeys.agentTierData, queryKeys.agentRewards, queryKeys.agentClaims]);
  });
});
