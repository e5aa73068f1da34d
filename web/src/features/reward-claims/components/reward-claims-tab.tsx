import { useId, useState, type ReactNode } from 'react';
import type { ClaimStatus, RewardClaim } from '@contract/rewards';
import { CheckCircle2, Clock, Inbox, PackageCheck, SearchX, XCircle, type LucideIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { SearchField } from '../../../components/ui/search-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { EXPORT_PATHS } from '@contract/exports';
import { ExportButton } from '../../../components/ui/export-button';
import { useCanEdit } from '../../../lib/authorization';
import { useT } from '../../../lib/i18n/translate';
import { useRewardClaims } from '../api/get-reward-claims';
import { messages } from '../messages';
import { RewardClaimCard } from './reward-claim-card';

/**
 * docs/product.md §10.3, §11.11: the pending list shows status pending; the processed list (Old Rewards) every claim
 * past it: processed, shipped, delivered or rejected (§12.10).
 */
export function splitClaims(claims: RewardClaim[]) {
  return {
    pending: claims.filter((claim) => claim.status === 'pending'),
    processed: claims.filter((claim) => claim.status !== 'pending'),
  };
}

export function RewardClaimsTab() {
  const t = useT(messages);
  const claims = useRewardClaims();
  // A manager who records (docs/decisions/0082) moves their teams' claims along; the export of every claim stays the owner's.
  const isOwner = useCanEdit();
  return (
    <section aria-labelledby="claims-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="claims-heading"
        title={t('rewardClaims')}
        description={isOwner ? t('tabDescriptionOwner') : t('tabDescriptionManager')}
      >
        {isOwner && <ExportButton href={EXPORT_PATHS.rewardClaims} label={t('exportCsv')} what={t('exportWhat')} />}
      </SectionHeading>
      {claims.isPending ? (
        <Spinner label={t('loadingClaims')} className="min-h-40" />
      ) : claims.isError ? (
        <LoadError error={claims.error} fallback={t('claimsLoadFailed')} />
      ) : (
        <ClaimLists claims={claims.data} />
      )}
    </section>
  );
}

/** Whether a claim's agent or contact name or email holds the search text (case-insensitive). */
export function claimMatches(claim: RewardClaim, search: string): boolean {
  const text = search.trim().toLowerCase();
  return text === '' || [claim.agentName, claim.fullName, claim.email].some((value) => value.toLowerCase().includes(text));
}

/** The Old Rewards filter's choices; each one's name is the catalog's `statusOption` select. */
const OLD_STATUSES: ('all' | Exclude<ClaimStatus, 'pending'>)[] = ['all', 'processed', 'shipped', 'delivered', 'rejected'];
type OldStatus = (typeof OLD_STATUSES)[number];

function ClaimLists({ claims }: { claims: RewardClaim[] }) {
  const t = useT(messages);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OldStatus>('all');
  const { pending, processed } = splitClaims(claims);
  const shownPending = pending.filter((claim) => claimMatches(claim, search));
  const shownOld = processed.filter((claim) => claimMatches(claim, search) && (status === 'all' || claim.status === status));
  const noMatch = <EmptyState icon={SearchX} title={t('noMatch')} description={t('noMatchText')} />;
  return (
    <>
      {/* Processed counts the claims being or been fulfilled; a rejected one was not, and is counted apart. */}
      {/* On a phone one row each: three columns leave a longer word (German, French) no room beside its icon. */}
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-4">
        <ClaimCount icon={Clock} iconClassName="text-amber-700" label={t('countPending')} count={pending.length} />
        <ClaimCount icon={CheckCircle2} iconClassName="text-emerald-700" label={t('countProcessed')} count={processed.filter((claim) => claim.status !== 'rejected').length} />
        <ClaimCount icon={XCircle} iconClassName="text-red-700" label={t('countRejected')} count={processed.filter((claim) => claim.status === 'rejected').length} />
      </dl>
      <SearchField label={t('findClaim')} placeholder={t('findPlaceholder')} value={search} onChange={setSearch} />
      <Tabs defaultValue="pending">
        <TabsList aria-label={t('claimLists')}>
          <TabsTrigger value="pending">
            {t('pendingClaims')}
            <Badge variant="warning" className="ml-1">
              {pending.length}
            </Badge>
          </TabsTrigger>
          <TabsTrigger value="processed">
            {t('oldRewards')}
            <Badge variant="success" className="ml-1">
              {processed.length}
            </Badge>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="pending">
          <ClaimList
            claims={shownPending}
            empty={
              pending.length > 0 ? noMatch : <EmptyState icon={Inbox} title={t('noPending')} description={t('noPendingText')} />
            }
          />
        </TabsContent>
        <TabsContent value="processed" className="grid grid-cols-1 gap-4">
          <StatusFilter value={status} onChange={setStatus} />
          <ClaimList
            claims={shownOld}
            empty={
              processed.length > 0 ? (
                noMatch
              ) : (
                <EmptyState icon={PackageCheck} title={t('noProcessed')} description={t('noProcessedText')} />
              )
            }
          />
        </TabsContent>
      </Tabs>
    </>
  );
}

function StatusFilter({ value, onChange }: { value: OldStatus; onChange: (value: OldStatus) => void }) {
  const t = useT(messages);
  const id = useId();
  return (
    <div className="grid w-full gap-1.5 sm:max-w-xs">
      <Label htmlFor={id}>{t('status')}</Label>
      <Select value={value} onValueChange={(next) => onChange(next as typeof value)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {OLD_STATUSES.map((option) => (
            <SelectItem key={option} value={option}>
              {t('statusOption', { status: option })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function ClaimCount({ icon: Icon, iconClassName, label, count }: { icon: LucideIcon; iconClassName: string; label: string; count: number }) {
  return (
    <Card className="flex items-center justify-between gap-3 px-4 py-2.5 sm:block sm:p-5">
      <dt className="flex min-w-0 items-center gap-1.5 text-sm font-medium text-slate-700 sm:gap-2">
        <Icon className={cn('size-4 shrink-0', iconClassName)} aria-hidden="true" />
        {label}
      </dt>
      <dd className="text-xl font-bold text-slate-900 tabular-nums sm:mt-1 sm:text-2xl">{count}</dd>
    </Card>
  );
}

function ClaimList({ claims, empty }: { claims: RewardClaim[]; empty: ReactNode }) {
  if (claims.length === 0) return <Card className="p-6">{empty}</Card>;
  return (
    <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {claims.map((claim) => (
        <li key={claim.id}>
          <RewardClaimCard claim={claim} />
        </li>
      ))}
    </ul>
  );
}
