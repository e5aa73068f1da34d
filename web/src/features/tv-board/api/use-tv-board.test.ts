import { describe, expect, it, vi } from 'vitest';
import { queueCelebration, type Celebration } from './use-tv-board';

// The unit project has no alias for @contract (Vite's): the real modules, by their path.
vi.mock('@contract/events', () => import('../../../../../contract/events'));

const reached = (key: number, agentId: number | null, tierName: string): Celebration => ({
  key,
  agentId,
  agentName: agentId === null ? 'Anonymous agent' : `Agent ${agentId}`,
  tierId: key,
  tierName,
  tierColor: '#64748b',
});

describe('queueCelebration', () => {
  it('queues agents in turn, and a later tier of a waiting agent takes its place', () => {
    let queue = queueCelebration([], reached(1, 7, 'Starter'));
    queue = queueCelebration(queue, reached(2, 8, 'Starter'));
    queue = queueCelebration(queue, reached(3, 7, 'Bronze'));
    queue = queueCelebration(queue, reached(4, 7, 'Silver'));
    expect(queue.map((c) => `${c.agentId} ${c.tierName}`)).toEqual(['7 Silver', '8 Starter']);
  });

  it('queues each tier of anonymous agents (no id tells them apart)', () => {
    let queue = queueCelebration([], reached(1, null, 'Starter'));
    queue = queueCelebration(queue, reached(2, null, 'Starter'));
    queue = queueCelebration(queue, reached(3, 7, 'Starter'));
    expect(queue.map((c) => `${c.agentName} ${c.tierName}`)).toEqual(['Anonymous agent Starter', 'Anonymous agent Starter', 'Agent 7 Starter']);
  });

  it('drops newcomers beyond five waiting', () => {
    let queue: Celebration[] = [];
    for (let agent = 1; agent <= 8; agent++) queue = queueCelebration(queue, reached(agent, agent, 'Starter'));
    expect(queue.map((c) => c.agentId)).toEqual([1, 2, 3, 4, 5]);
  });
});
