import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { INVITATION_DAYS, signUpSettingsInput, type CreatedInvitation, type SignUpSettings } from '../../contract/sign-up';
import type { AppContext } from '../app-context';
import { requireOwner } from '../auth/permissions';
import { hashToken, requireRecentPassword } from '../auth/sessions';
import {
  approveAgent,
  deleteOpenInvitation,
  insertInvitation,
  listInvitations,
  readSignUpMode,
  writeSignUpMode,
} from '../db/queries/sign-up';
import { parseId, parseInput } from '../http/errors';

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
    await requireOwner(ctx, request, reply);
    const input = parseInput(signUpSettingsInput, request.body);
    await requireRecentPassword(ctx, request, 'user');
    await writeSignUpMode(ctx.db, input.mode);
    request.log.info({ mode: input.mode }, 'sign-up mode changed');
    return settings();
  });

  app.post('/api/owner/invitations', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const token = randomBytes(24).toString('base64url');
    const createdAt = ctx.now();
    const expiresAt = new Date(createdAt.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
    const invitation = await insertInvitation(ctx.db, { tokenHash: hashToken(token), createdBy: owner.id, createdAt, expiresAt });
    return reply.status(201).send({ ...invitation, token } satisfies CreatedInvitation);
  });

  app.delete<IdParams>('/api/owner/invitations/:id', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    await deleteOpenInvitation(ctx.db, parseId(request.params.id, 'Invitation'));
    return reply.status(204).send();
  });

  app.post<IdParams>('/api/agents/:id/approve', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    await approveAgent(ctx.db, parseId(request.params.id, 'Agent'));
    return reply.status(204).send();
  });
}
