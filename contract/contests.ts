import { z } from 'zod';
import { calendarDay, idField, optionalText, queryInteger, requiredText, storableText } from './fields';
import { text, zodText } from './i18n';
import { PAGE_OFFSET_MAX } from './limits';
import { messages } from './messages';
import { metricKey, metricUnits } from './metrics';
import { claimStatuses, dashboardClaimInput } from './rewards';

/**
 * Contests (docs/decisions/0077-contests.md): a race or a total on one metric over a window of local days, between
 * everyone, some teams' agents or some agents, individually or team against team, with prizes per place. Their state
 * follows from the clock: draft (not published), scheduled, running, ended (the grace period), final, or cancelled.
 */

export const contestFormats = ['total', 'race'] as const;
export type ContestFormat = (typeof contestFormats)[number];
export const contestStates = ['draft', 'scheduled', 'running', 'ended', 'final', 'cancelled'] as const;
export type ContestState = (typeof contestStates)[number];
export const participantKinds = ['all', 'teams', 'agents'] as const;
export type ParticipantKind = (typeof participantKinds)[number];
export const contestRecurrences = ['weekly', 'monthly'] as const;
export type ContestRecurrence = (typeof contestRecurrences)[number];

export const CONTEST_NAME_MAX = 80;
export const CONTEST_DESCRIPTION_MAX = 1_000;
export const PRIZE_TEXT_MAX = 200;
/** Prizes for places 1 to this. */
export const PRIZE_PLACES_MAX = 10;
/** The longest window, in days (a season is several contests). */
export const CONTEST_DAYS_MAX = 92;
/** Teams or agents named as participants, at most. */
export const CONTEST_PARTICIPANT_IDS_MAX = 10_000;

const idList = (field: string) =>
  z
    .array(idField(text(messages, 'listOfIds', { field })), zodText(text(messages, 'listOfIds', { field })))
    .max(CONTEST_PARTICIPANT_IDS_MAX, zodText(text(messages, 'atMostIds', { field, max: CONTEST_PARTICIPANT_IDS_MAX })))
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

const TRUE_OR_FALSE = (field: string) => zodText(text(messages, 'mustBeTrueOrFalse', { field }));

/** Who takes part: everyone, the active agents of some teams, or some agents (active ones count). */
export const participantsInput = z
  .strictObject({
    kind: z.enum(participantKinds, zodText(text(messages, 'participantsKind'))),
    ids: idList('participants.ids').optional(),
  })
  .refine((input) => (input.kind === 'all' ? input.ids === undefined || input.ids.length === 0 : (input.ids?.length ?? 0) > 0), {
    ...zodText(text(messages, 'participantsIds')),
    path: ['ids'],
  });

export const prizeInput = z.strictObject({
  place: z
    .number(zodText(text(messages, 'wholeNumber', { name: 'place' })))
    .int(zodText(text(messages, 'wholeNumber', { name: 'place' })))
    .min(1, zodText(text(messages, 'placeFromOne')))
    .max(PRIZE_PLACES_MAX, zodText(text(messages, 'atMost', { name: 'place', max: PRIZE_PLACES_MAX }))),
  text: requiredText(text(messages, 'prizeNeedsText'), PRIZE_TEXT_MAX, text(messages, 'prizeLabel')),
  rewardOptionId: idField(text(messages, 'rewardOptionId')).optional(),
});

const prizesInput = z
  .array(prizeInput, zodText(text(messages, 'prizesList', { shape: '{place, text, rewardOptionId?}' })))
  .max(PRIZE_PLACES_MAX, zodText(text(messages, 'atMostPrizes', { max: PRIZE_PLACES_MAX })))
  .refine((prizes) => new Set(prizes.map((prize) => prize.place)).size === prizes.length, zodText(text(messages, 'onePrizePerPlace')))
  .transform((prizes) => [...prizes].sort((a, b) => a.place - b.place));

/** A race's target as sent (read by the metric's unit, as a goal's). */
const targetInput = z.union([z.string(), z.number()], zodText(text(messages, 'contestTarget')));

const contestFields = {
  name: requiredText(text(messages, 'contestNameRequired'), CONTEST_NAME_MAX, text(messages, 'contestNameLabel')),
  description: optionalText(CONTEST_DESCRIPTION_MAX),
  metric: metricKey,
  startsAt: calendarDay('startsAt'),
  endsAt: calendarDay('endsAt'),
  format: z.enum(contestFormats, zodText(text(messages, 'contestFormat'))),
  target: targetInput.optional(),
  participants: participantsInput,
  teamsCompete: z.boolean(TRUE_OR_FALSE('teamsCompete')).optional().default(false),
  prizes: prizesInput.optional().default([]),
  showOnTv: z.boolean(TRUE_OR_FALSE('showOnTv')).optional().default(false),
  recurrence: z.enum(contestRecurrences, zodText(text(messages, 'contestRecurrence'))).nullable().optional().default(null),
  draft: z.boolean(TRUE_OR_FALSE('draft')).optional().default(false),
};

/** POST /api/contests. A draft is kept for changing; otherwise it is published: scheduled, or running from today. */
export const createContestInput = z.strictObject(contestFields);
export type CreateContestInput = z.input<typeof createContestInput>;
export type NewContestInput = z.output<typeof createContestInput>;

/**
 * PATCH /api/contests/{id}: what the contest's state allows (decision 0077): a draft anything (`draft: false` publishes
 * it); a scheduled contest its name, description, prizes and showOnTv; a running or ended one its description and
 * showOnTv.
 */
