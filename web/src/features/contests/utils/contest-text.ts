import type { Contest, ContestState } from '@contract/contests';
import type { MetricUnit } from '@contract/metrics';
import { ordinal } from '@contract/ordinal';
import { formatCalendarDay, formatCount, formatCurrency } from '../../../lib/format';
import { localDayOf } from '../../../lib/calendar-day';

/**
 * Contests in words (docs/decisions/0077-contests.md): a figure by its metric's unit, a state's name and badge, a
 * window of local days, who takes part, a place.
 */

/** A contest's figure as the API answers it (a count as a number, money as a decimal string): "12", "$1,250". */
export function formatContestFigure(unit: MetricUnit, value: number | string): string {
  return unit === 'count' ? formatCount(Math.trunc(Number(value))) : formatCurrency(value);
}

/** A figure with what it counts: "3 Calls", "$300". */
export function contestAmount(contest: Pick<Contest, 'unit' | 'metricName'>, value: number | string): string {
  const figure = formatContestFigure(contest.unit, value);
  return contest.unit === 'count' ? `${figure} ${contest.metricName}` : figure;
}

export const STATE_ORDER: readonly ContestState[] = ['running', 'scheduled', 'draft', 'ended', 'final', 'cancelled'];

export const STATE_LABELS: Record<ContestState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  running: 'Running',
  ended: 'Ended',
  final: 'Final',
  cancelled: 'Cancelled',
};

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
  return contest.startsAt === contest.endsAt ? formatCalendarDay(contest.startsAt) : `${formatCalendarDay(contest.startsAt)} – ${formatCalendarDay(contest.endsAt)}`;
}

/** "Total" or "Race to 50 Calls". */
export function contestFormatText(contest: Pick<Contest, 'format' | 'target' | 'unit' | 'metricName'>): string {
  return contest.format === 'race' && contest.target !== null ? `Race to ${contestAmount(contest, contest.target)}` : 'Most by the end';
}

/** Who takes part, in a few words: "Everyone", "2 teams: North, South", "5 agents"; "team against team" when teams compete. */
export function participantsText(contest: Pick<Contest, 'participants' | 'teamsCompete'>, teamNames: ReadonlyMap<number, string>): string {
  const { kind, ids } = contest.participants;
  const who =
    kind === 'all'
      ? 'Everyone'
      : kind === 'teams'
        ? `${ids.length} ${ids.length === 1 ? 'team' : 'teams'}: ${ids.map((id) => teamNames.get(id) ?? `team ${id}`).join(', ')}`
        : `${ids.length} ${ids.length === 1 ? 'agent' : 'agents'}`;
  return contest.teamsCompete ? `${who} · team against team` : who;
}

/** A place as words are written: 1st, 2nd, 3rd, 4th, 11th, 21st (contract/ordinal.ts, without the schemas). */
export const placeName = ordinal;

/** Today in the browser's time zone, as the API names days: "2026-11-28". */
export function todayDay(now = new Date()): string {
  return localDayOf(now);
}

