import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agentCreatedEvent,
  agentCreatedEventColumns,
  agentDeletedEvent,
  entryCreatedEvent,
  entryCreatedEventColumns,
  entryVoidedEvent,
  tierReachedEvent,
  tierReachedEventColumns,
} from './rule-sql';

const dialect = new PgDialect();
const text = (query: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(query).sql;

describe('event builders', () => {
  it('split tier.reached into the parts contract/events.ts names, the same in TypeScript and in SQL', () => {
    const event = tierReachedEvent(7, { agentId: 7, agentName: 'Ann', tierId: 2, tierName: 'Silver', tierColor: '#ccc', achievedAt: '2026-01-01T00:00:00.000Z' });
    expect(event).toEqual({
      type: 'tier.reached',
      agentId: 7,
      public: { agentId: 7, agentName: 'Ann', tierId: 2, tierName: 'Silver', tierColor: '#ccc' },
      private: { achievedAt: '2026-01-01T00:00:00.000Z' },
    });
    const columns = text(
      tierReachedEventColumns({
        n: sql`0`,
        agentId: sql`a.id`,
        values: { agentId: sql`a.id`, agentName: sql`a.name`, tierId: sql`t.id`, tierName: sql`t.name`, tierColor: sql`t.color`, achievedAt: sql`now()` },
      }),
    );
    expect(columns).toBe(
      `0 as n, 'tier.reached'::text as type, a.id as agent_id, ` +
        `jsonb_build_object('agentId', a.id, 'agentName', a.name, 'tierId', t.id, 'tierName', t.name, 'tierColor', t.color) as public_data, ` +
        `jsonb_build_object('achievedAt', now()) as private_data`,
    );
  });

  it('split entry.created the same way in both', () => {
    const data = {
      entryId: 1,
      agentId: 2,
      agentName: 'Bo',
      amount: '10.00',
      transactionType: 'addition' as const,
      date: 'd',
      description: null,
      newTotal: '10.00',
      createdAt: 'c',
    };
    const event = entryCreatedEvent(2, data);
    const columns = text(
      entryCreatedEventColumns({
        n: sql`0`,
        agentId: sql`e.agent_id`,
        values: Object.fromEntries(Object.keys(data).map((key) => [key, sql.raw(`e.${key}`)])) as Parameters<typeof entryCreatedEventColumns>[0]['values'],
      }),
    );
    const keysIn = (part: string) => [...part.matchAll(/'(\w+)', e\.\w+/g)].map((match) => match[1]);
    const [publicSql, privateSql] = columns.split(' as public_data, ');
    expect(keysIn(publicSql!)).toEqual(Object.keys(event.public));
    expect(keysIn(privateSql!)).toEqual(Object.keys(event.private));
    expect(Object.keys(event.private)).toEqual(['description', 'newTotal', 'createdAt']);
  });
});

describe('agent events', () => {
  it('lay out agent.created once: `via` only when the agent registered itself, and the same fields in SQL', () => {
    expect(agentCreatedEvent(3, { agentId: 3, agentName: 'Cy', status: 'pending', via: 'sign-up' })).toEqual({
      type: 'agent.created',
      agentId: 3,
      public: { agentId: 3, agentName: 'Cy' },
      private: { status: 'pending', via: 'sign-up' },
    });
    const made = agentCreatedEvent(4, { agentId: 4, agentName: 'Di', status: 'active' });
    expect(made.private).toEqual({ status: 'active' });
    expect(Object.keys(made.private)).toEqual(['status']);
    expect(text(agentCreatedEventColumns({ n: sql`1`, agentId: sql`a.id`, values: { agentId: sql`a.id`, agentName: sql`a.name`, status: sql`'active'` } }))).toBe(
      `1 as n, 'agent.created'::text as type, a.id as agent_id, ` +
        `jsonb_build_object('agentId', a.id, 'agentName', a.name) as public_data, jsonb_build_object('status', 'active') as private_data`,
    );
  });

  it('lay out agent.deleted and entry.voided by their contract types', () => {
    expect(agentDeletedEvent(5)).toEqual({ type: 'agent.deleted', agentId: 5, public: { agentId: 5 }, private: {} });
    const tiersTakenBack = [{ tierId: 1, tierName: 'Bronze' }];
    expect(
      entryVoidedEvent(6, { entryId: 9, agentId: 6, agentName: 'Ed', amount: '5.00', reversalEntryId: 10, newTotal: '0.00', reason: 'typo', voidedBy: 'Owner', tiersTakenBack }),
    ).toEqual({
      type: 'entry.voided',
      agentId: 6,
      public: { entryId: 9, agentId: 6, agentName: 'Ed', amount: '5.00' },
      private: { reversalEntryId: 10, newTotal: '0.00', reason: 'typo', voidedBy: 'Owner', tiersTakenBack },
    });
  });
});
