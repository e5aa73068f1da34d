import type { Contest } from '@contract/contests';
import { ChevronLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { ContestActions } from './contest-actions';
import { ContestFacts, ContestTiming } from './contest-facts';
import { ContestStandingsPanel } from './contest-standings';
import { ContestStateBadge } from './contest-state-badge';

/**
 * One contest, opened from the list: what it is, where it is in its course (a countdown while it runs), what may be done
 * to it, and its standings, live, or its frozen results once final. Its heading takes the focus when it opens.
 */
export function ContestDetail({ contest, teamNames, activeAgents, onBack }: { contest: Contest; teamNames: ReadonlyMap<number, string>; activeAgents?: number; onBack: () => void }) {
  const t = useT(messages);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [contest.id]);
  return (
    <section aria-labelledby="contest-detail-heading" className="grid gap-5">
      <Button variant="ghost" size="sm" className="justify-self-start" onClick={onBack}>
        <ChevronLeft aria-hidden="true" />
        {t('allContests')}
      </Button>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h4 id="contest-detail-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 [overflow-wrap:anywhere] focus:outline-none">
            {contest.name}
          </h4>
          <ContestStateBadge state={contest.state} />
        </div>
        {contest.description && <p className="whitespace-pre-line text-sm text-slate-700 [overflow-wrap:anywhere]">{contest.description}</p>}
        <ContestTiming contest={contest} />
      </div>
      <ContestActions contest={contest} activeAgents={activeAgents} onDeleted={onBack} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(16rem,1fr)]">
        <ContestStandingsPanel contest={contest} />
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <ContestFacts contest={contest} teamNames={teamNames} />
        </div>
      </div>
    </section>
  );
}
