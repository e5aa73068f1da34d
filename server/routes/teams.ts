import type { FastifyInstance } from 'fastify';
import { createTeamInput, teamBoardQuery, updateTeamInput, type TeamBoard, type TeamList } from '../../contract/teams';
import type { AppContext } from '../app-context';
import { requireOwner, requireStaffReader } from '../auth/permissions';
import { createTeam } from '../db/operations/create-team';
import { deleteTeam } from '../db/operations/delete-team';
import { updateTeam } from '../db/operations/update-team';
import { boardMetricOf } from '../db/queries/metrics';
import { listTeams, readTeamBoard } from '../db/queries/teams';
import { boardPeriodOf } from '../domain/periods';
import { scopeIsEveryAgent } from '../domain/team-scope';
import { userActor } from '../auth/audit-actor';
import { parseId, parseInput } from '../http/errors';

type IdParams = { Params: { id: string } };

/**
 * Teams (docs/product.md §12.16, docs/decisions/0032-teams.md): the owner makes and changes them; owners, managers and read tokens
 * read them (a manager who leads teams, only theirs) and the team-against-team board.
 */
export function registerTeamRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/teams', async (request, reply): Promise<TeamList> => {
    const { scope } = await requireStaffReader(ctx, request, reply);
    return { teams: await listTeams(ctx.db, scope) };
  });

  app.post('/api/teams', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const input = parseInput(createTeamInput, request.body);
    return reply.status(201).send(await createTeam(ctx.db, input, userActor(request, owner), ctx.now()));
  });

  app.patch<IdParams>('/api/teams/:id', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Team');
    const input = parseInput(updateTeamInput, request.body);
    return updateTeam(ctx.db, id, input, userActor(request, owner), ctx.now());
  });

  app.delete<IdParams>('/api/teams/:id', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Team');
    await deleteTeam(ctx.db, id, userActor(request, owner), ctx.now());
    return reply.status(204).send();
  });

  // Each team's income and income per agent. A one-agent team's income is that agent's, so a manager who leads teams
  // reads only those teams, ranked among themselves, like every other read (docs/decisions/0036-scope-and-link-rules.md).
  app.get('/api/teams/leaderboard', async (request, reply): Promise<TeamBoard> => {
    const { scope } = await requireStaffReader(ctx, request, reply);
    const query = parseInput(teamBoardQuery, request.query);
    const metric = await boardMetricOf(ctx.db, query.metric);
    const { range, period } = boardPeriodOf(query.period, query.at, ctx.now(), ctx.config.orgTimezone);
    const teams = await readTeamBoard(ctx.db, period, scope, metric);
    return { period: range, metric: query.metric, scope: scopeIsEveryAgent(scope) ? 'organisation' : 'led-teams', teams };
  });
}
