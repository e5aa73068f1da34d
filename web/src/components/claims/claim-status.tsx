import type { ClaimHistoryEntry, ClaimStatus, RewardClaim } from '@contract/rewards';
import { Badge } from '../ui/badge';
import { formatDateTime } from '../../lib/format';
import { translate, useT } from '../../lib/i18n/translate';
import { messages } from './messages';

const BADGE: Record<ClaimStatus, 'warning' | 'success' | 'destructive' | 'secondary'> = {
  pending: 'warning',
  processed: 'success',
  shipped: 'success',
  delivered: 'success',
  rejected: 'destructive',
};

/** A claim's status as a badge: PENDING, PROCESSED, SHIPPED, DELIVERED, REJECTED. */
export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const t = useT(messages);
  return <Badge variant={BADGE[status]}>{t('status', { status })}</Badge>;
}

/** A claim's steps, oldest first: what happened, when, by whom, and the note (a rejection's reason). */
export function ClaimHistory({ history, label }: { history: readonly ClaimHistoryEntry[]; label: string }) {
  const t = useT(messages);
  return (
    <ol aria-label={label} className="grid gap-2 border-l-2 border-slate-200 pl-4">
      {history.map((step, index) => (
        <li key={index} className="relative text-sm">
          <span aria-hidden="true" className="absolute -left-[1.3rem] top-1.5 size-2 rounded-full bg-slate-400" />
          <p className="text-slate-900">
            <span className="font-medium">{t('step', { status: step.status })}</span>{' '}
            <time dateTime={step.at} className="text-slate-700">
              {formatDateTime(step.at)}
            </time>
            {step.by && <span className="text-slate-700"> {t('stepBy', { name: step.by })}</span>}
          </p>
          {step.note && (
            <p className="whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">
              {step.status === 'rejected' ? t('reason', { note: step.note }) : t('note', { note: step.note })}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** What a claim is for, in words: a tier's reward, or a contest's prize and its place. */
export function claimWhat(claim: Pick<RewardClaim, 'tierName' | 'prize'>): string {
  return claim.prize
    ? translate(messages, 'prizeOf', { contest: claim.prize.contestName, place: claim.prize.place })
    : translate(messages, 'tierOf', { tier: claim.tierName });
}
