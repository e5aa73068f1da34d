import { describe, expect, it } from 'vitest';
import { ANONYMOUS_AGENT } from '../../contract/insight';
import { anonymised, eventDataFor, eventViewFor } from './event-visibility';

describe('anonymised', () => {
  it('takes the name and the id of an agent off the boards, and nothing else', () => {
    const win = { entryId: 41, agentId: 7, agentName: 'Shy Closer', amount: '10.00', transactionType: 'addition', date: '2026-11-27T10:00:00.000Z' };
    expect(anonymised(win)).toEqual({ ...win, agentId: null, agentName: ANONYMOUS_AGENT });
    // An event without those fields stays as it is; the original is not changed.
    expect(anonymised({ tierId: 2 })).toEqual({ tierId: 2 });
    expect(win.agentId).toBe(7);
  });
});

describe('eventViewFor', () => {
  it('gives a TV link the public part of wins, without amounts unless it shows them', () => {
    const event = { type: 'entry.created' as const, agentId: 7, public: { agentId: 7, amount: '10.00' }, private: { newTotal: '10.00' } };
    expect(eventViewFor({ kind: 'tv', linkId: 1, showAmounts: false }, event)).toBe('public-without-amounts');
    expect(eventDataFor('public-without-amounts', event)).toEqual({ agentId: 7 });
    expect(eventViewFor({ kind: 'tv', linkId: 1, showAmounts: false }, { type: 'team.changed', agentId: null })).toBeNull();
  });
});
