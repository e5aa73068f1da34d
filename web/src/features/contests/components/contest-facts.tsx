import type { Contest } from '@contract/contests';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { contestFormatText, contestWindowText, participantsText, placeName } from '../utils/contest-text';
import { Countdown } from './countdown';

/** What a contest is: its metric, how it is won, its window, who takes part, its prizes, whether it repeats or shows on the TV. */
export function ContestFacts({ contest, teamNames }: { contest: Contest; teamNames: ReadonlyMap<number, string> }) {
  const t = useT(messages);
  const facts: Array<[string, string]> = [
    [t('metric'), contest.metricName],
    [t('howWon'), contestFormatText(contest)],
    [t('when'), contestWindowText(contest)],
    [t('whoTakesPart'), participantsText(contest, teamNames)],
    [t('repeats'), t('recurrence', { recurrence: contest.recurrence ?? 'none' })],
    [t('onTheTvFact'), t('tvValue', { tv: contest.showOnTv ? 'yes' : 'no' })],
  ];
  return (
    <div className="grid gap-3">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-1">
        {facts.map(([term, value]) => (
          <div key={term} className="grid min-w-0 gap-0.5">
            <dt className="text-slate-600">{term}</dt>
            <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      {contest.prizes.length > 0 && (
        <div className="grid gap-1 text-sm">
          <p className="text-slate-600">{t('prizes')}</p>
          <ul aria-label={t('prizes')} className="grid gap-1">
            {contest.prizes.map((prize) => (
              <li key={prize.place} className="text-slate-900 [overflow-wrap:anywhere]">
                <span className="font-semibold">{t('placeColon', { place: placeName(prize.place) })}</span> {prize.text}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Where a contest is in its course: a countdown while scheduled or running, what ended or final means, a cancellation. */
export function ContestTiming({ contest }: { contest: Contest }) {
  const t = useT(messages);
  switch (contest.state) {
    case 'running':
      return <Countdown until={new Date(contest.closesAt)} label={t('endsIn')} doneText={t('endingNowLate')} />;
    case 'scheduled':
      return <Countdown until={new Date(contest.opensAt)} label={t('startsIn')} doneText={t('startingNow')} />;
    case 'draft':
      return <p className="text-sm text-slate-700">{t('draftNote')}</p>;
    case 'ended':
      return <p className="text-sm text-slate-700">{t('endedNote')}</p>;
    case 'final':
      return <p className="text-sm text-slate-700">{contest.finalisedAt ? t('finalSince', { date: formatDateTime(contest.finalisedAt) }) : t('finalNote')}</p>;
    case 'cancelled':
      return <p className="text-sm text-slate-700">{contest.cancelledAt ? t('cancelledOn', { date: formatDateTime(contest.cancelledAt) }) : t('cancelledNote')}</p>;
  }
}
