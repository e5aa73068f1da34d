import type { FastifyInstance } from 'fastify';
import { createManagerInput, type UserAccount } from '../../contract/auth';
import type { AppContext } from '../app-context';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { requireOwner } from '../auth/permissions';
import { requireRecentPassword } from '../auth/sessions';
import { deleteUserAccount } from '../db/operations/delete-user';
import { insertUser, listUsers } from '../db/queries/users';
import { parseId, parseInput } from '../http/errors';

const toAccount = (user: { id: number; email: string; name: string; role: UserAccount['role']; createdAt: Date }): UserAccount => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  createdAt: user.createdAt.toISOString(),
});

/** Owner and manager accounts, managed by the owner (docs/product.md §3.2, §12.5). */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/users', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    return (await listUsers(ctx.db)).map(toAccount);
  });

  app.post('/api/users', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    const input = parseInput(createManagerInput, request.body ?? {});
    assertPasswordNotCommon(input.password);
    const user = await insertUser(ctx.db, {
      email: input.email,
      name: input.name,
      role: input.role,
      passwordHash: await hashPassword(input.password),
    });
    return reply.status(201).send(toAccount(user));
  });

  app.delete<{ Params: { id: string } }>('/api/users/:id', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'User');
    await requireRecentPassword(ctx, request, 'user');
    await deleteUserAccount(ctx.db, owner, id);
    return reply.status(204).send();
  });
}
