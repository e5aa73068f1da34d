import type { FastifyRequest } from 'fastify';
import { TWO_FACTOR_SETUP_REQUIRED } from '../../contract/two-factor';
import type { SessionUser } from '../db/queries/sessions';
import { forbidden } from '../domain/errors';

/**
 * What a manager may do while the organisation requires two-factor sign-in and they have not set it up
 * (docs/decisions/0030-two-factor-sign-in.md): see who they are, set it up (confirming their password first when
 * asked), see and end their sessions, sign out, and keep the live connection. Everything else is 403 until then.
 */
const OPEN_BEFORE_TWO_FACTOR_SETUP = new Set([
  'GET /api/auth/user',
  'POST /api/auth/confirm-password',
  'POST /api/auth/2fa/setup',
  'POST /api/auth/2fa/enable',
  'GET /api/sessions',
  'DELETE /api/sessions',
  'DELETE /api/sessions/:id',
  'GET /api/logout',
  'GET /api/events',
]);

/**
 * Refuses a signed-in owner or manager who must set up two-factor sign-in first, on every route but those above.
 * Called by the guards of server/auth/permissions.ts, which every route that serves a signed-in person goes through:
 * the flag comes with the session read, so this costs no query.
 */
export function assertTwoFactorSatisfied(request: FastifyRequest, user: SessionUser): void {
  if (!user.twoFactorSetupRequired) return;
  if (OPEN_BEFORE_TWO_FACTOR_SETUP.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
  throw forbidden(TWO_FACTOR_SETUP_REQUIRED);
}
