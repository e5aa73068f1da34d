import type { FastifyInstance } from 'fastify';
import { agentListQuery, createAgentInput, updateAgentInput, type AgentPage } from '../../contract/agents';
import type { AgentDetail } from '../../contract/insight';
import { editAgent } from '../db/operations/edit-agent';
import { setAgentActive } from '../db/operations/set-agent-active';
import { readAgentDetail } from '../db/queries/boards';
import { notFound } from '../domain/errors';
import type { AppContext } from '../app-context';
import { narrowToTeam } from '../auth/team-scope';
import { assertPasswordNotCommon } from '../domain/password-policy';
import { hashPassword } from '../auth/passwords';
import { requireOwner, requireOwnerOrToken, requireOwnerReader, requireStaffReader } from '../auth/permissions';
import { requireRecentPassword } from '../auth/sessions';
import { deleteAgent } from '../db/operations/delete-agent';
import { insertAgent } from '../db/operations/insert-agent';
import { listAgentPage, toNewAgentSummary } from '../db/queries/agents';
import { periodStartsOf } from '../domain/periods';
import { parseId, parseInput } from '../http/errors';
import { actorOf, userActor } from '../auth/audit-actor';
import { audited } from '../db/audit';

type IdParams = { Params: { id: string } };

/**
 * The owner's agent management (docs/product.md §12.4, §12.5): list (paged, with search) for owners, managers and
 * `read` tokens, add for owners and `agents:write` tokens, edit and make inactive or active again for owners, delete for owners
 * (with their password: never a token).
 */
export function registerAgentRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/agents', async (request, reply): Promise<AgentPage> => {
    const reader = await requireStaffReader(ctx, request, reply);
    const query = parseInput(agentListQuery, request.query);
    const page = await listAgentPage(ctx.db, periodStartsOf(ctx.now(), ctx.config.orgTimezone), query, narrowToTeam(reader.scope, query.team));
    return { ...page, offset: query.offset, limit: query.limit };
  });

  app.post('/api/agents', async (request, reply) => {
    const caller = await requireOwnerOrToken(ctx, request, reply, 'agents:write');
    const { password, ...agent } = parseInput(createAgentInput, request.body);
    assertPasswordNotCommon(password);
    const passwordHash = await hashPassword(password);
    const row = await audited(
      ctx.db,
      actorOf(request, caller),
      ctx.now(),
      (tx) => insertAgent(tx, { ...agent, passwordHash }),
      (made) => ({ action: 'agent.created', targetType: 'agent', targetId: made.id, after: { position: made.position, status: made.status } }),
    );
    return reply.status(201).send(toNewAgentSummary(row));
  });

  // Deactivation (docs/product.md §12.16): reversible, so no password is asked; the sessions it ends close their streams at
  // once. Or an edit of the agent's name, email, position or team (docs/product.md §11.8).
  app.patch<IdParams>('/api/agents/:id', async (request, reply): Promise<AgentDetail['agent']> => {
    const { owner, scope } = await requireOwnerReader(ctx, request, reply);
    const id = parseId(request.params.id, 'Agent');
    const { active, ...edit } = parseInput(updateAgentInput, request.body);
    if (active === undefined) {
      await editAgent(ctx.db, id, edit, userActor(request, owner), ctx.now());
    } else {
      const { endedSessions } = await setAgentActive(ctx.db, id, active, userActor(request, owner), ctx.now());
      for (const tokenHash of endedSessions) ctx.live.endSession(tokenHash);
    }
    const detail = await readAgentDetail(ctx.db, periodStartsOf(ctx.now(), ctx.config.orgTimezone), id, scope);
    if (!detail) throw notFound('Agent');
    return detail.agent;
  });

  app.delete<IdParams>('/api/agents/:id', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Agent');
    await requireRecentPassword(ctx, request, 'user');
    // The agent's personal data goes; the trail keeps that agent N was deleted, by whom.
    await audited(ctx.db, userActor(request, owner), ctx.now(), (tx) => deleteAgent(tx, id), () => ({ action: 'agent.deleted', targetType: 'agent', targetId: id }));
    return reply.status(204).send();
  });
}
