import { WEBHOOK_BREAKER_FAILURES, type WebhookBreaker } from '@contract/webhooks';
import { PauseCircle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { formatDateTimeSeconds } from '../../../lib/format';

/**
 * A webhook's circuit breaker in words (docs/decisions/0033-webhook-isolation.md): after
 * WEBHOOK_BREAKER_FAILURES failed attempts in a row its deliveries wait, then one test attempt goes.
 */
function describeBreaker(breaker: WebhookBreaker): { label: string; detail: string } | null {
  const failures = `${breaker.consecutiveFailures} failed ${breaker.consecutiveFailures === 1 ? 'attempt' : 'attempts'} in a row`;
  if (breaker.state === 'open') {
    return { label: 'Paused', detail: `${failures}: deliveries wait until ${formatDateTimeSeconds(breaker.openUntil!)}, then one test attempt goes.` };
  }
  if (breaker.state === 'half-open') return { label: 'Testing', detail: `${failures}: one attempt tests the receiver; the rest wait for it to succeed.` };
  if (breaker.consecutiveFailures > 0) {
    return { label: `${breaker.consecutiveFailures} failed in a row`, detail: `${failures}: at ${WEBHOOK_BREAKER_FAILURES} its deliveries are paused.` };
  }
  return null;
}

/** A badge for the webhook list; nothing while all is well. */
export function BreakerBadge({ breaker }: { breaker: WebhookBreaker }) {
  const described = describeBreaker(breaker);
  if (!described) return null;
  return (
    <Badge variant={breaker.state === 'closed' ? 'warning' : 'destructive'} title={described.detail}>
      {described.label}
    </Badge>
  );
}

/** A notice above the delivery log while deliveries are paused or the receiver is being tested. */
export function BreakerNotice({ breaker }: { breaker: WebhookBreaker }) {
  const described = describeBreaker(breaker);
  if (!described || breaker.state === 'closed') return null;
  return (
    <Alert variant="destructive">
      <PauseCircle aria-hidden="true" />
      <AlertTitle>{breaker.state === 'open' ? 'Deliveries paused' : 'Testing the receiver'}</AlertTitle>
      <AlertDescription>
        {described.detail} Each pause in a row is twice as long as the one before{breaker.openedAt ? `; this one began ${formatDateTimeSeconds(breaker.openedAt)}` : ''}.
      </AlertDescription>
    </Alert>
  );
}
