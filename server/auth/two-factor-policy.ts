import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../db/queries/sessions';

/**
 * What a manager may do while the organisation requires two-factor sign-in and they have not set it up
 * (docs/decisions/0030-two-factor-sign-in.md): see who they are, set it up (confirming their password first when
 * asked), see and end their sessions, sign out, and ask whether the browser also holds an agent session (the agent
 * portal's first read; it answers about the agent session only). Everything else, the live-update stream included,
 * is 403 until then: the stream carries what the staff reads carry (docs/decisions/0034-sessions-follow-the-account.md).
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
  'GET /api/agents/session',
]);

/**
 * Whether the owner or manager session may serve this request. Applied by `identify` (server/auth/sessions.ts), where
 * every request and stream that uses a session gets its identity, so no route can forget it: the flag comes with the
 * session read, so this costs no query.
 */
export function twoFactorPolicyAllows(request: FastifyRequest, user: SessionUser): boolean {
  return !user.twoFactorSetupRequired || OPEN_BEFORE_TWO_FACTOR_SETUP.has(`${request.method} ${request.routeOptions.url ?? ''}`);
}
