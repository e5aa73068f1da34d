import { describe, expect, it } from 'vitest';
import { CONNECTOR_TRIED_FOR_MS, connectorRetryInMs } from './worker';

describe('connectorRetryInMs', () => {
  const received = new Date('2026-11-24T15:00:00Z');
  const after = (ms: number) => new Date(received.getTime() + ms);

  it('tries a failed delivery again after half its age, at least a minute and at most an hour later', () => {
    expect(connectorRetryInMs(received, after(0))).toBe(60_000);
    expect(connectorRetryInMs(received, after(90_000))).toBe(60_000);
    expect(connectorRetryInMs(received, after(10 * 60_000))).toBe(5 * 60_000);
    expect(connectorRetryInMs(received, after(5 * 60 * 60_000))).toBe(60 * 60_000);
  });

  it('gives it up once it has been tried for three days', () => {
    expect(connectorRetryInMs(received, after(CONNECTOR_TRIED_FOR_MS - 1))).toBe(60 * 60_000);
    expect(connectorRetryInMs(received, after(CONNECTOR_TRIED_FOR_MS))).toBeUndefined();
  });
});
