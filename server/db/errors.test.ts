import { describe, expect, it } from 'vitest';
import { classifyDatabaseFailure, errorCode, isDatabaseUnavailable, pgErrorCode } from './errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** As drizzle wraps a driver's error: the query's error with the driver's as its cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { query: 'select 1', params: [], cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a client that lost its connection', new Error('Client has encountered a connection error and is not queryable')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a terminated backend (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['too many connections (53300)', withCode('53300')],
    ['a full disk (53100)', withCode('53100', 'could not extend file')],
    ['a connection failure (08006)', withCode('08006')],
    ['a wrapped lost connection', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a wrapped terminated backend', wrapped(withCode('57P01'))],
  ])('is true for %s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', wrapped(withCode('23505'))],
    ['a data exception', withCode('22003')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});

describe('errorCode and pgErrorCode', () => {
  it("reads an error's own string code, errno name or SQLSTATE alike", () => {
    expect(errorCode(withCode('ENOENT'))).toBe('ENOENT');
    expect(errorCode(withCode('23505'))).toBe('23505');
    expect(errorCode(Object.assign(new Error('x'), { code: 5 }))).toBeUndefined();
    expect(errorCode(undefined)).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
  });

  it('finds the SQLSTATE through the wrappers, skipping errno names, five links deep at most', () => {
    expect(pgErrorCode(wrapped(withCode('23505')))).toBe('23505');
    expect(pgErrorCode(Object.assign(withCode('ECONNRESET'), { cause: withCode('57P01') }))).toBe('57P01');
    expect(pgErrorCode(wrapped(wrapped(wrapped(wrapped(withCode('3D000'))))))).toBe('3D000');
    expect(pgErrorCode(wrapped(wrapped(wrapped(wrapped(wrapped(withCode('3D000')))))))).toBeUndefined();
    expect(pgErrorCode(new Error('no code'))).toBeUndefined();
  });
});

describe('classifyDatabaseFailure', () => {
  it('names a data exception (class 22) bad-value, an unreachable database unavailable, and nothing else', () => {
    expect(classifyDatabaseFailure(wrapped(withCode('22P05')))).toBe('bad-value');
    expect(classifyDatabaseFailure(withCode('22003'))).toBe('bad-value');
    expect(classifyDatabaseFailure(wrapped(withCode('57P01')))).toBe('unavailable');
    expect(classifyDatabaseFailure(withCode('ECONNREFUSED'))).toBe('unavailable');
    expect(classifyDatabaseFailure(withCode('23505'))).toBeUndefined();
    expect(classifyDatabaseFailure(new Error('boom'))).toBeUndefined();
  });
});
