import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { dashboardClaimInput, portalClaimInput, type ClaimCreated } from '../../contract/rewards';
import type { AppContext } from '../app-context';
import { requireAgent, requireOwner } from '../auth/permissions';
import { claimTierReward, listRewardClaims, processRewardClaim, type ClaimOutcome } from '../db/queries/reward-claims';
import { describeClaimRefusal } from '../domain/claims';
import { AppError, conflict, forbidden, notFound, parseId, parseInput } from '../http/errors';

function claimResponse(outcome: ClaimOutcome): ClaimCreated {
  if (!outcome.ok) {
    const { code, message } = describeClaimRefusal(outcome.refusal);
    throw new AppError(code, message);
  }
  return { message: 'Your reward claim has been submitted successfully.', claim: outcome.claim };
}

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
    const input = parseInput(portalClaimInput, request.body);
    const agent = await requireAgent(ctx, request, reply);
    if (input.agentId !== agent.id) throw forbidden('You can only claim rewards for yourself');
    const { agentId: _agentId, rewardId, ...contact } = input;
    const outcome = await claimTierReward(ctx.db, {
      agentId: agent.id,
      rewardOptionId: rewardId,
      contact: { ...contact, shippingInstructions: null },
      now: ctx.now(),
    });
    return reply.status(201).send(claimResponse(outcome));
  });

  // The tier dashboard's claim dialog.
  app.post('/api/agents/claim-reward', async (request, reply) => {
    const { tierId, rewardOptionId, agentData } = parseInput(dashboardClaimInput, request.body);
    const agent = await requireAgent(ctx, request, reply);
    const outcome = await claimTierReward(ctx.db, {
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
    });
    return reply.status(201).send(claimResponse(outcome));
  });

  app.get('/api/owner/reward-claims', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    return listRewardClaims(ctx.db);
  });

  app.patch<{ Params: { id: string } }>('/api/reward-claims/:id/process', { onRequest: ignoreEmptyJsonBody }, async (request, reply) => {
    const id = parseId(request.params.id, 'Reward claim');
    await requireOwner(ctx, request, reply);
    const outcome = await processRewardClaim(ctx.db, id, ctx.now());
    if (outcome.ok) return outcome.claim;
    throw outcome.reason === 'not-found' ? notFound('Reward claim') : conflict('This claim has already been processed');
  });
}
