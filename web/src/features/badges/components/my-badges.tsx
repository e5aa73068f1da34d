import { Award } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { useBadgeRules, useMyBadges } from '../api/badges';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { CredentialNote, HeldBadgeList, LockedBadgeList } from './badge-list';
import { MY_BADGES_HEADING_ID } from './badge-celebration';

/**
 * "My badges" on the agent's dashboard (docs/decisions/0078-achievements.md): the badges the agent holds, each with its
 * credential to download, and those it can still earn (the active rules it does not hold), locked. Live: badge.awarded
 * reads both again. Nothing while there is no badge to hold or earn. Loaded after the dashboard's first paint.
 */
export default function MyBadges() {
  const t = useT(messages);
  const held = useMyBadges();
  const rules = useBadgeRules();
  if (held.isPending || rules.isPending) return null;
  const error = held.error ?? rules.error;
  const badges = held.data ?? [];
  const heldRules = new Set(badges.map((badge) => badge.ruleId));
  const toEarn = (rules.data ?? []).filter((rule) => !heldRules.has(rule.id));
  if (!error && badges.length === 0 && toEarn.length === 0) return null;
  return (
    <Card role="region" aria-labelledby={MY_BADGES_HEADING_ID}>
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id={MY_BADGES_HEADING_ID} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight text-slate-900 focus:outline-none">
          <Award className="size-5 text-brand-600" aria-hidden="true" />
          {t('myBadges')}
        </h2>
        <CardDescription>
          {badges.length === 0 ? t('myBadgesNone') : t('youHold', { count: badges.length })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 p-4 pt-0 sm:p-6 sm:pt-0">
        {error ? (
          <LoadError error={error} fallback={t('yourBadgesLoadFailed')} />
        ) : (
          <>
            {badges.length > 0 && (
              <div className="grid gap-3">
                <HeldBadgeList badges={badges} label={t('badgesYouHold')} credentials />
                <CredentialNote />
              </div>
            )}
            {toEarn.length > 0 && (
              <section aria-labelledby="badges-to-earn-heading" className="grid gap-3">
                <h3 id="badges-to-earn-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
                  {t('stillToEarn')}
                </h3>
                <LockedBadgeList rules={toEarn} label={t('badgesStillToEarn')} />
              </section>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
