import { z } from 'zod';
import { agentStatuses } from './agents';
import { calendarDay, displayName, idField } from './fields';
import { render, text, zodText } from './i18n';
import { LEADERBOARD_PERIODS, metricParam, periodRange } from './insight';
import { messages } from './messages';
import { moneyString } from './money';

// Teams (docs/product.md §12.16, issue 18): the owner groups agents (each in at most one team) under managers. A manager who leads
// teams reads only their agents everywhere; a manager who leads none reads every agent, as before.

export const TEAM_NAME_MAX = 60;
/** The most managers or agents one request may name. */
export const TEAM_MEMBERS_MAX = 10_000;

/**
 * A manager reading an agent outside the teams they lead (any route naming the agent). The *_TEXT constants are what
 * the server answers, in the reader's language; the others their English, as API clients and tests compare it.
 */
export const OUTSIDE_YOUR_TEAMS_TEXT = text(messages, 'outsideYourTeams');
export const OUTSIDE_YOUR_TEAMS = String(OUTSIDE_YOUR_TEAMS_TEXT);
/** A manager asking for a board of a team they do not lead. */
export const NOT_YOUR_TEAM_TEXT = text(messages, 'notYourTeam');
export const NOT_YOUR_TEAM = String(NOT_YOUR_TEAM_TEXT);

const idList = (field: 'managerIds' | 'agentIds' | 'addAgentIds' | 'removeAgentIds') =>
  z
    .array(idField(text(messages, 'listOfIds', { field })), zodText(text(messages, 'listOfIds', { field })))
    .max(TEAM_MEMBERS_MAX, zodText(text(messages, 'atMostIds', { field, max: TEAM_MEMBERS_MAX })))
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

const teamName = displayName(text(messages, 'teamNameRequired'), TEAM_NAME_MAX, text(messages, 'teamNameLabel'));

/**
 * POST /api/teams (owner): a team, its managers (manager accounts) and its agents. An agent already in another team
 * moves to this one (an agent is in at most one team).
 */
export const createTeamInput = z
  .object({
    name: teamName,
    managerIds: idList('managerIds').optional().transform((ids) => ids ?? []),
    agentIds: idList('agentIds').optional().transform((ids) => ids ?? []),
  })
  .strict();
export type CreateTeamInput = z.output<typeof createTeamInput>;
export type CreateTeamParams = z.input<typeof createTeamInput>;

/**
 * PATCH /api/teams/{id} (owner): only what the request names changes (docs/decisions/0079-team-membership-edits.md).
 * `name`; `managerIds`, the whole list of its managers; `addAgentIds`, agents who join it (moving from any other team)
 * and `removeAgentIds`, agents who leave it (to no team; one already elsewhere stays where it is): agents named in
 * neither stay where they are, so a rename moves nobody. `agentIds`, the whole list of its agents (those left out
 * leave it, those in another team move here), is for integrations that mean exactly that; it cannot be sent with
 * `addAgentIds` or `removeAgentIds`.
 */
export const updateTeamInput = z
  .object({
    name: teamName.optional(),
    managerIds: idList('managerIds').optional(),
    agentIds: idList('agentIds').optional(),
    addAgentIds: idList('addAgentIds').optional(),
    removeAgentIds: idList('removeAgentIds').optional(),
  })
  .strict()
  .superRefine((input, context) => {
    if (Object.keys(input).length === 0) {
      context.addIssue({ code: 'custom', message: render(text(messages, 'nothingToChangeTeam')) });
    }
    if (input.agentIds && (input.addAgentIds || input.removeAgentIds)) {
      context.addIssue({ code: 'custom', path: ['agentIds'], message: render(text(messages, 'agentIdsOrChanges')) });
    }
    const both = (input.addAgentIds ?? []).filter((id) => input.removeAgentIds?.includes(id));
    if (both.length > 0) {
      context.addIssue({ code: 'custom', path: ['removeAgentIds'], message: render(text(messages, 'joinAndLeave', { ids: both.slice(0, 20).join(', ') })) });
    }
  });
export type UpdateTeamInput = z.output<typeof updateTeamInput>;
export type UpdateTeamParams = z.input<typeof updateTeamInput>;

export const teamMember = z.object({ id: z.number(), name: z.string() });
export const teamAgent = teamMember.extend({ status: z.enum(agentStatuses) });

/** A team as the owner manages it: managers and agents by name. */
export const team = z.object({
  id: z.number(),
  name: z.string(),
  managers: z.array(teamMember),
  agents: z.array(teamAgent),
  createdAt: z.string(),
});
export type Team = z.infer<typeof team>;

/** GET /api/teams: every team for the owner, the teams they lead for a manager; by name. */
export const teamList = z.object({ teams: z.array(team) });
export type TeamList = z.infer<typeof teamList>;

/** GET /api/teams/leaderboard: the board of `period` holding the day `at` (today when absent). */
export const teamBoardQuery = z.object({
  period: z
    .enum(LEADERBOARD_PERIODS, zodText(text(messages, 'mustBeOneOf', { field: 'period', options: LEADERBOARD_PERIODS.join(', ') })))
    .optional()
    .transform((value) => value ?? 'month'),
  at: calendarDay('at').optional(),
  metric: metricParam,
});
export type TeamBoardParams = z.input<typeof teamBoardQuery>;

/**
 * One team on the team-against-team board: its income in the period (its active agents'), how many active agents it
 * has, and the income per agent (rounded to the cent; 0.00 for a team with none). Ranked by income; equal incomes
 * share a rank.
 */
export const teamStanding = z.object({
  rank: z.number(),
  teamId: z.number(),
  name: z.string(),
  agents: z.number(),
  income: moneyString,
  average: moneyString,
});
export type TeamStanding = z.infer<typeof teamStanding>;

/**
 * Whose teams a board ranks: `organisation`, every team (the owner, a manager who leads no team, a read token);
 * `led-teams`, only the teams the reader leads, ranked among themselves: a one-agent team's income is that agent's, so
 * a manager who leads teams sees no other team's figures, nor its place (docs/decisions/0036-scope-and-link-rules.md).
 */
export const teamBoardScopes = ['organisation', 'led-teams'] as const;

export const teamBoard = z.object({ period: periodRange, metric: z.string(), scope: z.enum(teamBoardScopes), teams: z.array(teamStanding) });
export type TeamBoard = z.infer<typeof teamBoard>;
