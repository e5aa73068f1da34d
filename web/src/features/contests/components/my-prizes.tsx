import type { ContestPrizeWon } from '@contract/contests';
import { Gift, Medal } from 'lucide-react';
import { useRef, useState } from 'react';
import { ClaimStatusBadge } from '../../../components/claims/claim-status';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useAgentSession } from '../../../lib/agent-session';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { useMyPrizes } from '../api/contests';
import { placeName } from '../utils/contest-text';
import { PLACE_STYLES } from './standings-list';
import { PrizeClaimDialog } from './prize-claim-dialog';

/**
 * "Your prizes" on the agent's dashboard: each prize a final contest awarded it, with the contest and place; a prize
 * that is a reward is claimed here (then its claim's status shows), one given in person says so. Nothing while there
 * is none.
 */
export function MyPrizes() {
  const t = useT(messages);
  const prizes = useMyPrizes();
  const { agent } = useAgentSession();
  const [claiming, setClaiming] = useState<ContestPrizeWon | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const list = prizes.data ?? [];
  if (list.length === 0) return null;
  const claim = (prize: ContestPrizeWon, button: HTMLElement) => {
    opener.current = button;
    setClaiming(prize);
  };
  return (
    <Card role="region" aria-labelledby="my-prizes-heading">
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id="my-prizes-heading" tabIndex={-1} className="flex items-center gap-2 text-lg focus:outline-none font-semibold leading-tight tracking-tight text-slate-900">
          <Gift className="size-5 text-brand-600" aria-hidden="true" />
          {t('yourPrizes')}
        </h2>
        <CardDescription>{t('yourPrizesText')}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <ul aria-label={t('yourPrizes')} className="grid gap-3 md:grid-cols-2">
          {list.map((prize) => (
            <li key={prize.id} className="flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
              <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full ring-1', PLACE_STYLES[prize.place] ?? 'bg-brand-50 text-brand-700 ring-brand-100')}>
                <Medal className="size-5" aria-hidden="true" />
              </span>
              <div className="grid min-w-0 flex-1 gap-1">
                <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
                  {t('placeInContestShort', { place: placeName(prize.place), contest: prize.contestName })}
                </p>
                <p className="text-sm text-slate-800 [overflow-wrap:anywhere]">{prize.prizeText}</p>
                <p className="text-xs text-slate-600">
                  {prize.rewardTitle
                    ? t('rewardWon', { title: prize.rewardTitle, date: formatDate(prize.awardedAt) })
                    : t('inPersonWon', { date: formatDate(prize.awardedAt) })}
                </p>
                {prize.claim && (
                  <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    {t('claimColon')} <ClaimStatusBadge status={prize.claim.status} />
                  </p>
                )}
              </div>
              {prize.rewardTitle && !prize.claim && (
                <Button size="sm" aria-label={t('claimPrizeFor', { contest: prize.contestName })} aria-haspopup="dialog" onClick={(event) => claim(prize, event.currentTarget)}>
                  <Gift aria-hidden="true" />
                  {t('claimPrize')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
      <PrizeClaimDialog
        prize={claiming}
        agent={agent}
        onOpenChange={(open) => {
          if (open) return;
          setClaiming(null);
          // Back to the button, or to the list once the claim took the button away.
          requestAnimationFrame(() => (opener.current?.isConnected ? opener.current.focus() : document.getElementById('my-prizes-heading')?.focus()));
        }}
      />
    </Card>
  );
}
