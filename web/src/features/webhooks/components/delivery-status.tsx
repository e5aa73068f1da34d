import type { WebhookDeliveryStatus } from '@contract/webhooks';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

const LOOKS = {
  delivered: { label: 'statusDelivered', variant: 'success' },
  pending: { label: 'statusPending', variant: 'warning' },
  failed: { label: 'statusFailed', variant: 'destructive' },
} as const satisfies Record<WebhookDeliveryStatus, { label: keyof typeof messages.en; variant: 'success' | 'warning' | 'destructive' }>;

export function DeliveryStatus({ status }: { status: WebhookDeliveryStatus }) {
  const t = useT(messages);
  return <Badge variant={LOOKS[status].variant}>{t(LOOKS[status].label)}</Badge>;
}
