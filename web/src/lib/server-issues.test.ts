import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { setServerIssues } from './server-issues';

type Values = { amount: string; day: string; description: string };

describe('setServerIssues', () => {
  const refused = (issues: unknown) => new ApiError(400, JSON.stringify({ code: 'VALIDATION_FAILED', message: 'Refused', issues }), 'Bad Request');

  it('puts each reason under its field, in screen order, focusing the first', () => {
    const setError = vi.fn();
    const shown = setServerIssues<Values>(setError, refused([
      { path: 'description', message: 'Too long' },
      { path: 'day', message: 'The deal date cannot be after today' },
    ]), ['amount', 'day', 'description']);
    expect(shown).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['day', { type: 'server', message: 'The deal date cannot be after today' }, { shouldFocus: true }],
      ['description', { type: 'server', message: 'Too long' }, { shouldFocus: false }],
    ]);
  });

  it('leaves the form alone for reasons of no field on screen, or errors that are not the server’s refusal', () => {
    const setError = vi.fn();
    expect(setServerIssues<Values>(setError, refused([{ path: 'agentId', message: 'Agent not found' }]), ['amount', 'day'])).toBe(false);
    expect(setServerIssues<Values>(setError, refused(undefined), ['amount'])).toBe(false);
    expect(setServerIssues<Values>(setError, new Error('offline'), ['amount'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });

  it('reads a request path the form names otherwise as that field (a claim\u2019s agentData.email is the email field)', () => {
    const setError = vi.fn();
    type Contact = { name: string; email: string };
    const shown = setServerIssues<Contact>(setError, refused([{ path: 'agentData.email', message: 'Enter a valid email' }]), ['name', 'email'], { 'agentData.email': 'email' });
    expect(shown).toBe(true);
    expect(setError.mock.calls).toEqual([['email', { type: 'server', message: 'Enter a valid email' }, { shouldFocus: true }]]);
  });
});

