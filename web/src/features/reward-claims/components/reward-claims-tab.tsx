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
import { useRewardClaims } from '../api/get-reward-claims';
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
  const claims = useRewardClaims();
  // A manager who records (docs/decisions/0082) moves their teams' claims along; the export of every claim stays the owner's.
  const isOwner = useCanEdit();
  return (
    <section aria-labelledby="claims-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="claims-heading"
        title="Reward Claims"
        description={isOwner ? 'Rewards agents have claimed, with where to send them.' : 'Rewards the agents of your teams have claimed, with where to send them.'}
      >
        {isOwner && <ExportButton href={EXPORT_PATHS.rewardClaims} label="Export CSV" what="every reward claim with its contact details" />}
      </SectionHeading>
      {claims.isPending ? (
        <Spinner label="Loading reward claims..." className="min-h-40" />
      ) : claims.isError ? (
        <LoadError error={claims.error} fallback="Failed to load reward claims" />
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

const OLD_STATUSES: { value: 'all' | Exclude<ClaimStatus, 'pending'>; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'processed', label: 'Processed' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'rejected', label: 'Rejected' },
];

function ClaimLists({ claims }: { claims: RewardClaim[] }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<(typeof OLD_STATUSES)[number]['value']>('all');
  const { pending, processed } = splitClaims(claims);
  const shownPending = pending.filter((claim) => claimMatches(claim, search));
  const shownOld = processed.filter((claim) => claimMatches(claim, search) && (status === 'all' || claim.status === status));
  const noMatch = <EmptyState icon={SearchX} title="No claims match" description="Change the search or the status to see more claims." />;
  return (
    <>
      {/* Processed counts the claims being or been fulfilled; a rejected one was not, and is counted apart. */}
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        <ClaimCount icon={Clock} iconClassName="text-amber-700" label="Pending" count={pending.length} />
        <ClaimCount icon={CheckCircle2} iconClassName="text-emerald-700" label="Processed" count={processed.filter((claim) => claim.status !== 'rejected').length} />
        <ClaimCount icon={XCircle} iconClassName="text-red-700" label="Rejected" count={processed.filter((claim) => claim.status === 'rejected').length} />
      </dl>
      <SearchField label="Find a claim" placeholder="Agent name or email" value={search} onChange={setSearch} />
      <Tabs defaultValue="pending">
        <TabsList aria-label="Reward claim lists">
          <TabsTrigger value="pending">
            Pending Claims
            <Badge variant="warning" className="ml-1">
              {pending.length}
            </Badge>
          </TabsTrigger>
          <TabsTrigger value="processed">
            Old Rewards
            <Badge variant="success" className="ml-1">
              {processed.length}
            </Badge>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="pending">
          <ClaimList
            claims={shownPending}
            empty={
              pending.length > 0 ? noMatch : <EmptyState icon={Inbox} title="No Pending Claims" description="New reward claims from agents appear here." />
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
                <EmptyState icon={PackageCheck} title="No Processed Claims" description="Claims you mark filled move here." />
              )
            }
          />
        </TabsContent>
      </Tabs>
    </>
  );
}

function StatusFilter({ value, onChange }: { value: (typeof OLD_STATUSES)[number]['value']; onChange: (value: (typeof OLD_STATUSES)[number]['value']) => void }) {
  const id = useId();
  return (
    <div className="grid w-full gap-1.5 sm:max-w-xs">
      <Label htmlFor={id}>Status</Label>
      <Select value={value} onValueChange={(next) => onChange(next as typeof value)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {OLD_STATUSES.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function ClaimCount({ icon: Icon, iconClassName, label, count }: { icon: LucideIcon; iconClassName: string; label: string; count: number }) {
  return (
    <Card className="p-3 sm:p-5">
      <dt className="flex items-center gap-1.5 text-sm font-medium text-slate-700 sm:gap-2">
        <Icon className={cn('size-4 shrink-0', iconClassName)} aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{count}</dd>
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
