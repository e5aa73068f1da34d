import type { Contest, ContestFormat, ContestRecurrence, ContestState, CreateContestInput, ParticipantKind, UpdateContestInput } from '@contract/contests';
import type { MetricUnit } from '@contract/metrics';
import { addDays, dayPattern, isCalendarDay } from '../../../lib/day-field';
import { orgLocale } from '../../../lib/format';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { todayDay } from './contest-text';

/** An agent picked as a participant: its id, name as the picker showed it, and whether it is active (only they count). */
export interface PickedAgent {
  id: number;
  name: string;
  active: boolean;
}

export interface PrizeRow {
  text: string;
  /** '' for a prize given in person. */
  rewardOptionId: string;
}

/** The contest dialog's values, as typed. */
export interface ContestFormValues {
  name: string;
  description: string;
  metric: string;
  startsAt: string;
  endsAt: string;
  format: ContestFormat;
  target: string;
  participantKind: ParticipantKind;
  teamIds: number[];
  agents: PickedAgent[];
  teamsCompete: boolean;
  /** The prize of place i + 1 at i. */
  prizes: PrizeRow[];
  showOnTv: boolean;
  recurrence: ContestRecurrence | '';
}

export type ContestFormField =
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
  | 'recurrence';

export type ContestFormErrors = Partial<Record<ContestFormField | 'form', string>>;

/** A new contest: this week from today, a total on the first metric, everyone, no prize. */
export function emptyContestForm(metric: string, today = todayDay()): ContestFormValues {
  return {
    name: '',
    description: '',
    metric,
    startsAt: today,
    endsAt: addDays(today, 6),
    format: 'total',
    target: '',
    participantKind: 'all',
    teamIds: [],
    agents: [],
    teamsCompete: false,
    prizes: [],
    showOnTv: false,
    recurrence: '',
  };
}

/** A contest's values, to change it (`agentNames`: the names of the agents it names, as far as they are known). */
export function contestFormOf(contest: Contest, agentNames: ReadonlyMap<number, string>): ContestFormValues {
  return {
    name: contest.name,
    description: contest.description ?? '',
    metric: contest.metric,
    startsAt: contest.startsAt,
    endsAt: contest.endsAt,
    format: contest.format,
    target: contest.target === null ? '' : String(contest.target),
    participantKind: contest.participants.kind,
    teamIds: contest.participants.kind === 'teams' ? contest.participants.ids : [],
    agents:
      contest.participants.kind === 'agents'
        ? contest.participants.ids.map((id) => ({ id, name: agentNames.get(id) ?? translate(messages, 'agentNumberedInactive', { id: String(id) }), active: agentNames.has(id) }))
        : [],
    teamsCompete: contest.teamsCompete,
    prizes: [...contest.prizes].sort((a, b) => a.place - b.place).map((prize) => ({ text: prize.text, rewardOptionId: prize.rewardOptionId === null ? '' : String(prize.rewardOptionId) })),
    showOnTv: contest.showOnTv,
    recurrence: contest.recurrence ?? '',
  };
}

/**
 * What a contest in each state may still change (as the server's rules, docs/decisions/0077-contests.md): a draft
 * everything; a scheduled contest its name, description, prizes and showing on the TV; a running or ended one its
 * description and the TV; a final or cancelled one nothing.
 */
const CHANGEABLE: Record<ContestState, readonly ContestFormField[]> = {
  draft: ['name', 'description', 'metric', 'startsAt', 'endsAt', 'format', 'target', 'participants', 'teamsCompete', 'prizes', 'showOnTv', 'recurrence'],
  scheduled: ['name', 'description', 'prizes', 'showOnTv'],
  running: ['description', 'showOnTv'],
  ended: ['description', 'showOnTv'],
  final: [],
  cancelled: [],
};

export function changeableIn(state: ContestState | 'new'): ReadonlySet<ContestFormField> {
  return new Set(state === 'new' ? CHANGEABLE.draft : CHANGEABLE[state]);
}

/** Whether a contest in this state may still be edited at all. */
export const editable = (state: ContestState) => CHANGEABLE[state].length > 0;

/** A race's target as typed: a whole number for a count, an amount above zero for money; the message when it is not. */
export function targetError(unit: MetricUnit, text: string): string | undefined {
  const value = text.trim();
  if (value === '') return translate(messages, 'enterRaceTarget');
  if (unit === 'count') return /^\d+$/.test(value) && Number(value) >= 1 ? undefined : translate(messages, 'wholeNumber');
  return /^\d+(\.\d{1,2})?$/.test(value) && Number(value) > 0 ? undefined : translate(messages, 'amountAboveZero');
}

