import { describe, expect, it } from 'vitest';
import { isZeroMoney, rankMovement } from './rank-movement';

describe('rankMovement', () => {
  it('counts the places gained or lost since the previous period', () => {
    expect(rankMovement(2, 5, '100.00')).toEqual({ kind: 'up', places: 3 });
    expect(rankMovement(7, 4, '100.00')).toEqual({ kind: 'down', places: 3 });
    expect(rankMovement(3, 3, '100.00')).toEqual({ kind: 'same' });
  });

  it('calls an agent with income now and none before new, and says nothing of one with neither', () => {
    expect(rankMovement(4, null, '250.00')).toEqual({ kind: 'new' });
    expect(rankMovement(4, null, '-20.00')).toEqual({ kind: 'new' });
    expect(rankMovement(40, null, '0.00')).toBeNull();
  });
});

describe('isZeroMoney', () => {
  it('recognises the zero amounts the API sends', () => {
    expect(isZeroMoney('0.00')).toBe(true);
    expect(isZeroMoney('-0.00')).toBe(true);
    expect(isZeroMoney('0.01')).toBe(false);
    expect(isZeroMoney('-5.00')).toBe(false);
  });
});
