import type { FastifyInstance } from 'fastify';
import { loginInput, type AuthUser } from '../../contract/auth';
import type { AppContext } from '../app-context';
import { endSession, identify, renewSession } from '../auth/sessions';
import { findUserByEmail } from '../db/queries/users';
import { authenticate } from '../auth/credentials';
import { unauthenticated } from '../domain/errors';
import { parseInput } from '../http/errors';

/** Owner and manager sign-in (DESIGN section 4): the screens navigate to /api/login and /api/logout. */
export function registerUserAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/login', async (_request, reply) => reply.redirect('/login', 302));

  app.post('/api/auth/login', { config: { signIn: true } }, async (request, reply) => {
    const input = parseInput(loginInput, request.body ?? {});
    const user = await authenticate(await findUserByEmail(ctx.db, input.email), input.password);
    await renewSession(ctx, request, reply, 'user', user.id);
    return { id: user.id, email: user.email, name: user.name, role: user.role } satisfies AuthUser;
  });

  app.get('/api/auth/user', async (request, reply) => {
    const { user } = await identify(ctx, request, reply);
    // An agent session is no user session: 401 (not 403) so the screens treat the visitor as signed out here.
    if (!user) throw unauthenticated('Unauthorized: sign in as an owner or manager');
    return user satisfies AuthUser;
  });

  app.get('/api/logout', async (request, reply) => {
    // A plain link, so another site can lead a browser here with its cookie (SameSite=Lax lets top-level GETs
    // through). Only a navigation from our own pages, or one the person made (typed, bookmarked), signs out.
    // Browsers too old to send Sec-Fetch-Site, and scripts, are taken at their word.
    const site = request.headers['sec-fetch-site'];
    if (site === undefined || site === 'same-origin' || site === 'none') await endSession(ctx, request, reply, 'user');
    return reply.redirect('/', 302);
  });
}
