import type { AgentDetail } from '@contract/insight';
import { Gift } from 'lucide-react';
import { ClaimStatusBadge } from '../../../components/claims/claim-status';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { PART, withPart } from '../../../components/ui/message-part';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The agent's reward claims, as the server lists them, with where each stands (never the contact details). */
export function AgentClaims({ claims, className }: { claims: AgentDetail['claims']; className?: string }) {
  const t = useT(messages);
  return (
    <Card role="region" aria-labelledby="agent-claims-heading" className={cn('min-w-0', className)}>
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id="agent-claims-heading" className="text-lg font-semibold leading-tight tracking-tight">
          {t('rewardClaims')}
        </h2>
        <CardDescription>{t('claimsDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {claims.length === 0 ? (
          <EmptyState icon={Gift} title={t('noClaims')} description={t('noClaimsText')} />
        ) : (
          <ul aria-labelledby="agent-claims-heading" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {claims.map((claim) => (
              <li key={claim.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-0.5 px-4 py-3 text-sm">
                <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{claim.rewardTitle}</p>
                <ClaimStatusBadge status={claim.status} />
                <p className="col-span-2 text-slate-600">
                  {claim.tierName} · {withPart(t('claimedOn', { date: PART }), <time dateTime={claim.claimedAt}>{formatDate(claim.claimedAt)}</time>)}
                  {claim.statusChangedAt && (
                    <>
                      {' '}
                      · {withPart(t('updatedOn', { date: PART }), <time dateTime={claim.statusChangedAt}>{formatDate(claim.statusChangedAt)}</time>)}
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
