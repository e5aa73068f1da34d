import { describe, expect, it } from 'vitest';
import { readableTextOn } from './readable-text';

describe('readableTextOn', () => {
  it('puts dark text on light tier colours and white text on dark ones', () => {
    expect(readableTextOn('#eab308')).toEqual({ background: '#eab308', color: '#020617' });
    expect(readableTextOn('#22d3ee').color).toBe('#020617');
    expect(readableTextOn('#7c3aed').color).toBe('#ffffff');
    expect(readableTextOn('#2563EB').color).toBe('#ffffff');
    expect(readableTextOn('#fff').color).toBe('#020617');
  });

  it('falls back for a colour that is not hex', () => {
    expect(readableTextOn('rebeccapurple', '#000000')).toEqual({ background: '#000000', color: '#ffffff' });
  });
});
