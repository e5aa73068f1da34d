import { Award } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { useMyBadges } from '../api/badges';
import { CredentialNote, HeldBadgeList } from './badge-list';

/** "Your badges" on the agent's profile: those it holds, each with its credential to download. */
export function ProfileBadges() {
  const badges = useMyBadges();
  return (
    <SectionCard id="profile-badges" icon={Award} title="Your badges" description="What you earned, to keep and to show anywhere.">
      {badges.isPending ? (
        <Spinner label="Loading your badges..." className="min-h-20" />
      ) : badges.isError ? (
        <LoadError error={badges.error} fallback="Failed to load your badges" />
      ) : badges.data.length === 0 ? (
        <EmptyState icon={Award} title="No badge yet" description="Your dashboard shows the badges you can earn." />
      ) : (
        <div className="grid gap-3">
          <HeldBadgeList badges={badges.data} label="Your badges" credentials />
          <CredentialNote />
        </div>
      )}
    </SectionCard>
  );
}
