import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, isUnauthorizedError, throwIfResNotOk } from './api-client';

describe('throwIfResNotOk', () => {
  it('passes a successful response', async () => {
    await expect(throwIfResNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });

  it('throws "status: body" for a failure with a body', async () => {
    const body = JSON.stringify({ message: 'Agent not found', code: 'NOT_FOUND' });
    await expect(throwIfResNotOk(new Response(body, { status: 404, statusText: 'Not Found' }))).rejects.toThrow(`404: ${body}`);
  });

  it('uses the status text when the body is empty', async () => {
    await expect(throwIfResNotOk(new Response('', { status: 500, statusText: 'Internal Server Error' }))).rejects.toThrow(
      '500: Internal Server Error',
    );
  });
});

describe('isUnauthorizedError', () => {
  it('recognises 401 errors that mention Unauthorized', () => {
    expect(isUnauthorizedError(new ApiError(401, '{"message":"Unauthorized: sign in"}', 'Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(401, '', 'Unauthorized'))).toBe(true);
  });

  it('does not take other errors for it', () => {
    expect(isUnauthorizedError(new ApiError(403, '{"message":"Unauthorized"}', 'Forbidden'))).toBe(false);
    expect(isUnauthorizedError(new ApiError(401, '{"message":"Invalid email or password"}', 'Unauthorized'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });
});

describe('errorMessage', () => {
  it("shows the server's message from the JSON error shape", () => {
    const error = new ApiError(409, JSON.stringify({ message: 'Already claimed', code: 'CONFLICT' }), 'Conflict');
    expect(errorMessage(error, 'Failed')).toBe('Already claimed');
  });

  it('shows a plain-text body as is', () => {
    expect(errorMessage(new ApiError(502, 'Bad gateway from proxy', 'Bad Gateway'), 'Failed')).toBe('Bad gateway from proxy');
  });

  it('falls back when the body says nothing', () => {
    expect(errorMessage(new ApiError(500, '', 'Internal Server Error'), 'Failed to delete agent')).toBe('Failed to delete agent');
    expect(errorMessage(undefined, 'Failed to delete agent')).toBe('Failed to delete agent');
  });

  it('uses the message of other errors (network failures)', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed')).toBe('Failed to fetch');
  });
});
