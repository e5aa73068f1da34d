import type { Contest, ContestState } from '@contract/contests';
import type { MetricUnit } from '@contract/metrics';
import { formatCalendarDay, formatCount, formatCurrency } from '../../../lib/format';
import { localDayOf } from '../../../lib/calendar-day';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * Contests in words (docs/decisions/0077-contests.md), in the language shown: a figure by its metric's unit, a state's
 * name and badge, a window of local days, who takes part, a place.
 */

/** A contest's figure as the API answers it (a count as a number, money as a decimal string): "12", "$1,250". */
export function formatContestFigure(unit: MetricUnit, value: number | string): string {
  return unit === 'count' ? formatCount(Math.trunc(Number(value))) : formatCurrency(value);
}

/** A figure with what it counts: "3 Calls", "$300". */
export function contestAmount(contest: Pick<Contest, 'unit' | 'metricName'>, value: number | string): string {
  const figure = formatContestFigure(contest.unit, value);
  return contest.unit === 'count' ? translate(messages, 'countOfMetric', { figure, metric: contest.metricName }) : figure;
}

export const STATE_ORDER: readonly ContestState[] = ['running', 'scheduled', 'draft', 'ended', 'final', 'cancelled'];

/** A state's name: "Running", "Draft". */
export function stateLabel(state: ContestState): string {
  return translate(messages, 'state', { state });
}

export const STATE_BADGES: Record<ContestState, 'default' | 'secondary' | 'success' | 'warning' | 'destructive' | 'outline'> = {
  running: 'success',
  scheduled: 'default',
  draft: 'outline',
  ended: 'warning',
  final: 'secondary',
  cancelled: 'destructive',
};

/** "Mon, Nov 30, 2026 – Sun, Dec 6, 2026", or the one day of a one-day contest. */
export function contestWindowText(contest: Pick<Contest, 'startsAt' | 'endsAt'>): string {
  return contest.startsAt === contest.endsAt
    ? formatCalendarDay(contest.startsAt)
    : translate(messages, 'window', { first: formatCalendarDay(contest.startsAt), last: formatCalendarDay(contest.endsAt) });
}

/** "Most by the end" or "Race to 50 Calls". */
export function contestFormatText(contest: Pick<Contest, 'format' | 'target' | 'unit' | 'metricName'>): string {
  return contest.format === 'race' && contest.target !== null
    ? translate(messages, 'raceTo', { amount: contestAmount(contest, contest.target) })
    : translate(messages, 'formatTotal');
}

/** Who takes part, in a few words: "Everyone", "2 teams: North, South", "5 agents"; "team against team" when teams compete. */
export function participantsText(contest: Pick<Contest, 'participants' | 'teamsCompete'>, teamNames: ReadonlyMap<number, string>): string {
  const { kind, ids } = contest.participants;
  const who =
    kind === 'all'
      ? translate(messages, 'kindAll')
      : kind === 'teams'
        ? translate(messages, 'teamsNamed', {
            count: ids.length,
            names: ids.map((id) => teamNames.get(id) ?? translate(messages, 'teamNumbered', { id: String(id) })).join(', '),
          })
        : translate(messages, 'agentCount', { count: ids.length });
  return contest.teamsCompete ? translate(messages, 'teamAgainstTeamShort', { who }) : who;
}

/** A place as words are written in the language shown: 1st, 2nd, 3rd, 4th, 11th, 21st ("1.", "2." in German). */
export function placeName(place: number): string {
  return translate(messages, 'ordinal', { place });
}

/** Today in the browser's time zone, as the API names days: "2026-11-28". */
export function todayDay(now = new Date()): string {
  return localDayOf(now);
}
