import type { ReactNode } from 'react';
import type { RewardClaim } from '@contract/rewards';
import { CheckCircle2, Clock, Inbox, PackageCheck, type LucideIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { EXPORT_PATHS } from '@contract/exports';
import { ExportButton } from '../../../components/ui/export-button';
import { useRewardClaims } from '../api/get-reward-claims';
import { RewardClaimCard } from './reward-claim-card';

/** docs/product.md §10.3, §11.11: the pending list shows status pending; the processed list shows processed or shipped. */
export function splitClaims(claims: RewardClaim[]) {
  return {
    pending: claims.filter((claim) => claim.status === 'pending'),
    processed: claims.filter((claim) => claim.status === 'processed' || claim.status === 'shipped'),
  };
}

export function RewardClaimsTab() {
  const claims = useRewardClaims();
  return (
    <section aria-labelledby="claims-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading id="claims-heading" title="Reward Claims" description="Rewards agents have claimed, with where to send them.">
        <ExportButton href={EXPORT_PATHS.rewardClaims} label="Export CSV" what="every reward claim with its contact details" />
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

function ClaimLists({ claims }: { claims: RewardClaim[] }) {
  const { pending, processed } = splitClaims(claims);
  return (
    <>
      <dl className="grid grid-cols-2 gap-4">
        <ClaimCount icon={Clock} iconClassName="text-amber-700" label="Pending" count={pending.length} />
        <ClaimCount icon={CheckCircle2} iconClassName="text-emerald-700" label="Processed" count={processed.length} />
      </dl>
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
            claims={pending}
            empty={<EmptyState icon={Inbox} title="No Pending Claims" description="New reward claims from agents appear here." />}
          />
        </TabsContent>
        <TabsContent value="processed">
          <ClaimList
            claims={processed}
            empty={<EmptyState icon={PackageCheck} title="No Processed Claims" description="Claims you mark filled move here." />}
          />
        </TabsContent>
      </Tabs>
    </>
  );
}

function ClaimCount({ icon: Icon, iconClassName, label, count }: { icon: LucideIcon; iconClassName: string; label: string; count: number }) {
  return (
    <Card className="p-5">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <Icon className={cn('size-4', iconClassName)} aria-hidden="true" />
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
