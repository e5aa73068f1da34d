import { describe, expect, it } from 'vitest';
import { decideDemoMode, type DemoModeFacts } from './bootstrap';

const newEmbedded: DemoModeFacts = {
  requested: undefined,
  engine: 'pglite',
  nodeEnv: 'development',
  ownerNamed: false,
  wasEmpty: true,
  seededBefore: false,
};

describe('decideDemoMode', () => {
  it('switches itself on for a new embedded database on a developer machine, and stays on once seeded', () => {
    expect(decideDemoMode(newEmbedded)).toBe(true);
    expect(decideDemoMode({ ...newEmbedded, wasEmpty: false, seededBefore: true })).toBe(true);
    expect(decideDemoMode({ ...newEmbedded, wasEmpty: false })).toBe(false);
  });

  it('never switches itself on in production, where an owner was named, or on a PostgreSQL server', () => {
    expect(decideDemoMode({ ...newEmbedded, nodeEnv: 'production' })).toBe(false);
    expect(decideDemoMode({ ...newEmbedded, ownerNamed: true })).toBe(false);
    expect(decideDemoMode({ ...newEmbedded, ownerNamed: true, seededBefore: true })).toBe(false);
    expect(decideDemoMode({ ...newEmbedded, engine: 'postgres' })).toBe(false);
  });

  it('does what DEMO says when it is set', () => {
    expect(decideDemoMode({ ...newEmbedded, nodeEnv: 'production', ownerNamed: true, requested: true })).toBe(true);
    expect(decideDemoMode({ ...newEmbedded, requested: false })).toBe(false);
  });
});
