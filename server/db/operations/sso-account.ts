import type { SignUpMode } from '../../../contract/sign-up';
import type { SsoErrorCode } from '../../../contract/sso';
import { AppError } from '../../domain/errors';
import type { Db } from '../client';
import { audited, type AuditActor } from '../audit';
import { findAgentByEmail, type AgentRow } from '../queries/agents';
import { readSignUpMode } from '../queries/sign-up';
import { findUserByEmail, insertUser, type UserRow } from '../queries/users';
import { registerAgent } from './register-agent';

// The account a company sign-in lands on (docs/decisions/0090-company-sign-in.md): matched by the verified email,
// made at first sign-in as the settings allow.

export type SsoOutcome<Account> = { account: Account } | { refused: SsoErrorCode };

export interface SsoPerson {
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  /** Whether the role claim makes the person a manager; undefined when no role claim is configured. */
  manager: boolean | undefined;
  /** An unusable password hash for an account made here (the person signs in through the provider). */
  unusablePasswordHash: () => Promise<string>;
}

/**
 * The owner or manager with this email. The owner always; a manager unless the role claim, when one is configured,
 * no longer makes them one. Without an account, one is made as a manager when the role claim says so.
 */
export async function staffAccountForSso(db: Db, person: SsoPerson, actor: AuditActor, now: Date): Promise<SsoOutcome<UserRow>> {
  const existing = await findUserByEmail(db, person.email);
  if (existing) {
    if (existing.role === 'manager' && person.manager === false) return { refused: 'not_manager' };
    return { account: existing };
  }
  if (person.manager !== true) return { refused: 'no_staff_account' };
  // An agent's address stays the agent's: a staff account beside it would make sign-in ambiguous.
  if (await findAgentByEmail(db, person.email)) return { refused: 'no_staff_account' };
  const passwordHash = await person.unusablePasswordHash();
  try {
    const made = await audited(
      db,
      actor,
      now,
      (tx) => insertUser(tx, { email: person.email, name: person.name, role: 'manager', passwordHash }),
      (user) => ({ action: 'user.created', targetType: 'user', targetId: user.id, after: { role: 'manager', via: 'company sign-in' } }),
    );
    return { account: made };
  } catch (error) {
    // Made by a sign-in of the same person a moment ago: that account is the one.
    const raced = error instanceof AppError ? await findUserByEmail(db, person.email) : undefined;
    if (raced) return { account: raced };
    throw error;
  }
}

/**
 * The agent with this email, when it may sign in. Without one, an agent is made as the sign-up mode allows: open makes
 * an active agent, approval a pending one (which waits); invitation-only and closed make none.
 */
export async function agentAccountForSso(
  db: Db,
  person: SsoPerson,
  origin: Pick<AuditActor, 'ip' | 'userAgent'>,
  now: Date,
  defaultMode: SignUpMode,
): Promise<SsoOutcome<AgentRow>> {
  let agent = await findAgentByEmail(db, person.email);
  if (!agent) {
    const mode = await readSignUpMode(db, defaultMode);
    if (mode !== 'open' && mode !== 'approval') return { refused: 'sign_up_closed' };
    const passwordHash = await person.unusablePasswordHash();
    try {
      await registerAgent(
        db,
        { email: person.email, firstName: person.firstName, lastName: person.lastName, position: 'Sales agent', passwordHash },
        now,
        defaultMode,
        origin,
      );
    } catch (error) {
      // The mode changed to invitation-only or closed between the two reads.
      if (error instanceof AppError) return { refused: 'sign_up_closed' };
      throw error;
    }
    agent = await findAgentByEmail(db, person.email);
    // No agent made: the address belongs to an owner or a manager.
    if (!agent) return { refused: 'sign_up_closed' };
  }
  if (agent.status === 'pending') return { refused: 'awaiting_approval' };
  if (agent.status === 'inactive') return { refused: 'inactive' };
  return { account: agent };
}
