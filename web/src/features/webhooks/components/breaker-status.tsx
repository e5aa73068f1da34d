import { WEBHOOK_BREAKER_FAILURES, type WebhookBreaker } from '@contract/webhooks';
import { PauseCircle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { formatDateTimeSeconds } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

type Translate = ReturnType<typeof useT<keyof typeof messages.en>>;

/**
 * A webhook's circuit breaker in words (docs/decisions/0033-webhook-isolation.md): after
 * WEBHOOK_BREAKER_FAILURES failed attempts in a row its deliveries wait, then one test attempt goes.
 */
function describeBreaker(breaker: WebhookBreaker, t: Translate): { label: string; detail: string } | null {
  const failures = t('failuresInRow', { count: breaker.consecutiveFailures });
  if (breaker.state === 'open') {
    return { label: t('paused'), detail: t('pausedDetail', { failures, until: formatDateTimeSeconds(breaker.openUntil!) }) };
  }
  if (breaker.state === 'half-open') return { label: t('testing'), detail: t('testingDetail', { failures }) };
  if (breaker.consecutiveFailures > 0) {
    return {
      label: t('failedInRow', { count: breaker.consecutiveFailures }),
      detail: t('failingDetail', { failures, limit: String(WEBHOOK_BREAKER_FAILURES) }),
    };
  }
  return null;
}

/** A badge for the webhook list; nothing while all is well. */
export function BreakerBadge({ breaker }: { breaker: WebhookBreaker }) {
  const t = useT(messages);
  const described = describeBreaker(breaker, t);
  if (!described) return null;
  return (
    <Badge variant={breaker.state === 'closed' ? 'warning' : 'destructive'} title={described.detail}>
      {described.label}
    </Badge>
  );
}

/** A notice above the delivery log while deliveries are paused or the receiver is being tested. */
export function BreakerNotice({ breaker }: { breaker: WebhookBreaker }) {
  const t = useT(messages);
  const described = describeBreaker(breaker, t);
  if (!described || breaker.state === 'closed') return null;
  return (
    <Alert variant="destructive">
      <PauseCircle aria-hidden="true" />
      <AlertTitle>{breaker.state === 'open' ? t('deliveriesPaused') : t('testingReceiver')}</AlertTitle>
      <AlertDescription>
        {described.detail}{' '}
        {breaker.openedAt ? t('pauseLongerSince', { began: formatDateTimeSeconds(breaker.openedAt) }) : t('pauseLonger')}
      </AlertDescription>
    </Alert>
  );
}
