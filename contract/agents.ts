import { z } from 'zod';
import { emailField, newPasswordField } from './auth';
import { moneyString } from './money';

/** An agent as the owner dashboard sees it (spec section 3). Money as two-decimal strings. */
export const agentSummary = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  position: z.string(),
  totalIncome: moneyString,
  weeklyIncome: moneyString,
  monthlyIncome: moneyString,
  yearlyIncome: moneyString,
  totalEntries: z.number(),
});
export type AgentSummary = z.infer<typeof agentSummary>;

/** POST /api/agents (owner only): an agent who can sign in at once. */
export const createAgentInput = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Must be at most 100 characters')
    // PostgreSQL text cannot hold U+0000; refuse it here rather than fail in the database.
    .refine((text) => !text.includes('\u0000'), 'Name must not contain NUL characters'),
  position: z
    .string({ error: 'Position is required' })
    .trim()
    .min(1, 'Position is required')
    .max(100, 'Must be at most 100 characters')
    .refine((text) => !text.includes('\u0000'), 'Position must not contain NUL characters'),
  email: emailField,
  password: newPasswordField,
});
export type CreateAgentInput = z.input<typeof createAgentInput>;
