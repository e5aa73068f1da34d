import { passwordsOff } from '../../contract/sso';
import type { AppContext } from '../app-context';
import { readSsoRequired } from '../db/queries/sso';
import { forbidden } from '../domain/errors';

/**
 * While company sign-in is required (docs/decisions/0090-company-sign-in.md) passwords stop working for everyone but
 * the owner: a password sign-in or registration of anyone else is refused with where to sign in instead (403).
 */
export async function assertPasswordSignInAllowed(ctx: AppContext): Promise<void> {
  const { required, label } = await readSsoRequired(ctx.db);
  if (required) throw forbidden(passwordsOff(label ?? 'your company'));
}
