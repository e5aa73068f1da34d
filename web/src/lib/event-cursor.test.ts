import { describe, expect, it } from 'vitest';
import { noteEventCursor, takeEarliestEventCursor } from './event-cursor';

describe('event cursor', () => {
  it('keeps the oldest cursor noted since it was last taken, and ignores answers without one', () => {
    expect(takeEarliestEventCursor()).toBeUndefined();
    noteEventCursor('52');
    noteEventCursor(null);
    noteEventCursor('48');
    noteEventCursor('not-a-cursor');
    noteEventCursor('61');
    expect(takeEarliestEventCursor()).toBe('48');
    expect(takeEarliestEventCursor()).toBeUndefined();
    noteEventCursor('70');
    expect(takeEarliestEventCursor()).toBe('70');
  });
});
