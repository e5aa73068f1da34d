import type { AgentStatus } from '../../contract/agents';
import {
  ACCOUNT_INACTIVE_TEXT,
  AWAITING_APPROVAL_TEXT,
  INVITATION_INVALID_TEXT,
  INVITATION_REQUIRED_TEXT,
  REGISTRATION_CLOSED_TEXT,
  type SignUpMode,
} from '../../contract/sign-up';
import { SESSION_ENDED } from '../../contract/auth';
import { AppError, forbidden, invalid, unauthenticated } from './errors';

/** The sign-up mode of a new install: production waits for the owner's approval; development and demos are open. */
export function defaultSignUpMode(nodeEnv: string, demo: boolean): SignUpMode {
  return nodeEnv === 'production' && !demo ? 'approval' : 'open';
}

/**
 * Whether the registration page may create an account in this mode, given the invitation it carries. Closed refuses
 * everyone; invitation-only refuses a request without an invitation (a bad one is refused when it is looked up).
 */
export function assertRegistrationAllowed(mode: SignUpMode, invite: string | undefined): void {
  if (mode === 'closed') throw forbidden(REGISTRATION_CLOSED_TEXT);
  if (mode === 'invite' && !invite) throw forbidden(INVITATION_REQUIRED_TEXT);
}

/** An invitation that is unknown, used or expired: one answer for all three. */
export const invitationInvalid = () => invalid(INVITATION_INVALID_TEXT, 'invite');

/** The status a new registration gets: pending when the owner approves new agents. */
export const registrationStatus = (mode: SignUpMode): 'active' | 'pending' => (mode === 'approval' ? 'pending' : 'active');

/**
 * An agent acting for itself through its session (a claim, its profile, its password): only while it is active. The
 * session read refuses an inactive agent's session; a write checks again under the agent row's lock, for a
 * deactivation that commits between the two (401: the session has ended).
 */
export function assertAgentActing(agent: { status: AgentStatus }): void {
  if (agent.status !== 'active') throw unauthenticated(SESSION_ENDED);
}

/** A pending agent (waiting for approval) or an inactive one cannot sign in, even with the right password. */
export function assertAgentMaySignIn(agent: { status: AgentStatus }): void {
  if (agent.status === 'pending') throw new AppError('FORBIDDEN', AWAITING_APPROVAL_TEXT);
  if (agent.status === 'inactive') throw new AppError('FORBIDDEN', ACCOUNT_INACTIVE_TEXT);
}
