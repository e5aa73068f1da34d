import { describe, expect, it } from 'vitest';
import { movedUpText } from './place-change';

describe('movedUpText', () => {
  it('tells a rise in place, for an agent or its team', () => {
    expect(movedUpText(3, 2, false)).toBe('You moved up to 2nd!');
    expect(movedUpText(12, 1, true)).toBe('Your team moved up to 1st!');
    expect(movedUpText(14, 11, false)).toBe('You moved up to 11th!');
  });

  it('tells nothing on a first read, a fall, the same place or a place lost from the standings', () => {
    expect(movedUpText(undefined, 2, false)).toBeNull();
    expect(movedUpText(2, 3, false)).toBeNull();
    expect(movedUpText(2, 2, false)).toBeNull();
    expect(movedUpText(2, undefined, false)).toBeNull();
  });
});
