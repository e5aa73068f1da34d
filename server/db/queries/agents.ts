import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AgentSummary } from '../../../contract/agents';
import type { PeriodStarts } from '../../domain/periods';
import type { Db } from '../client';
import { UNIQUE_VIOLATION, pgErrorCode } from '../errors';
import { agentPeriodTotals, agents } from '../schema';

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

/** An agent with no income yet, as the owner dashboard shows it. */
export function toNewAgentSummary(row: AgentRow): AgentSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    position: row.position,
    totalIncome: row.totalIncome,
    weeklyIncome: '0.00',
    monthlyIncome: '0.00',
    yearlyIncome: '0.00',
    totalEntries: row.totalEntries,
  };
}

const weekly = alias(agentPeriodTotals, 'weekly');
const monthly = alias(agentPeriodTotals, 'monthly');
const yearly = alias(agentPeriodTotals, 'yearly');

type PeriodTotals = typeof weekly | typeof monthly | typeof yearly;

/** A period's income, "0.00" when the agent has no roll-up row for it. */
const periodIncome = (table: PeriodTotals) => sql<string>`coalesce(${table.income}, 0)::numeric(14,2)`;

/**
 * Every agent with its running total and entry count and its income in the given week, month and year, read
 * from the roll-ups kept with each entry (one primary-key row per agent and period): income entries are never
 * scanned. Sorted by name, or by monthly income (highest first) for the leaderboard; ties by name, then id.
 */
export async function listAgentSummaries(db: Db, periods: PeriodStarts, sortBy: 'name' | 'monthlyIncome'): Promise<AgentSummary[]> {
  const joinPeriod = (table: PeriodTotals, kind: 'week' | 'month' | 'year') =>
    and(eq(table.agentId, agents.id), eq(table.periodKind, kind), eq(table.periodStart, periods[kind]));
  const monthlyIncome = periodIncome(monthly);
  return db
    .select({
      id: agents.id,
      name: agents.name,
      email: agents.email,
      position: agents.position,
      totalIncome: agents.totalIncome,
      weeklyIncome: periodIncome(weekly),
      monthlyIncome,
      yearlyIncome: periodIncome(yearly),
      totalEntries: agents.totalEntries,
    })
    .from(agents)
    .leftJoin(weekly, joinPeriod(weekly, 'week'))
    .leftJoin(monthly, joinPeriod(monthly, 'month'))
    .leftJoin(yearly, joinPeriod(yearly, 'year'))
    .orderBy(...(sortBy === 'name' ? [] : [desc(monthlyIncome)]), asc(agents.name), asc(agents.id));
}

/**
 * Deletes an agent. Its income entries, period roll-ups, achievements, sessions and reward claims go with it
 * (foreign keys ON DELETE CASCADE) in the same statement, hence the same transaction. False when there was none.
 */
export async function deleteAgent(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(agents).where(eq(agents.id, id)).returning({ id: agents.id });
  return rows.length > 0;
}
