import type { WebhookDeliveryStatus } from '@contract/webhooks';
import { Badge } from '../../../components/ui/badge';

const looks: Record<WebhookDeliveryStatus, { label: string; variant: 'success' | 'warning' | 'destructive' }> = {
  delivered: { label: 'Delivered', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
};

export function DeliveryStatus({ status }: { status: WebhookDeliveryStatus }) {
  const look = looks[status];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}
