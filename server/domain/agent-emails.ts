/** Accounts whose address a new agent may not take: other agents, or the staff (owner and manager accounts). */
export type EmailHolder = 'agent' | 'staff';

/** Who makes an agent: the owner (POST /api/agents, an agent import, the owner's API tokens alike) or the person (sign-up). */
export type AgentMadeBy = 'owner' | 'sign-up';

/**
 * Whose addresses a new agent may not take (docs/decisions/0048-links-and-agent-addresses.md). An agent's address is
 * unique among agents, always. One the owner makes may share its address with a staff account: a manager who also
 * sells is both, the two sign in on different forms, and refusing it would tell an `agents:write` token (which reads
 * no staff data) which addresses the staff use. One who signs up may not: sign-up is open to strangers, who must not
 * make an agent account under a staff member's address (and its answer is the same either way).
 */
export function emailHoldersBarringAgent(madeBy: AgentMadeBy): readonly EmailHolder[] {
  return madeBy === 'owner' ? ['agent'] : ['agent', 'staff'];
}
