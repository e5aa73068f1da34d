import type { CreatedApiToken } from '@contract/api-tokens';
import { PART, withPart } from '../../../components/ui/message-part';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** An API token just made: the server keeps only its hash, so a lost token means revoking it and making a new one. */
export function CreatedApiTokenDialog({ token, onClose }: { token: CreatedApiToken | null; onClose: () => void }) {
  const t = useT(messages);
  return (
    <ShownOnceDialog
      title={t('createdTitle')}
      description={withPart(t('createdDescription', { header: PART }), <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>)}
      secret={token && { label: t('tokenFor', { name: token.name }), value: token.token, what: t('whatToken'), warning: t('tokenWarning') }}
      onClose={onClose}
    />
  );
}
