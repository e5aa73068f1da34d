import { describe, expect, it, vi } from 'vitest';
import { queueCelebration, type BadgeCelebration, type Celebration } from './use-tv-board';

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

const earned = (key: number, agentId: number | null, name: string): BadgeCelebration => ({
  key,
  agentId,
  agentName: agentId === null ? 'Anonymous agent' : `Agent ${agentId}`,
  badgeId: key,
  ruleId: 1,
  kind: 'first_entry',
  name,
  detail: 'A first sale recorded',
});

const what = (celebration: Celebration) => `${celebration.agentId} ${'badgeId' in celebration ? `badge ${celebration.name}` : celebration.tierName}`;

describe('queueCelebration', () => {
  it('queues agents in turn, and a later tier of a waiting agent takes its place', () => {
    let queue = queueCelebration([], reached(1, 7, 'Starter'));
    queue = queueCelebration(queue, reached(2, 8, 'Starter'));
    queue = queueCelebration(queue, reached(3, 7, 'Bronze'));
    queue = queueCelebration(queue, reached(4, 7, 'Silver'));
    expect(queue.map(what)).toEqual(['7 Silver', '8 Starter']);
  });

  it('queues each tier of anonymous agents (no id tells them apart)', () => {
    let queue = queueCelebration([], reached(1, null, 'Starter'));
    queue = queueCelebration(queue, reached(2, null, 'Starter'));
    queue = queueCelebration(queue, reached(3, 7, 'Starter'));
    expect(queue.map((c) => `${c.agentName} ${'tierName' in c ? c.tierName : c.name}`)).toEqual(['Anonymous agent Starter', 'Anonymous agent Starter', 'Agent 7 Starter']);
  });

  it('drops newcomers beyond five waiting', () => {
    let queue: Celebration[] = [];
    for (let agent = 1; agent <= 8; agent++) queue = queueCelebration(queue, reached(agent, agent, 'Starter'));
    expect(queue.map((c) => c.agentId)).toEqual([1, 2, 3, 4, 5]);
  });

  it('queues badges in turn with the tiers: a badge takes no tier’s place, nor a tier a badge’s', () => {
    let queue = queueCelebration([], reached(1, 7, 'Starter'));
    queue = queueCelebration(queue, earned(2, 7, 'First sale'));
    queue = queueCelebration(queue, earned(3, 7, 'Climber'));
    queue = queueCelebration(queue, reached(4, 7, 'Bronze'));
    queue = queueCelebration(queue, earned(5, null, 'First sale'));
    expect(queue.map(what)).toEqual(['7 Bronze', '7 badge First sale', '7 badge Climber', 'null badge First sale']);
    queue = queueCelebration(queue, earned(6, 8, 'First sale'));
    queue = queueCelebration(queue, earned(7, 9, 'First sale'));
    expect(queue).toHaveLength(5);
  });
});
