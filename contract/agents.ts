import { z } from 'zod';
import { newPasswordField } from './auth';
import { displayName, emailField, idField, queryInteger, storableText } from './fields';
import { AGENT_PAGE_SIZE, AGENT_PAGE_SIZE_MAX, AGENT_SEARCH_MAX, PAGE_OFFSET_MAX } from './limits';
import { moneyString } from './money';

/**
 * An agent's status. pending: registered while sign-up needs approval; cannot sign in until the owner approves.
 * inactive: made inactive by the owner; cannot sign in, is left off the boards, keeps its history.
 */
export const agentStatuses = ['active', 'pending', 'inactive'] as const;
export type AgentStatus = (typeof agentStatuses)[number];

/** An agent as the owner dashboard sees it (docs/product.md §12.4). Money as two-decimal strings. */
export const agentSummary = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  position: z.string(),
  status: z.enum(agentStatuses),
  totalIncome: moneyString,
  weeklyIncome: moneyString,
  monthlyIncome: moneyString,
  yearlyIncome: moneyString,
  totalEntries: z.number(),
});
export type AgentSummary = z.infer<typeof agentSummary>;

export { AGENT_PAGE_SIZE, AGENT_PAGE_SIZE_MAX, AGENT_SEARCH_MAX } from './limits';


/**
 * The query of GET /api/agents and GET /api/owner/leaderboard: a page (offset, limit) of the agents whose name or
 * email contains `search` (case-insensitive; empty means everyone), of one team when `team` is given (a manager who
 * leads teams: one of theirs). Other query parameters are ignored.
 */
export const agentListQuery = z.object({
  team: idField('team must be a team id').optional(),
  offset: queryInteger('offset', 0, PAGE_OFFSET_MAX, 0),
  limit: queryInteger('limit', 1, AGENT_PAGE_SIZE_MAX, AGENT_PAGE_SIZE),
  search: storableText(
    z
      .string({ error: 'search must be text' })
      .trim()
      .max(AGENT_SEARCH_MAX, `search must be at most ${AGENT_SEARCH_MAX} characters`),
    'search',
  )
    .optional()
    .transform((text) => text || undefined),
});
export type AgentListQuery = z.output<typeof agentListQuery>;
export type AgentListParams = z.input<typeof agentListQuery>;

/** A page of a list of agents: the page's agents, every match counted in `total`, and where the page starts. */
export const agentPageOf = <T extends z.ZodType>(agent: T) =>
  z.object({ agents: z.array(agent), total: z.number(), offset: z.number(), limit: z.number() });

/** GET /api/agents (owner and manager): agents sorted by name, a page at a time; total counts every match. */
export const agentPage = agentPageOf(agentSummary);
export type AgentPage = z.infer<typeof agentPage>;

/** POST /api/agents (owner only): an agent who can sign in at once. */
export const createAgentInput = z.object({
  name: displayName('Name is required', 100, 'Name'),
  position: displayName('Position is required', 100, 'Position'),
  email: emailField,
  password: newPasswordField,
});
export type CreateAgentInput = z.input<typeof createAgentInput>;

/**
 * PATCH /api/agents/{id} (owner): `active` false makes the agent inactive (it cannot sign in, its sessions end, it
 * leaves the boards and live streams, its history stays); true makes it active again. A pending agent is approved
 * instead (POST /api/agents/{id}/approve).
 */
export const updateAgentInput = z
  .object({
    active: z.boolean({ error: 'active must be true or false' }),
  })
  .strict();
export type UpdateAgentInput = z.infer<typeof updateAgentInput>;

/** PATCH /api/agents/{id} on an agent waiting for approval. */
export const AGENT_PENDING_APPROVAL = 'This agent is waiting for approval: approve it instead';
/** A password link asked for an agent who is not active. */
export const NO_LINK_FOR_INACTIVE = 'This agent is not active: make it active again before making a password link';
