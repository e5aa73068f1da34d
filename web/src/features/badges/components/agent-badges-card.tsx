import { Award } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useAgentBadges } from '../api/badges';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { HeldBadgeList } from './badge-list';

/** The badges an agent holds, newest first, on its page for owners and managers (GET /api/agents/{id}/badges). */
export function AgentBadgesCard({ agentId }: { agentId: number }) {
  const t = useT(messages);
  const badges = useAgentBadges(agentId);
  return (
    <Card role="region" aria-labelledby="agent-badges-heading" className="min-w-0">
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id="agent-badges-heading" className="text-lg font-semibold leading-tight tracking-tight">
          {t('badges')}
        </h2>
        <CardDescription>{t('agentBadgesDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {badges.isPending ? (
          <Spinner label={t('loadingBadges')} className="min-h-20" />
        ) : badges.isError ? (
          <LoadError error={badges.error} fallback={t('badgesLoadFailed')} />
        ) : badges.data.length === 0 ? (
          <EmptyState icon={Award} title={t('noBadgeYet')} description={t('agentNoBadge')} />
        ) : (
          <HeldBadgeList badges={badges.data} label={t('badgesHeld')} className="xl:grid-cols-3" />
        )}
      </CardContent>
    </Card>
  );
}
