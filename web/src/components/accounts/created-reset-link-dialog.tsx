import type { CreatedResetLink } from '@contract/password-resets';
import { ShownOnceDialog } from '../ui/shown-once-dialog';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/**
 * A password link just made: the server keeps only a hash of its token, so a lost link means making a new one (which
 * also ends this one).
 */
export function CreatedResetLinkDialog({ link, name, onClose }: { link: CreatedResetLink; name: string; onClose: () => void }) {
  const t = useT(messages);
  const title = t('linkFor', { name });
  return (
    <ShownOnceDialog
      title={title}
      description={t('linkDescription', { name, expires: formatDateTime(link.expiresAt) })}
      // `what` goes into components/ui's own English sentences ("Link copied."), not converted yet.
      secret={{ label: title, value: link.url, what: 'link', warning: t('linkWarning') }}
      onClose={onClose}
    />
  );
}
