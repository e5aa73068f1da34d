import { CONTEST_DAYS_MAX, type ContestState, type ParticipantKind } from '../../contract/contests';
import { invalid } from './errors';
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
  if (endsOn < startsOn) throw invalid('endsAt must not be before startsAt', 'endsAt');
  if (daysInWindow(startsOn, endsOn) > CONTEST_DAYS_MAX) {
    throw invalid(`A contest lasts at most ${CONTEST_DAYS_MAX} days: make a season of several contests`, 'endsAt');
  }
}

/** A contest published now must not begin before today (a draft may, until it is published). */
export function assertStartsTodayOrLater(startsOn: string, today: string): void {
  if (startsOn < today) throw invalid('startsAt must be today or later for a contest that is published', 'startsAt');
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
