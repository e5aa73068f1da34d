import type { CreatedResetLink } from '@contract/password-resets';
import { ShownOnceDialog } from '../ui/shown-once-dialog';
import { formatDateTime } from '../../lib/format';

/**
 * A password link just made: the server keeps only a hash of its token, so a lost link means making a new one (which
 * also ends this one).
 */
export function CreatedResetLinkDialog({ link, name, onClose }: { link: CreatedResetLink; name: string; onClose: () => void }) {
  const warning = 'Copy the link now: it cannot be shown again. Hand it over privately: whoever holds it can set the password.';
  return (
    <ShownOnceDialog
      title={`Password link for ${name}`}
      description={`With this link ${name} sets a new password, once, until ${formatDateTime(link.expiresAt)}. Every device signed in to the account is then signed out. Earlier links for ${name} no longer work.`}
      secret={{ label: `Password link for ${name}`, value: link.url, what: 'link', warning }}
      onClose={onClose}
    />
  );
}