/** What the form itself can tell before asking the server (the server checks the rest, and says so by field). */
export function checkContestForm(values: ContestFormValues, unit: MetricUnit, changeable: ReadonlySet<ContestFormField>): ContestFormErrors {
  const errors: ContestFormErrors = {};
  if (changeable.has('name') && values.name.trim() === '') errors.name = translate(messages, 'giveName');
  if (changeable.has('startsAt')) {
    if (values.startsAt === '') errors.startsAt = translate(messages, 'pickFirstDay');
    else if (!isCalendarDay(values.startsAt)) errors.startsAt = translate(messages, 'enterFirstDay', { pattern: dayPattern(orgLocale()).placeholder });
    if (values.endsAt === '') errors.endsAt = translate(messages, 'pickLastDay');
    else if (!isCalendarDay(values.endsAt)) errors.endsAt = translate(messages, 'enterLastDay', { pattern: dayPattern(orgLocale()).placeholder });
    else if (isCalendarDay(values.startsAt) && values.endsAt < values.startsAt) errors.endsAt = translate(messages, 'lastBeforeFirst');
  }
  if (changeable.has('target') && values.format === 'race') {
    const wrong = targetError(unit, values.target);
    if (wrong) errors.target = wrong;
  }
  if (changeable.has('participants')) {
    if (values.participantKind === 'teams' && values.teamIds.length === 0) errors.participants = translate(messages, 'pickTeam');
    if (values.participantKind === 'agents' && values.agents.length === 0) errors.participants = translate(messages, 'pickAgent');
  }
  if (changeable.has('prizes') && values.prizes.some((prize) => prize.text.trim() === '')) errors.prizes = translate(messages, 'describeEachPrize');
  return errors;
}

const prizesOut = (values: ContestFormValues) =>
  values.prizes.map((prize, index) => ({ place: index + 1, text: prize.text.trim(), ...(prize.rewardOptionId === '' ? {} : { rewardOptionId: Number(prize.rewardOptionId) }) }));

const participantsOut = (values: ContestFormValues) =>
  values.participantKind === 'all'
    ? { kind: 'all' as const }
    : { kind: values.participantKind, ids: values.participantKind === 'teams' ? values.teamIds : values.agents.map((agent) => agent.id) };

/** POST /api/contests: a draft, or published. */
export function createInputOf(values: ContestFormValues, draft: boolean): CreateContestInput {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    ...(description === '' ? {} : { description }),
    metric: values.metric,
    startsAt: values.startsAt,
    endsAt: values.endsAt,
    format: values.format,
    ...(values.format === 'race' ? { target: values.target.trim() } : {}),
    participants: participantsOut(values),
    teamsCompete: values.teamsCompete,
    prizes: prizesOut(values),
    showOnTv: values.showOnTv,
    recurrence: values.recurrence === '' ? null : values.recurrence,
    draft,
  };
}

/** PATCH /api/contests/{id}: only what the contest's state lets change (`publish`: a draft published too). */
export function updateInputOf(values: ContestFormValues, changeable: ReadonlySet<ContestFormField>, publish: boolean): UpdateContestInput {
  const input: UpdateContestInput = {};
  if (changeable.has('name')) input.name = values.name.trim();
  if (changeable.has('description')) input.description = values.description.trim();
  if (changeable.has('metric')) input.metric = values.metric;
  if (changeable.has('startsAt')) input.startsAt = values.startsAt;
  if (changeable.has('endsAt')) input.endsAt = values.endsAt;
  if (changeable.has('format')) input.format = values.format;
  if (changeable.has('target')) input.target = values.format === 'race' ? values.target.trim() : null;
  if (changeable.has('participants')) input.participants = participantsOut(values);
  if (changeable.has('teamsCompete')) input.teamsCompete = values.teamsCompete;
  if (changeable.has('prizes')) input.prizes = prizesOut(values);
  if (changeable.has('showOnTv')) input.showOnTv = values.showOnTv;
  if (changeable.has('recurrence')) input.recurrence = values.recurrence === '' ? null : values.recurrence;
  if (publish) input.draft = false;
  return input;
}

/** The form field a server's issue is about (its path: "endsAt", "participants.ids", "prizes.0.text"), if any. */
export function fieldOfIssue(path: string): ContestFormField | undefined {
  const head = path.split('.')[0] ?? '';
  const fields: readonly string[] = ['name', 'description', 'metric', 'startsAt', 'endsAt', 'format', 'target', 'participants', 'teamsCompete', 'prizes', 'showOnTv', 'recurrence'];
  return fields.includes(head) ? (head as ContestFormField) : undefined;
}
