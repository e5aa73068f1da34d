import { text } from '../../contract/i18n';
import { forbidden, invalid } from './errors';
import { messages } from './messages';

/**
 * Which accounts an owner may delete: manager accounts only. Not their own (an owner cannot lock themselves out),
 * and never an owner's (owners are made from the shell or at start, docs/product.md §3.2).
 */
export function assertUserDeletable(actor: { id: number }, target: { id: number; role: 'owner' | 'manager' }): void {
  if (target.id === actor.id) throw invalid(text(messages, 'cannotDeleteSelf'));
  if (target.role === 'owner') throw forbidden(text(messages, 'ownerNotDeletable'));
}
