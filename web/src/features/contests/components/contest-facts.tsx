import type { Contest } from '@contract/contests';
import { formatDateTime } from '../../../lib/format';
import { contestFormatText, contestWindowText, participantsText, placeName } from '../utils/contest-text';
import { Countdown } from './countdown';

/** What a contest is: its metric, how it is won, its window, who takes part, its prizes, whether it repeats or shows on the TV. */
export function ContestFacts({ contest, teamNames }: { contest: Contest; teamNames: ReadonlyMap<number, string> }) {
  const facts: Array<[string, string]> = [
    ['Metric', contest.metricName],
    ['How it is won', contestFormatText(contest)],
    ['When', contestWindowText(contest)],
    ['Who takes part', participantsText(contest, teamNames)],
    ['Repeats', contest.recurrence === 'weekly' ? 'Every week' : contest.recurrence === 'monthly' ? 'Every month' : 'No, a one-off'],
    ['On the TV', contest.showOnTv ? 'Yes, while it runs' : 'No'],
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
          <p className="text-slate-600">Prizes</p>
          <ul aria-label="Prizes" className="grid gap-1">
            {contest.prizes.map((prize) => (
              <li key={prize.place} className="text-slate-900 [overflow-wrap:anywhere]">
                <span className="font-semibold">{placeName(prize.place)}:</span> {prize.text}
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
  switch (contest.state) {
    case 'running':
      return <Countdown until={new Date(contest.closesAt)} label="Ends in" doneText="Ending now: late entries still count for a while" />;
    case 'scheduled':
      return <Countdown until={new Date(contest.opensAt)} label="Starts in" doneText="Starting now" />;
    case 'draft':
      return <p className="text-sm text-slate-700">A draft: nobody sees it until it is published.</p>;
    case 'ended':
      return <p className="text-sm text-slate-700">Ended. Entries dated in its window still count until the results freeze.</p>;
    case 'final':
      return <p className="text-sm text-slate-700">Final{contest.finalisedAt ? ` since ${formatDateTime(contest.finalisedAt)}` : ''}: these results no longer change.</p>;
    case 'cancelled':
      return <p className="text-sm text-slate-700">Cancelled{contest.cancelledAt ? ` on ${formatDateTime(contest.cancelledAt)}` : ''}. It is kept with its standings; no prize is awarded.</p>;
  }
}
