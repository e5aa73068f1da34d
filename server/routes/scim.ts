import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SCIM_PREFIX, scimGroupInput, scimListQuery, scimPatchInput, scimResourceQuery, scimUserInput, type ScimResourceQuery } from '../../contract/scim';
import type { AppContext } from '../app-context';
import { actorOf } from '../auth/audit-actor';
import { requireScimToken } from '../auth/permissions';
import { classifyDatabaseFailure } from '../db/errors';
import { deleteTeam } from '../db/operations/delete-team';
import { createScimGroup } from '../db/operations/scim-create-group';
import { deprovisionScimAgent } from '../db/operations/scim-deprovision-agent';
import { provisionScimAgent } from '../db/operations/scim-provision-agent';
import { updateScimAgent } from '../db/operations/scim-update-agent';
import { updateScimGroup } from '../db/operations/scim-update-group';
import { findScimGroup, findScimUser, listScimGroups, listScimUsers } from '../db/queries/scim';
import { text } from '../../contract/i18n';
import { notFound } from '../domain/errors';
import { messages } from './messages';
import type { TeamScope } from '../domain/team-scope';
import { resourceTypes, schemaDocuments, serviceProviderConfig } from '../domain/scim/discovery';
import { invalidSyntax } from '../domain/scim/errors';
import { parseGroupFilter, parseUserFilter } from '../domain/scim/filter';
import { parseGroupPatch, resolveGroupPatch, scimGroupChangeOfInput } from '../domain/scim/groups';
import { projected, scimGroupOf, scimListOf, scimUserOf, wantsMembers } from '../domain/scim/resources';
import { applyUserPatch, parseUserPatch, provisionedAgentOf, scimUserFieldsOfInput } from '../domain/scim/users';
import { parseId, parseInput } from '../http/errors';
import { installScimHttp } from '../http/scim';
import { sendScim } from '../http/scim-errors';

type IdParams = { Params: { id: string } };

/**
 * SCIM 2.0 provisioning at /scim/v2 (RFC 7643, 7644; docs/decisions/0091-scim-provisioning.md), for the company
 * directory holding an API token with the `scim` scope. Users are agents: created active, changed, made inactive
 * (their sessions and streams end at once) and, deleted, made inactive and hidden with their history kept. Groups are
 * teams. Each handler: the token, the input, the domain (server/domain/scim) and one operation, the answer.
 */
