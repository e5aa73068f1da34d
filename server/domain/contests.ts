import { CONTEST_DAYS_MAX, type ContestState, type ParticipantKind } from '../../contract/contests';
import { text } from '../../contract/i18n';
import { invalid } from './errors';
import { messages } from './messages';
import { shiftDay, startOfLocalDay } from './periods';
import { scopeHolds, scopeIsEveryAgent, type TeamScope } from './team-scope';

/**
 * The rules of contests (docs/decisions/0077-contests.md): their state from the clock, their window, what each state
 * lets change, and whose contests a reader sees.
 */

/** The moments a contest's state follows from. */
export interface ContestMoments {
  startsOn: string;
  endsOn: string;
  publishedAt: Date | null;
  cancelledAt: Date | null;
  finalisedAt: Date | null;
}

/** A contest's state on the local day `today`: cancelled and final as kept; otherwise from its window. */
export function contestStateOf(contest: ContestMoments, today: string): ContestState {
  if (contest.finalisedAt) return 'final';
  if (contest.cancelledAt) return 'cancelled';
  if (!contest.publishedAt) return 'draft';
  if (today < contest.startsOn) return 'scheduled';
  if (today <= contest.endsOn) return 'running';
  return 'ended';
}

/** How many local days a window holds, both ends included. */
export const daysInWindow = (startsOn: string, endsOn: string): number => (Date.parse(endsOn) - Date.parse(startsOn)) / 86_400_000 + 1;

/** A window of local days, both included: endsAt not before startsAt, at most CONTEST_DAYS_MAX days. */
export function assertContestWindow(startsOn: string, endsOn: string): void {
  if (endsOn < startsOn) throw invalid(text(messages, 'endsBeforeStarts'), 'endsAt');
  if (daysInWindow(startsOn, endsOn) > CONTEST_DAYS_MAX) {
    throw invalid(text(messages, 'contestTooLong', { max: CONTEST_DAYS_MAX }), 'endsAt');
  }
}

/** A contest published now must not begin before today (a draft may, until it is published). */
export function assertStartsTodayOrLater(startsOn: string, today: string): void {
  if (startsOn < today) throw invalid(text(messages, 'startsAtPast'), 'startsAt');
}

/** The fields of a contest a change names. */
export type ContestField =
  | 'name'
  | 'description'
  | 'metric'
  | 'startsAt'
  | 'endsAt'
  | 'format'
  | 'target'
  | 'participants'
  | 'teamsCompete'
  | 'prizes'
  | 'showOnTv'
  | 'recurrence'
  | 'draft';

const CHANGEABLE: Record<ContestState, readonly ContestField[]> = {
  draft: ['name', 'description', 'metric', 'startsAt', 'endsAt', 'format', 'target', 'participants', 'teamsCompete', 'prizes', 'showOnTv', 'recurrence', 'draft'],
  scheduled: ['name', 'description', 'prizes', 'showOnTv'],
  running: ['description', 'showOnTv'],
  ended: ['description', 'showOnTv'],
  final: [],
  cancelled: [],
};

/** The fields a change of a contest in `state` may not name (empty: the change is allowed). */
export function fieldsLockedIn(state: ContestState, fields: readonly ContestField[]): ContestField[] {
  return fields.filter((field) => !CHANGEABLE[state].includes(field));
}

/** Who takes part, as stored: everyone, or the teams or agents named. */
export interface ContestParticipants {
  kind: ParticipantKind;
  ids: readonly number[];
}

/**
 * Whether a scope may set up a contest for these participants: a scope of every agent anything; a scope limited to
 * some teams only contests of those teams, or of agents all in them (`teamsOf` gives the teams of the agents named).
 */
export function scopeMaySetUp(scope: TeamScope, participants: ContestParticipants, teamsOf: ReadonlyMap<number, number | null>): boolean {
  if (scopeIsEveryAgent(scope)) return true;
  if (participants.kind === 'all') return false;
  if (participants.kind === 'teams') return participants.ids.every((teamId) => scopeHolds(scope, teamId));
  return participants.ids.every((agentId) => scopeHolds(scope, teamsOf.get(agentId)));
}

/**
 * Whether a reader sees a contest: staff of every agent all; staff of some teams the contests of everyone, of one of
 * their teams, or with one of their agents (`teamsOf`: the teams of the agents named); an agent the published contests
 * it takes part in (everyone's, its team's, or naming it).
 */
