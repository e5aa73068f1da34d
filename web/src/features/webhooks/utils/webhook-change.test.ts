import { describe, expect, it } from 'vitest';
import { webhookChange } from './webhook-change';

describe('webhookChange', () => {
  const before = { url: 'https://hooks.example.com/a', events: ['tier.reached', 'entry.created'] as const, format: 'json' as const };

  it('sends only what the form changed', () => {
    expect(webhookChange({ ...before, events: [...before.events] }, { url: 'https://hooks.example.com/b', events: ['entry.created', 'tier.reached'], format: 'json' })).toEqual({
      url: 'https://hooks.example.com/b',
    });
    expect(webhookChange({ ...before, events: [...before.events] }, { url: before.url, events: ['tier.reached'], format: 'slack' })).toEqual({ events: ['tier.reached'], format: 'slack' });
  });

  it('sends nothing when nothing changed, the events ticked in another order included', () => {
    expect(webhookChange({ ...before, events: [...before.events] }, { url: before.url, events: ['entry.created', 'tier.reached'], format: 'json' })).toEqual({});
  });
});