export function registerScimRoutes(app: FastifyInstance, ctx: AppContext) {
  void app.register(
    async (scim) => {
      installScimHttp(scim, classifyDatabaseFailure);
      const origin = () => ctx.linkOrigin();
      /** The sessions a deactivation ended: their streams here end now; other instances end theirs at their next check. */
      const endStreams = (endedSessions: string[]) => {
        for (const tokenHash of endedSessions) ctx.live.endSession(tokenHash);
      };
      const answerUser = async (reply: FastifyReply, scope: TeamScope, status: number, id: number, query: ScimResourceQuery) => {
        const row = await findScimUser(ctx.db, scope, id);
        if (!row) throw notFound('User');
        const resource = scimUserOf(row, origin());
        if (status === 201) reply.header('location', resource.meta!.location);
        return sendScim(reply, status, projected(resource, query));
      };
      const answerGroup = async (reply: FastifyReply, scope: TeamScope, status: number, id: number, query: ScimResourceQuery) => {
        const row = await findScimGroup(ctx.db, scope, id, wantsMembers(query));
        if (!row) throw notFound('Group');
        const resource = scimGroupOf(row, origin());
        if (status === 201) reply.header('location', resource.meta!.location);
        return sendScim(reply, status, projected(resource, query));
      };
      // RFC 7644 §3.6: a DELETE carries no body; one that does is a mistake, refused before anything is deleted.
      const refuseBody = (request: FastifyRequest) => {
        if (request.body !== undefined) throw invalidSyntax(text(messages, 'deleteTakesNoBody'));
      };

      scim.get('/ServiceProviderConfig', async (request, reply) => {
        await requireScimToken(ctx, request, reply);
        return sendScim(reply, 200, serviceProviderConfig(origin()));
      });

      scim.get('/ResourceTypes', async (request, reply) => {
        await requireScimToken(ctx, request, reply);
        const types = resourceTypes(origin());
        return sendScim(reply, 200, scimListOf(types, types.length, 1));
      });

      scim.get<IdParams>('/ResourceTypes/:id', async (request, reply) => {
        await requireScimToken(ctx, request, reply);
        const found = resourceTypes(origin()).find((type) => type.id === request.params.id);
        if (!found) throw notFound('Resource type');
        return sendScim(reply, 200, found);
      });

      scim.get('/Schemas', async (request, reply) => {
        await requireScimToken(ctx, request, reply);
        const schemas = schemaDocuments(origin());
        return sendScim(reply, 200, scimListOf(schemas, schemas.length, 1));
      });

      scim.get<IdParams>('/Schemas/:id', async (request, reply) => {
        await requireScimToken(ctx, request, reply);
        const found = schemaDocuments(origin()).find((schema) => schema.id.toLowerCase() === request.params.id.toLowerCase());
        if (!found) throw notFound('Schema');
        return sendScim(reply, 200, found);
      });

      scim.get('/Users', async (request, reply) => {
        const { scope } = await requireScimToken(ctx, request, reply);
        const query = parseInput(scimListQuery, request.query);
        const filter = query.filter === undefined ? undefined : parseUserFilter(query.filter);
        const page = await listScimUsers(ctx.db, scope, filter, query);
        const resources = page.rows.map((row) => projected(scimUserOf(row, origin()), query));
        return sendScim(reply, 200, scimListOf(resources, page.total, query.startIndex));
      });

      scim.post('/Users', async (request, reply) => {
        const { caller, scope } = await requireScimToken(ctx, request, reply);
        const query = parseInput(scimResourceQuery, request.query);
        const fields = scimUserFieldsOfInput(parseInput(scimUserInput, request.body));
        const made = await provisionScimAgent(ctx.db, provisionedAgentOf(fields), fields.active, actorOf(request, caller), ctx.now());
        endStreams(made.endedSessions);
        request.log.info({ agentId: made.id, created: made.created }, 'scim user provisioned');
        return answerUser(reply, scope, 201, made.id, query);
      });

      scim.get<IdParams>('/Users/:id', async (request, reply) => {
        const { scope } = await requireScimToken(ctx, request, reply);
        const id = parseId(request.params.id, 'User');
        return answerUser(reply, scope, 200, id, parseInput(scimResourceQuery, request.query));
      });

      scim.put<IdParams>('/Users/:id', async (request, reply) => {
        const { caller, scope } = await requireScimToken(ctx, request, reply);
        const id = parseId(request.params.id, 'User');
        const query = parseInput(scimResourceQuery, request.query);
        const input = parseInput(scimUserInput, request.body);
        const { endedSessions } = await updateScimAgent(ctx.db, id, (current) => scimUserFieldsOfInput(input, current.active), actorOf(request, caller), ctx.now());
        endStreams(endedSessions);
        return answerUser(reply, scope, 200, id, query);
      });

      scim.patch<IdParams>('/Users/:id', async (request, reply) => {
        const { caller, scope } = await requireScimToken(ctx, request, reply);
        const id = parseId(request.params.id, 'User');
        const query = parseInput(scimResourceQuery, request.query);
        const steps = parseUserPatch(parseInput(scimPatchInput, request.body).Operations);
        const { endedSessions } = await updateScimAgent(ctx.db, id, (current) => applyUserPatch(id, current, steps), actorOf(request, caller), ctx.now());
        endStreams(endedSessions);
        return answerUser(reply, scope, 200, id, query);
      });

      scim.delete<IdParams>('/Users/:id', async (request, reply) => {
        const { caller } = await requireScimToken(ctx, request, reply);
        const id = parseId(request.params.id, 'User');
        refuseBody(request);
        const { endedSessions } = await deprovisionScimAgent(ctx.db, id, actorOf(request, caller), ctx.now());
        endStreams(endedSessions);
        request.log.info({ agentId: id }, 'scim user deprovisioned');
        return reply.status(204).send();
      });

      scim.get('/Groups', async (request, reply) => {
        const { scope } = await requireScimToken(ctx, request, reply);
        const query = parseInput(scimListQuery, request.query);
        const filter = query.filter === undefined ? undefined : parseGroupFilter(query.filter);
        const page = await listScimGroups(ctx.db, scope, filter, query, wantsMembers(query));
        const resources = page.rows.map((row) => projected(scimGroupOf(row, origin()), query));
        return sendScim(reply, 200, scimListOf(resources, page.total, query.startIndex));
      });

      scim.post('/Groups', async (request, reply) => {
        const { caller, scope } = await requireScimToken(ctx, request, reply);
        const query = parseInput(scimResourceQuery, request.query);
        const group = scimGroupChangeOfInput(parseInput(scimGroupInput, request.body));
        const id = await createScimGroup(ctx.db, group, actorOf(request, caller), ctx.now());
        return answerGroup(reply, scope, 201, id, query);
      });

      scim.get<IdParams>('/Groups/:id', async (request, reply) => {
        const { scope } = await requireScimToken(ctx, request, reply);
        const id = parseId(request.params.id, 'Group');
        return answerGroup(reply, scope, 200, id, parseInput(scimResourceQuery, request.query));
      });

      scim.put<IdParams>('/Groups/:id', async (request, reply) => {
        const { caller, scope } = await requireScimToken(ctx, request, reply);
        const id = parseId(request.params.id, 'Group');
        const query = parseInput(scimResourceQuery, request.query);
        const group = scimGroupChangeOfInput(parseInput(scimGroupInput, request.body));
        await updateScimGroup(ctx.db, id, group, actorOf(request, caller), ctx.now());
        return answerGroup(reply, scope, 200, id, query);
      });

      scim.patch<IdParams>('/Groups/:id', async (request, reply) => {
        const { caller, scope } = await requireScimToken(ctx, request, reply);
        const id = parseId(request.params.id, 'Group');
        const query = parseInput(scimResourceQuery, request.query);
        const change = resolveGroupPatch(id, parseGroupPatch(parseInput(scimPatchInput, request.body).Operations));
        await updateScimGroup(ctx.db, id, change, actorOf(request, caller), ctx.now());
        return answerGroup(reply, scope, 200, id, query);
      });

      scim.delete<IdParams>('/Groups/:id', async (request, reply) => {
        const { caller } = await requireScimToken(ctx, request, reply);
        const id = parseId(request.params.id, 'Group');
        refuseBody(request);
        // As the owner deletes a team: its agents are in no team any more, their history stays.
        await deleteTeam(ctx.db, id, actorOf(request, caller), ctx.now());
        return reply.status(204).send();
      });
    },
    { prefix: SCIM_PREFIX },
  );
}
