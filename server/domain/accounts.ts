import { forbidden, invalid } from './errors';

/**
 * Which accounts an owner may delete: manager accounts only. Not their own (an owner cannot lock themselves out),
 * and never an owner's (owners are made from the shell or at start, docs/product.md §3.2).
 */
export function assertUserDeletable(actor: { id: number }, target: { id: number; role: 'owner' | 'manager' }): void {
  if (target.id === actor.id) throw invalid('You cannot delete your own account');
  if (target.role === 'owner') throw forbidden('Owner accounts cannot be deleted; only manager accounts can');
}
