import { emailHoldersBarringAgent } from '../../domain/agent-emails';
import { emailTaken } from '../../domain/errors';
import type { Db } from '../client';
import { refusedAs, UNIQUE_VIOLATION } from '../errors';
import { appendEvents } from '../events';
import { takenEmails, type AgentRow, type NewAgent } from '../queries/agents';
import { agentCreatedEvent } from '../rule-sql';
import { agents } from '../schema';

/**
 * Inserts an agent the owner makes (POST /api/agents, and the demo agents); the email is stored trimmed and
 * lower-case. An address taken as server/domain/agent-emails.ts says (another agent's; not a staff account's) is a 409.
 */
export async function insertAgent(db: Db, agent: NewAgent): Promise<AgentRow> {
  const email = agent.email.trim().toLowerCase();
  // Other agents' addresses are refused by the unique index, also under concurrent inserts.
  const otherHolders = emailHoldersBarringAgent('owner').filter((holder) => holder !== 'agent');
  return refusedAs(UNIQUE_VIOLATION, emailTaken, () =>
    db.transaction(async (tx) => {
      if ((await takenEmails(tx, [email], otherHolders)).size > 0) throw emailTaken();
      const [row] = await tx
        .insert(agents)
        // An agent the owner makes is active (only a registration waits for approval).
        .values({ ...agent, email, status: 'active' })
        .returning();
      await appendEvents(tx, [agentCreatedEvent(row!.id, { agentId: row!.id, agentName: row!.name, status: 'active' })]);
      return row!;
    }),
  );
}
