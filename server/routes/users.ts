import type { FastifyInstance } from 'fastify';
import { createManagerInput, type UserAccount } from '../../contract/auth';
import type { AppContext } from '../app-context';
import { assertPasswordNotCommon } from '../domain/password-policy';
import { hashPassword } from '../auth/passwords';
import { requireOwner } from '../auth/permissions';
import { requireRecentPassword } from '../auth/sessions';
import { deleteUserAccount } from '../db/operations/delete-user';
import { insertUser, listUsers } from '../db/queries/users';
import { parseId, parseInput } from '../http/errors';
import { resetTwoFactor } from '../db/operations/reset-two-factor';
import { forbidden } from '../domain/errors';
import { OWN_TWO_FACTOR } from '../../contract/two-factor';
import { userActor } from '../auth/audit-actor';
import { audited } from '../db/audit';

const toAccount = (user: { id: number; email: string; name: string; role: UserAccount['role']; createdAt: Date; twoFactorEnabled?: boolean }): UserAccount => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  createdAt: user.createdAt.toISOString(),
  twoFactorEnabled: user.twoFactorEnabled ?? false,
});

/** Owner and manager accounts, managed by the owner (docs/product.md §3.2, §12.5). */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/users', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    return (await listUsers(ctx.db)).map(toAccount);
  });

  app.post('/api/users', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const input = parseInput(createManagerInput, request.body ?? {});
    assertPasswordNotCommon(input.password);
    const passwordHash = await hashPassword(input.password);
    const user = await audited(
      ctx.db,
      userActor(request, owner),
      ctx.now(),
      (tx) => insertUser(tx, { email: input.email, name: input.name, role: input.role, passwordHash }),
      (made) => ({ action: 'user.created', targetType: 'user', targetId: made.id, after: { role: made.role } }),
    );
    return reply.status(201).send(toAccount(user));
  });

  app.delete<{ Params: { id: string } }>('/api/users/:id', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'User');
    await requireRecentPassword(ctx, request, 'user');
    await deleteUserAccount(ctx.db, owner, id, userActor(request, owner), ctx.now());
    return reply.status(204).send();
  });

  // Recovery for someone who lost both their authenticator and their recovery codes (docs/decisions/0030): the owner,
  // with the password just entered, turns their second factor off; they sign in with the password and set it up again.
  app.delete<{ Params: { id: string } }>('/api/users/:id/2fa', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'User');
    if (id === owner.id) throw forbidden(OWN_TWO_FACTOR);
    await requireRecentPassword(ctx, request, 'user');
    await resetTwoFactor(ctx.db, id, userActor(request, owner), ctx.now());
    return reply.status(204).send();
  });
}