export const updateContestInput = z
  .strictObject({
    name: contestFields.name.optional(),
    // Left out: unchanged; blank: removed.
    description: storableText(z.string(zodText(text(messages, 'mustBeText'))).trim().max(CONTEST_DESCRIPTION_MAX, zodText(text(messages, 'atMostCharacters', { max: CONTEST_DESCRIPTION_MAX }))))
      .transform((text) => (text ? text : null))
      .optional(),
    metric: metricKey.optional(),
    startsAt: calendarDay('startsAt').optional(),
    endsAt: calendarDay('endsAt').optional(),
    format: contestFields.format.optional(),
    target: targetInput.nullable().optional(),
    participants: participantsInput.optional(),
    teamsCompete: z.boolean(TRUE_OR_FALSE('teamsCompete')).optional(),
    prizes: prizesInput.optional(),
    showOnTv: z.boolean(TRUE_OR_FALSE('showOnTv')).optional(),
    recurrence: z.enum(contestRecurrences, zodText(text(messages, 'contestRecurrence'))).nullable().optional(),
    draft: z.literal(false, zodText(text(messages, 'draftOnlyFalse'))).optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), zodText(text(messages, 'nothingToChangeContest')));
export type UpdateContestInput = z.input<typeof updateContestInput>;

export const prize = z.object({ place: z.number(), text: z.string(), rewardOptionId: z.number().nullable() });
export type Prize = z.infer<typeof prize>;

export const contest = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  metric: z.string(),
  metricName: z.string(),
  unit: z.enum(metricUnits),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The moments the window opens and closes (midnight in the organisation's time zone): a countdown's ends. */
  opensAt: z.string(),
  closesAt: z.string(),
  format: z.enum(contestFormats),
  /** A race's target (a number for a count, an amount for money); null for a total. */
  target: z.union([z.number(), z.string()]).nullable(),
  participants: z.object({ kind: z.enum(participantKinds), ids: z.array(z.number()) }),
  teamsCompete: z.boolean(),
  prizes: z.array(prize),
  showOnTv: z.boolean(),
  recurrence: z.enum(contestRecurrences).nullable(),
  state: z.enum(contestStates),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  finalisedAt: z.string().nullable(),
});
export type Contest = z.infer<typeof contest>;

export const contestList = z.object({ contests: z.array(contest) });
export type ContestList = z.infer<typeof contestList>;

/** GET /api/contests?state: one state, or every contest. */
export const contestListQuery = z.strictObject({
  state: z.enum(contestStates, zodText(text(messages, 'mustBeOneOf', { field: 'state', options: contestStates.join(', ') }))).optional(),
});

/** One place in a contest's standings: an agent or, when teams compete, a team. */
export const contestStanding = z.object({
  /** Shared by equal figures. */
  rank: z.number(),
  /** null for an agent not shown on public boards, to other agents. */
  id: z.number().nullable(),
  name: z.string(),
  value: z.union([z.number(), z.string()]),
  /** How far behind the place above (null for the first). */
  gap: z.union([z.number(), z.string()]).nullable(),
  /** A race: the whole percent of the target reached (null for a total). */
  percentOfTarget: z.number().nullable(),
  /** The reader itself (an agent reading), or its team. */
  me: z.boolean(),
});
export type ContestStanding = z.infer<typeof contestStanding>;

/** Standings read at most this many places at a time. */
export const CONTEST_STANDINGS_LIMIT_MAX = 100;

/** GET /api/contests/{id}/standings?offset&limit: a page of the standings (the first 100 places by default). */
export const contestStandingsQuery = z.strictObject({
  offset: queryInteger('offset', 0, PAGE_OFFSET_MAX, 0),
  limit: queryInteger('limit', 1, CONTEST_STANDINGS_LIMIT_MAX, CONTEST_STANDINGS_LIMIT_MAX),
});

/** GET /api/contests/{id}/standings. */
export const contestStandings = z.object({
  contestId: z.number(),
  state: z.enum(contestStates),
  format: z.enum(contestFormats),
  unit: z.enum(metricUnits),
  teamsCompete: z.boolean(),
  target: z.union([z.number(), z.string()]).nullable(),
  /** A race won: the winner's name as the reader sees it (first in the standings); null while nobody has reached the target. */
  raceWinner: z.string().nullable(),
  /** Every place (participants, or teams when teams compete), and the page of them read. */
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
  standings: z.array(contestStanding),
  /** The reader's own place (an agent's, or its team's) wherever it is, when it takes part; null otherwise. */
  mine: contestStanding.nullable(),
});
export type ContestStandings = z.infer<typeof contestStandings>;

/** A prize a final contest awarded to the signed-in agent: what it is and, for a reward, whether it is claimed. */
export const contestPrizeWon = z.object({
  /** The award's id: what the claim names. */
  id: z.number(),
  contestId: z.number(),
  contestName: z.string(),
  place: z.number(),
  prizeText: z.string(),
  /** The reward option given as the prize (claimed through the claim lifecycle); null for a prize given in person. */
  rewardTitle: z.string().nullable(),
  awardedAt: z.string(),
  /** The live claim of it (not rejected), once claimed. */
  claim: z.object({ id: z.number(), status: z.enum(claimStatuses) }).nullable(),
});
export type ContestPrizeWon = z.infer<typeof contestPrizeWon>;

/** GET /api/agents/me/prizes: newest first. */
export const contestPrizeList = z.object({ prizes: z.array(contestPrizeWon) });
export type ContestPrizeList = z.infer<typeof contestPrizeList>;

/** POST /api/agents/me/prizes/{id}/claim: where the prize goes, as the tier dashboard's claim dialog asks. */
export const prizeClaimInput = dashboardClaimInput.shape.agentData;
export type PrizeClaimInput = z.input<typeof prizeClaimInput>;