export function readerSeesContest(
  reader: { kind: 'staff'; scope: TeamScope } | { kind: 'agent'; agentId: number; teamId: number | null },
  contest: ContestParticipants & { published: boolean },
  teamsOf: ReadonlyMap<number, number | null>,
): boolean {
  if (reader.kind === 'staff') {
    if (scopeIsEveryAgent(reader.scope) || contest.kind === 'all') return true;
    if (contest.kind === 'teams') return contest.ids.some((teamId) => scopeHolds(reader.scope, teamId));
    return contest.ids.some((agentId) => scopeHolds(reader.scope, teamsOf.get(agentId)));
  }
  if (!contest.published) return false;
  if (contest.kind === 'all') return true;
  if (contest.kind === 'teams') return reader.teamId !== null && contest.ids.includes(reader.teamId);
  return contest.ids.includes(reader.agentId);
}

/** A place in a contest's standings: the figure it ranks and its rank (shared by equal figures). */
export interface RankedFigure<T> {
  figure: T;
  rank: number;
}

/**
 * Ranks a contest's figures (given highest first, then by name and id): equal figures share a rank (1, 1, 3). In a race
 * with a winner (`winnerId`, the first to reach the target in commit order) the winner is first whatever its figure
 * now, and the others follow from 2 by their figures.
 */
export function rankContest<T extends { id: number; value: bigint }>(figures: readonly T[], winnerId: number | null): RankedFigure<T>[] {
  const winner = winnerId === null ? undefined : figures.find((figure) => figure.id === winnerId);
  const rest = winner ? figures.filter((figure) => figure !== winner) : figures;
  const offset = winner ? 1 : 0;
  const ranked: RankedFigure<T>[] = winner ? [{ figure: winner, rank: 1 }] : [];
  let rank = 0;
  rest.forEach((figure, i) => {
    if (i === 0 || rest[i - 1]!.value !== figure.value) rank = i + 1;
    ranked.push({ figure, rank: rank + offset });
  });
  return ranked;
}

/**
 * Who takes each prize of a final contest: the participants whose rank is the prize's place and whose figure is above
 * zero (a place is taken, not given: nobody wins with nothing). Ties share the prize of their place, and leave the
 * next places empty (1, 1, 3: no second). A race without a winner awards nothing.
 */
export function prizeWinners<T extends { value: bigint }>(
  ranked: readonly RankedFigure<T>[],
  places: readonly number[],
  race: { format: 'total' | 'race'; winnerId: number | null },
): Map<number, T[]> {
  const winners = new Map<number, T[]>();
  if (race.format === 'race' && race.winnerId === null) return winners;
  for (const place of places) {
    const taking = ranked.filter((row) => row.rank === place && row.figure.value > 0n).map((row) => row.figure);
    if (taking.length > 0) winners.set(place, taking);
  }
  return winners;
}

/** The day after a month's `day`-th (clamped to its last day): 31 January's next month is 28 or 29 February. */
function sameDayNextMonth(day: string, lastOfMonth: boolean): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const daysInNext = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = new Date(Date.UTC(year, month, lastOfMonth ? daysInNext : Math.min(date, daysInNext)));
  return next.toISOString().slice(0, 10);
}

const isLastOfMonth = (day: string): boolean => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate() === date;
};

/**
 * The next window of a recurring contest: a week later, or the same days of the next month (a window ending on a
 * month's last day ends on the next month's last day, so a whole month is followed by the whole next month).
 */
export function nextWindow(startsOn: string, endsOn: string, recurrence: 'weekly' | 'monthly'): { startsOn: string; endsOn: string } {
  if (recurrence === 'weekly') {
    const week = (day: string) => new Date(Date.parse(day) + 7 * 86_400_000).toISOString().slice(0, 10);
    return { startsOn: week(startsOn), endsOn: week(endsOn) };
  }
  return { startsOn: sameDayNextMonth(startsOn, false), endsOn: sameDayNextMonth(endsOn, isLastOfMonth(endsOn)) };
}

/** A local day's first instant in the organisation's zone. */
function dayStart(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return startOfLocalDay(year, month, date, timeZone);
}

/** The window [from, to) of local days startsOn to endsOn, both included, as instants in the organisation's zone. */
export function contestWindow(contest: { startsOn: string; endsOn: string }, timeZone: string): { from: Date; to: Date } {
  return { from: dayStart(contest.startsOn, timeZone), to: dayStart(shiftDay(contest.endsOn, { days: 1 }), timeZone) };
}

/** When an ended contest's results freeze: `graceHours` after its window closed. */
export function finalAtOf(contest: { endsOn: string }, timeZone: string, graceHours: number): Date {
  return new Date(dayStart(shiftDay(contest.endsOn, { days: 1 }), timeZone).getTime() + graceHours * 3_600_000);
}

/** The events that move contests' figures (their standings, a race's winner). */
export const CONTEST_MOVING_TYPES: ReadonlySet<string> = new Set(['entry.created', 'entry.voided', 'activity.created', 'activity.voided']);
