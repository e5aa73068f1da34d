import type { FastifyInstance } from 'fastify';
import {
  agentBadgeList,
  badgeRule,
  createBadgeRuleInput,
  updateBadgeRuleInput,
  type AgentBadgeList,
  type BadgeCredential,
  type BadgeRule,
  type BadgeRuleList,
  type JsonWebKeySet,
} from '../../contract/badges';
import type { AppContext } from '../app-context';
import { userActor } from '../auth/audit-actor';
import { requireAgent, requireAgentSelfOrStaff, requireAnyIdentity, requireOwner } from '../auth/permissions';
import { createBadgeRule, updateBadgeRule } from '../db/operations/save-badge-rule';
import { findAgentById } from '../db/queries/agents';
import { badgeRuleOut, findAgentBadge, findBadgeRule, listAgentBadges, listBadgeRules } from '../db/queries/badges';
import { badgeSigningKey } from '../db/queries/signing-key';
import { badgeCredential, publicJwkOf, signCredential } from '../domain/badge-credentials';
import { findMetric } from '../db/queries/metrics';
import { listTierSettings } from '../db/queries/tier-settings';
import { text } from '../../contract/i18n';
import { invalid, notFound } from '../domain/errors';
import { messages } from './messages';
import { parseId, parseInput } from '../http/errors';

/** Achievements (docs/decisions/0078-achievements.md): the badge rules, and the badges agents hold. */
export function registerBadgeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/badges', async (request, reply): Promise<BadgeRuleList> => {
    const identity = await requireAnyIdentity(ctx, request, reply, 'read');
    // Agents see the badges they can earn; staff every rule, with how many hold it.
    const staff = identity.agent === undefined;
    return { badges: (await listBadgeRules(ctx.db, !staff)).map((rule) => badgeRuleOut(rule, staff)) };
  });

  app.post('/api/badges', async (request, reply): Promise<BadgeRule> => {
    const owner = await requireOwner(ctx, request, reply);
    const input = parseInput(createBadgeRuleInput, request.body);
    if (input.params.metric !== undefined) {
      const metric = await findMetric(ctx.db, input.params.metric);
      if (!metric) throw invalid(text(messages, 'badgeNoMetric', { metric: input.params.metric }), 'params.metric');
    }
    if (input.params.tierId !== undefined && !(await listTierSettings(ctx.db)).some((tier) => tier.id === input.params.tierId)) {
      throw invalid(text(messages, 'badgeNoTier', { tierId: String(input.params.tierId) }), 'params.tierId');
    }
    const id = await createBadgeRule(ctx.db, { kind: input.kind, name: input.name, description: input.description, params: input.params, active: input.active }, userActor(request, owner), ctx.now());
    reply.code(201);
    return badgeRule.parse(badgeRuleOut((await findBadgeRule(ctx.db, id))!, true));
  });

  app.patch<{ Params: { id: string } }>('/api/badges/:id', async (request, reply): Promise<BadgeRule> => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Badge');
    const input = parseInput(updateBadgeRuleInput, request.body);
    await updateBadgeRule(
      ctx.db,
      id,
      {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      },
      userActor(request, owner),
      ctx.now(),
    );
    const rule = await findBadgeRule(ctx.db, id);
    if (!rule) throw notFound('Badge');
    return badgeRuleOut(rule, true);
  });

  app.get<{ Params: { id: string } }>('/api/agents/:id/badges', async (request, reply): Promise<AgentBadgeList> => {
    const agentId = parseId(request.params.id, 'Agent');
    await requireAgentSelfOrStaff(ctx, request, reply, agentId);
    if (!(await findAgentById(ctx.db, agentId))) throw notFound('Agent');
    return agentBadgeList.parse({ badges: await listAgentBadges(ctx.db, agentId) });
  });

  app.get('/api/agents/me/badges', async (request, reply): Promise<AgentBadgeList> => {
    const agent = await requireAgent(ctx, request, reply);
    return { badges: await listAgentBadges(ctx.db, agent.id) };
  });

  // A badge as an Open Badges 3.0 credential, signed with the organisation's key: it leaves with its holder.
  app.get<{ Params: { id: string } }>('/api/agents/me/badges/:id/credential', async (request, reply): Promise<BadgeCredential> => {
    const agent = await requireAgent(ctx, request, reply);
    const badge = await findAgentBadge(ctx.db, agent.id, parseId(request.params.id, 'Badge'));
    if (!badge) throw notFound('Badge');
    const { privateKey, publicKey } = await badgeSigningKey(ctx.db);
    const credential = badgeCredential(
      {
        badgeId: badge.id,
        ruleId: badge.ruleId,
        name: badge.name,
        description: badge.description,
        detail: badge.detail,
        awardedAt: new Date(badge.awardedAt),
        email: badge.email,
        holderName: badge.agentName,
      },
      { origin: ctx.linkOrigin(), name: ctx.organisation.current().orgName },
    );
    return { jwt: signCredential(credential, privateKey, publicJwkOf(publicKey).kid), credential };
  });

  // The public half of the key that signs badge credentials: anyone verifies them with it, offline.
  app.get('/.well-known/jwks.json', async (_request, reply): Promise<JsonWebKeySet> => {
    const { publicKey } = await badgeSigningKey(ctx.db);
    // Public and the same for months: verifiers and proxies may keep it for an hour.
    reply.header('cache-control', 'public, max-age=3600');
    return { keys: [publicJwkOf(publicKey)] };
  });
}
