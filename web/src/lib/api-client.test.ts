import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, isUnauthorizedError, throwIfResNotOk } from './api-client';
import { getQueryFn } from './query-client';

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

describe('ApiError.issues', () => {
  it("reads the field problems of the JSON error shape, and nothing from other bodies", () => {
    const body = JSON.stringify({
      message: 'The password is not correct',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'currentPassword', message: 'The password is not correct' }, { path: 1, message: 'not a field' }],
    });
    expect(new ApiError(400, body, 'Bad Request').issues).toEqual([{ path: 'currentPassword', message: 'The password is not correct' }]);
    expect(new ApiError(400, '{"message":"Bad","code":"VALIDATION_FAILED"}', 'Bad Request').issues).toEqual([]);
    expect(new ApiError(502, 'Bad gateway', 'Bad Gateway').issues).toEqual([]);
  });
});

describe('response bodies', () => {
  // A body left unread keeps its request open in the browser, so the page never counts as idle.
  const respondWith = (response: Response) => {
    vi.stubGlobal('fetch', vi.fn(async () => response));
    return response;
  };
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the body of a 401 that a session read turns into null', async () => {
    const response = respondWith(new Response('{"message":"Unauthorized"}', { status: 401, statusText: 'Unauthorized' }));
    const read = getQueryFn<unknown>({ on401: 'returnNull' });
    await expect(read({ queryKey: ['/api/auth/user'] } as never)).resolves.toBeNull();
    expect(response.bodyUsed).toBe(true);
  });

  it('reads the body of a request whose answer is not used', async () => {
    const response = respondWith(new Response('{"ok":true}', { status: 200 }));
    await apiRequest('DELETE', '/api/agents/1');
    expect(response.bodyUsed).toBe(true);
  });
});
