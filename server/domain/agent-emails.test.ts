import { describe, expect, it } from 'vitest';
import { emailHoldersBarringAgent } from './agent-emails';

describe('emailHoldersBarringAgent', () => {
  it('keeps agents unique by address, however they are made', () => {
    expect(emailHoldersBarringAgent('owner')).toContain('agent');
    expect(emailHoldersBarringAgent('sign-up')).toContain('agent');
  });

  it('lets the owner (and their tokens) make an agent with a staff address, never a stranger signing up', () => {
    expect(emailHoldersBarringAgent('owner')).not.toContain('staff');
    expect(emailHoldersBarringAgent('sign-up')).toContain('staff');
  });
});
