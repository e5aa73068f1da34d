import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { INVITATION_DAYS, signUpSettingsInput, type CreatedInvitation, type SignUpSettings } from '../../contract/sign-up';
import type { AppContext } from '../app-context';
import { requireOwner } from '../auth/permissions';
import { hashToken, requireRecentPassword } from '../auth/sessions';
import { approveAgent } from '../db/operations/approve-agent';
import { deleteOpenInvitation, insertInvitation, listInvitations, readSignUpMode, writeSignUpMode } from '../db/queries/sign-up';
import { parseId, parseInput } from '../http/errors';
import { userActor } from '../auth/audit-actor';
import { audited } from '../db/audit';

type IdParams = { Params: { id: string } };

/** Who may register (docs/product.md §5): the owner's setting, invitation links, approving new agents. */
export function registerSignUpRoutes(app: FastifyInstance, ctx: AppContext) {
  const settings = async (): Promise<SignUpSettings> => ({
    mode: await readSignUpMode(ctx.db, ctx.signUpDefault),
    invitations: await listInvitations(ctx.db, ctx.now()),
  });

  app.get('/api/owner/sign-up', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    return settings();
  });

  app.put('/api/owner/sign-up', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const input = parseInput(signUpSettingsInput, request.body);
    await requireRecentPassword(ctx, request, 'user');
    await audited(ctx.db, userActor(request, owner), ctx.now(), (tx) => writeSignUpMode(tx, input.mode), () => ({
      action: 'sign_up.updated',
      targetType: 'settings',
      targetId: 'sign-up',
      after: { mode: input.mode },
    }));
    request.log.info({ mode: input.mode }, 'sign-up mode changed');
    return settings();
  });

  app.post('/api/owner/invitations', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const token = randomBytes(24).toString('base64url');
    const createdAt = ctx.now();
    const expiresAt = new Date(createdAt.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
    const invitation = await audited(
      ctx.db,
      userActor(request, owner),
      createdAt,
      (tx) => insertInvitation(tx, { tokenHash: hashToken(token), createdBy: owner.id, createdAt, expiresAt }),
      (made) => ({ action: 'invitation.created', targetType: 'invitation', targetId: made.id, after: { expiresAt: expiresAt.toISOString() } }),
    );
    return reply.status(201).send({ ...invitation, token } satisfies CreatedInvitation);
  });

  app.delete<IdParams>('/api/owner/invitations/:id', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Invitation');
    await audited(ctx.db, userActor(request, owner), ctx.now(), (tx) => deleteOpenInvitation(tx, id), () => ({ action: 'invitation.withdrawn', targetType: 'invitation', targetId: id }));
    return reply.status(204).send();
  });

  app.post<IdParams>('/api/agents/:id/approve', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Agent');
    await audited(ctx.db, userActor(request, owner), ctx.now(), (tx) => approveAgent(tx, id), () => ({ action: 'agent.approved', targetType: 'agent', targetId: id }));
    return reply.status(204).send();
  });
}
