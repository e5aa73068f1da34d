import { z } from 'zod';
import { newPasswordField } from './auth';
import { displayName, emailField, idField, queryInteger, storableText } from './fields';
import { render, text, zodText } from './i18n';
import { AGENT_PAGE_SIZE, AGENT_PAGE_SIZE_MAX, AGENT_SEARCH_MAX, PAGE_OFFSET_MAX } from './limits';
import { messages } from './messages';
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
  team: idField(text(messages, 'mustBeTeamId', { field: 'team' })).optional(),
  offset: queryInteger('offset', 0, PAGE_OFFSET_MAX, 0),
  limit: queryInteger('limit', 1, AGENT_PAGE_SIZE_MAX, AGENT_PAGE_SIZE),
  search: storableText(
    z
      .string(zodText(text(messages, 'mustBeTextNamed', { field: 'search' })))
      .trim()
      .max(AGENT_SEARCH_MAX, zodText(text(messages, 'atMostCharactersNamed', { field: 'search', max: AGENT_SEARCH_MAX }))),
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

/** The team an agent is in, as lists name it. */
export const agentTeamRef = z.object({ id: z.number(), name: z.string() });

/**
 * The highest tier an agent has reached, with its colour: the achievement record (docs/product.md §9.3), as the
 * agents export's `currentTier` and the agent's page show it; a later deduction does not take it away.
 */
export const agentTierRef = z.object({ name: z.string(), color: z.string() });

/** An agent on the agents list: its summary, its team (null: in none) and its highest tier reached (null: none yet). */
export const agentListItem = agentSummary.extend({ team: agentTeamRef.nullable(), tier: agentTierRef.nullable() });
export type AgentListItem = z.infer<typeof agentListItem>;

/** GET /api/agents (owner and manager): agents sorted by name, a page at a time; total counts every match. */
export const agentPage = agentPageOf(agentListItem);
export type AgentPage = z.infer<typeof agentPage>;

/** POST /api/agents (owner only): an agent who can sign in at once. */
export const createAgentInput = z.object({
  name: displayName(text(messages, 'nameRequired'), 100, text(messages, 'nameLabel')),
  position: displayName(text(messages, 'positionRequired'), 100, text(messages, 'positionLabel')),
  email: emailField,
  password: newPasswordField,
});
export type CreateAgentInput = z.input<typeof createAgentInput>;

/**
 * What the owner may change of an agent (PATCH /api/agents/{id}, the "Edit agent" dialog): its name, email and
 * position, checked as on Add Agent, and its team (null: in no team). Only the fields sent change.
 */
export const editAgentFields = z.object({
  name: createAgentInput.shape.name,
  email: emailField,
  position: createAgentInput.shape.position,
  teamId: idField(text(messages, 'teamIdOrNull')).nullable(),
});
export type EditAgentFields = z.input<typeof editAgentFields>;

/**
 * PATCH /api/agents/{id} (owner), one of two kinds of change. `active` alone: false makes the agent inactive (it cannot
 * sign in, its sessions end, it leaves the boards and live streams, its history stays); true makes it active again (a
 * pending agent is approved instead: POST /api/agents/{id}/approve). Or any of `name`, `email`, `position` and
 * `teamId` (editAgentFields): an edit, allowed whatever the agent's status; an email another agent has is a 409.
 */
export const updateAgentInput = editAgentFields
  .partial()
  .extend({ active: z.boolean(zodText(text(messages, 'mustBeTrueOrFalse', { field: 'active' }))).optional() })
  .strict()
  .superRefine((input, context) => {
    const edits = Object.keys(input).filter((key) => key !== 'active');
    if (input.active === undefined && edits.length === 0) {
      context.addIssue({ code: 'custom', message: render(text(messages, 'nothingToChangeAgent')) });
    } else if (input.active !== undefined && edits.length > 0) {
      context.addIssue({ code: 'custom', message: render(text(messages, 'sendActiveAlone')) });
    }
  });
export type UpdateAgentInput = z.output<typeof updateAgentInput>;
export type UpdateAgentParams = z.input<typeof updateAgentInput>;

/** PATCH /api/agents/{id} on an agent waiting for approval (AGENT_PENDING_APPROVAL: the English, as tests compare it). */
export const AGENT_PENDING_APPROVAL_TEXT = text(messages, 'agentPendingApproval');
export const AGENT_PENDING_APPROVAL = String(AGENT_PENDING_APPROVAL_TEXT);
/** A password link asked for an agent who is not active (NO_LINK_FOR_INACTIVE: the English). */
export const NO_LINK_FOR_INACTIVE_TEXT = text(messages, 'noLinkForInactive');
export const NO_LINK_FOR_INACTIVE = String(NO_LINK_FOR_INACTIVE_TEXT);
