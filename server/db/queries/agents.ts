import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { UNIQUE_VIOLATION, pgErrorCode } from '../errors';
import { agents } from '../schema';

export interface NewAgent {
  email: string;
  name: string;
  firstName?: string | null;
  lastName?: string | null;
  position: string;
  passwordHash: string;
}

export type AgentRow = typeof agents.$inferSelect;

export class EmailTakenError extends Error {
  constructor() {
    super('An account with this email already exists');
  }
}

/** Inserts an agent; the email is stored trimmed and lower-case. Throws EmailTakenError when it is taken. */
export async function insertAgent(db: Db, agent: NewAgent): Promise<AgentRow> {
  try {
    const [row] = await db
      .insert(agents)
      .values({ ...agent, email: agent.email.trim().toLowerCase() })
      .returning();
    return row!;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new EmailTakenError();
    throw error;
  }
}

export async function findAgentByEmail(db: Db, email: string): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(agents).where(eq(agents.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findAgentById(db: Db, id: number): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(agents).where(eq(agents.id, id)).limit(1);
  return row;
}
