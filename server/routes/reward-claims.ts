import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { claimTransitionInput, dashboardClaimInput, portalClaimInput, rewardClaimListQuery, type ClaimCreated } from '../../contract/rewards';
import type { AppContext } from '../app-context';
import { requireAgent, requireRecordingUser } from '../auth/permissions';
import { assertClaimInScope } from '../auth/team-scope';
import { claimTierReward } from '../db/operations/claim-tier-reward';
import { processRewardClaim, transitionRewardClaim } from '../db/operations/transition-reward-claim';
import { listAgentClaims, listRewardClaims } from '../db/queries/reward-claims';
import { text } from '../../contract/i18n';
import { forbidden } from '../domain/errors';
import { messages } from './messages';
import { parseId, parseInput } from '../http/errors';
import { agentActor, userActor } from '../auth/audit-actor';

const claimCreated = (claim: ClaimCreated['claim']): ClaimCreated => ({
  message: 'Your reward claim has been submitted successfully.',
  claim,
});

/** Mark Filled sends no body; a client that still labels its empty request as JSON is not refused for it. */
const ignoreEmptyJsonBody: onRequestHookHandler = (request, _reply, done) => {
  const length = request.headers['content-length'];
  if ((length === undefined || length === '0') && request.headers['transfer-encoding'] === undefined) {
    delete request.headers['content-type'];
  }
  done();
};

export function registerRewardClaimRoutes(app: FastifyInstance, ctx: AppContext) {
  // The agent portal's claim form: the tier is the chosen reward option's tier.
  app.post('/api/rewards/claim', async (request, reply) => {
    const agent = await requireAgent(ctx, request, reply);
    const input = parseInput(portalClaimInput, request.body);
    if (input.agentId !== agent.id) throw forbidden(text(messages, 'claimForYourself'));
    const { agentId: _agentId, rewardId, ...contact } = input;
    const claim = await claimTierReward(ctx.db, {
      agentId: agent.id,
      rewardOptionId: rewardId,
      contact: { ...contact, shippingInstructions: null },
      now: ctx.now(),
      actor: agentActor(request, agent.id),
    });
    return reply.status(201).send(claimCreated(claim));
  });

  // The tier dashboard's claim dialog.
  app.post('/api/agents/claim-reward', async (request, reply) => {
    const agent = await requireAgent(ctx, request, reply);
    const { tierId, rewardOptionId, agentData } = parseInput(dashboardClaimInput, request.body);
    const claim = await claimTierReward(ctx.db, {
      agentId: agent.id,
      tierId,
      rewardOptionId,
      contact: {
        fullName: agentData.name,
        email: agentData.email,
        phone: agentData.phone,
        telegram: null,
        address: agentData.address,
        city: null,
        zipcode: null,
        shippingInstructions: agentData.shippingInfo,
      },
      now: ctx.now(),
      actor: agentActor(request, agent.id),
    });
    return reply.status(201).send(claimCreated(claim));
  });

  // The signed-in agent's own claims with their histories (where each reward is), without contact details.
  app.get('/api/agents/me/claims', async (request, reply) => {
    const agent = await requireAgent(ctx, request, reply);
    return listAgentClaims(ctx.db, agent.id);
  });

  app.get('/api/owner/reward-claims', async (request, reply) => {
    // The owner, or a manager (their teams' claims) while the owner lets managers record (docs/decisions/0082).
    const { scope } = await requireRecordingUser(ctx, request, reply);
    return listRewardClaims(ctx.db, parseInput(rewardClaimListQuery, request.query), scope);
  });

  app.patch<{ Params: { id: string } }>('/api/reward-claims/:id/process', { onRequest: ignoreEmptyJsonBody }, async (request, reply) => {
    const { caller, scope } = await requireRecordingUser(ctx, request, reply);
    const id = parseId(request.params.id, 'Reward claim');
    await assertClaimInScope(ctx, scope, id);
    const by = { userId: caller.user.id, name: caller.user.name, audit: userActor(request, caller.user) };
    return processRewardClaim(ctx.db, id, by, ctx.now());
  });

  // Moves a claim along its statuses (docs/product.md §12.10): shipped with a tracking note, delivered, rejected.
  app.patch<{ Params: { id: string } }>('/api/reward-claims/:id', async (request, reply) => {
    const { caller, scope } = await requireRecordingUser(ctx, request, reply);
    const id = parseId(request.params.id, 'Reward claim');
    const { status, note, reason } = parseInput(claimTransitionInput, request.body);
    await assertClaimInScope(ctx, scope, id);
    const by = { userId: caller.user.id, name: caller.user.name, audit: userActor(request, caller.user) };
    return transitionRewardClaim(ctx.db, id, { status, note: reason ?? note }, by, ctx.now());
  });
}
