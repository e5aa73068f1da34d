import { passwordLinkOffText, passwordsOffText } from '../../contract/sso-text';
import type { AppContext } from '../app-context';
import { readSsoRequired } from '../db/queries/sso';
import { forbidden } from '../domain/errors';

/**
 * While company sign-in is required (docs/decisions/0090-company-sign-in.md) passwords stop working for everyone but
 * the owner: a password sign-in or registration of anyone else is refused with where to sign in instead (403).
 */
export async function assertPasswordSignInAllowed(ctx: AppContext): Promise<void> {
  const { required, label } = await readSsoRequired(ctx.db);
  if (required) throw forbidden(passwordsOffText(label));
}

/** Whether passwords work only for owners now (company sign-in required): no password link goes to anyone else. */
export async function passwordsOwnersOnly(ctx: AppContext): Promise<boolean> {
  return (await readSsoRequired(ctx.db)).required;
}

/**
 * While company sign-in is required, a password link is made for owners only: anyone else could not sign in with the
 * password it sets (403 saying where to sign in instead).
 */
export async function assertPasswordLinkUseful(ctx: AppContext, account: { kind: 'agent' } | { kind: 'user'; role: 'owner' | 'manager' }): Promise<void> {
  if (account.kind === 'user' && account.role === 'owner') return;
  const { required, label } = await readSsoRequired(ctx.db);
  if (required) throw forbidden(passwordLinkOffText(label));
}
