import type { AgentStatus } from '../../../contract/agents';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { SignUpMode } from '../../../contract/sign-up';
import { emailHoldersBarringAgent } from '../../domain/agent-emails';
import { assertRegistrationAllowed, invitationInvalid, registrationStatus } from '../../domain/sign-up';
import type { Db } from '../client';
import { appendAudit, type AuditActor } from '../audit';
import { appendEvents } from '../events';
import { agentCreatedEvent } from '../rule-sql';
import { readSignUpMode } from '../queries/sign-up';
import { takenEmails } from '../queries/agents';
import { agents, invitations } from '../schema';

export interface Registration {
  email: string;
  firstName: string;
  lastName: string;
  position: string;
  passwordHash: string;
  invite?: string | undefined;
  /** SHA-256 of `invite`, as invitations are stored. */
  inviteHash?: string | undefined;
}

/**
 * Registers an agent as the sign-up mode allows (server/domain/sign-up.ts). An email that already belongs to an
 * agent, an owner or a manager creates nothing and is not reported: the caller answers the same either way, so
 * registration does not tell who has an account. An invitation is used up only when an account is made with it.
 * Returns the mode, and the new agent's id and status when one was made.
 */
export async function registerAgent(
  db: Db,
  registration: Registration,
  now: Date,
  defaultMode: SignUpMode,
  /** Where the request came from, for the audit trail (the new agent is its actor). */
  origin: Pick<AuditActor, 'ip' | 'userAgent'>,
): Promise<{ mode: SignUpMode; agent?: { id: number; status: AgentStatus } }> {
  return db.transaction(async (tx) => {
    const mode = await readSignUpMode(tx, defaultMode);
    assertRegistrationAllowed(mode, registration.invite);
    const email = registration.email.trim().toLowerCase();

    let invitationId: number | undefined;
    if (mode === 'invite') {
      const [open] = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.tokenHash, registration.inviteHash ?? ''), isNull(invitations.usedAt), gt(invitations.expiresAt, now)))
        .for('update');
      if (!open) throw invitationInvalid();
      invitationId = open.id;
    }

    // Another agent's address is refused by the unique index below; a staff account's by the rule for sign-ups.
    const otherHolders = emailHoldersBarringAgent('sign-up').filter((holder) => holder !== 'agent');
    if ((await takenEmails(tx, [email], otherHolders)).size > 0) return { mode };
    const status = registrationStatus(mode);
    const [agent] = await tx
      .insert(agents)
      .values({
        email,
        // A company sign-in may bring a single name (contract/sso.ts): no trailing space then.
        name: [registration.firstName, registration.lastName].filter((part) => part !== '').join(' '),
        firstName: registration.firstName,
        lastName: registration.lastName,
        position: registration.position,
        passwordHash: registration.passwordHash,
        status,
      })
      .onConflictDoNothing({ target: agents.email })
      .returning({ id: agents.id, status: agents.status, name: agents.name });
    if (!agent) return { mode };
    if (invitationId !== undefined) {
      await tx.update(invitations).set({ usedAt: now, usedBy: agent.id }).where(eq(invitations.id, invitationId));
    }
    await appendAudit(
      tx,
      { kind: 'agent', id: agent.id, name: null, ...origin },
      { action: 'agent.registered', targetType: 'agent', targetId: agent.id, after: { status: agent.status, mode, invited: invitationId !== undefined } },
      now,
    );
    await appendEvents(tx, [agentCreatedEvent(agent.id, { agentId: agent.id, agentName: agent.name, status, via: 'sign-up' })]);
    return { mode, agent: { id: agent.id, status: agent.status } };
  });
}
