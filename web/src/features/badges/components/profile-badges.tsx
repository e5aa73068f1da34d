import { Award } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { useMyBadges } from '../api/badges';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { CredentialNote, HeldBadgeList } from './badge-list';

/** "Your badges" on the agent's profile: those it holds, each with its credential to download. */
export function ProfileBadges() {
  const t = useT(messages);
  const badges = useMyBadges();
  return (
    <SectionCard id="profile-badges" icon={Award} title={t('yourBadges')} description={t('profileDescription')}>
      {badges.isPending ? (
        <Spinner label={t('loadingYourBadges')} className="min-h-20" />
      ) : badges.isError ? (
        <LoadError error={badges.error} fallback={t('yourBadgesLoadFailed')} />
      ) : badges.data.length === 0 ? (
        <EmptyState icon={Award} title={t('noBadgeYet')} description={t('profileNoBadge')} />
      ) : (
        <div className="grid gap-3">
          <HeldBadgeList badges={badges.data} label={t('yourBadges')} credentials />
          <CredentialNote />
        </div>
      )}
    </SectionCard>
  );
}
