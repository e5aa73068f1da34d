import type { CreatedWebhook } from '@contract/webhooks';
import { PART, withPart } from '../../../components/ui/message-part';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** A webhook just added, with its signing secret: shown this once. */
export function CreatedWebhookDialog({ webhook, onClose }: { webhook: CreatedWebhook | null; onClose: () => void }) {
  const t = useT(messages);
  return (
    <ShownOnceDialog
      title={t('webhookAdded')}
      description={withPart(t('webhookAddedDescription', { header: PART }), <code className="font-mono text-xs">TierTrack-Signature</code>)}
      secret={webhook && { label: t('signingSecret'), value: webhook.secret, what: t('whatSecret'), warning: t('secretWarning') }}
      onClose={onClose}
    />
  );
}
