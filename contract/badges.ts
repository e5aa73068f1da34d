import { z } from 'zod';
import { idField, optionalText, requiredText, storableText } from './fields';
import { render, text, zodText } from './i18n';
import { messages } from './messages';
import { metricKey } from './metrics';

/**
 * Achievements (docs/decisions/0078-achievements.md): badges awarded by rules the owner switches on, without code,
 * each once per agent, from the events in commit order.
 */
export const badgeKinds = ['first_entry', 'record_week', 'goal_streak', 'activity_streak', 'contest_podium', 'tier_reached'] as const;
export type BadgeKind = (typeof badgeKinds)[number];

/** What each kind rewards, in words (the owner's picker; a badge's default description). */
export const BADGE_KIND_LABELS: Record<BadgeKind, string> = {
  first_entry: 'A first sale recorded',
  record_week: 'A personal record week of profit',
  goal_streak: 'Goals reached several periods in a row',
  activity_streak: 'Activity on several working days in a row',
  contest_podium: 'A place on a contest’s podium',
  tier_reached: 'A tier reached',
};

export const BADGE_NAME_MAX = 60;
export const BADGE_DESCRIPTION_MAX = 300;
/** Streaks count from 2 to this many periods or working days. */
export const BADGE_STREAK_MAX = 100;
/** Rules switched on at once, at most. */
export const BADGE_RULES_MAX = 50;
/** Rules kept at most, switched off ones included (rules are never deleted: the badges they awarded keep their name). */
export const BADGE_RULES_KEPT_MAX = 500;

const streak = z
  .number(zodText(text(messages, 'wholeNumber', { name: 'params.count' })))
  .int(zodText(text(messages, 'wholeNumber', { name: 'params.count' })))
  .min(2, zodText(text(messages, 'streakAtLeastTwo')))
  .max(BADGE_STREAK_MAX, zodText(text(messages, 'atMost', { name: 'params.count', max: BADGE_STREAK_MAX })));

const PLACES = zodText(text(messages, 'badgePlaces'));
const TRUE_OR_FALSE = (field: string) => zodText(text(messages, 'mustBeTrueOrFalse', { field }));

/** A rule's settings, by kind: what a streak counts, which metric, which tier, which places. */
export const badgeParams = z.strictObject({
  /** goal_streak: periods in a row; activity_streak: working days in a row. */
  count: streak.optional(),
  /** activity_streak: the metric whose activity counts. */
  metric: metricKey.optional(),
  /** tier_reached: the tier (none: any tier). */
  tierId: idField(text(messages, 'badgeTierId')).optional(),
  /** contest_podium: the places that count, 1 to this (default 3). */
  places: z.number(PLACES).int(PLACES).min(1, PLACES).max(3, PLACES).optional(),
});
export type BadgeParams = z.infer<typeof badgeParams>;

/** The settings each kind takes (others are refused), and those it needs. */
export const BADGE_PARAMS_BY_KIND: Record<BadgeKind, { takes: readonly (keyof BadgeParams)[]; needs: readonly (keyof BadgeParams)[] }> = {
  first_entry: { takes: [], needs: [] },
  record_week: { takes: [], needs: [] },
  goal_streak: { takes: ['count'], needs: ['count'] },
  activity_streak: { takes: ['count', 'metric'], needs: ['count', 'metric'] },
  contest_podium: { takes: ['places'], needs: [] },
  tier_reached: { takes: ['tierId'], needs: [] },
};

/** POST /api/badges (owner): a rule, switched on unless `active: false`. Its kind and settings never change. */
export const createBadgeRuleInput = z
  .strictObject({
    kind: z.enum(badgeKinds, zodText(text(messages, 'mustBeOneOf', { field: 'kind', options: badgeKinds.join(', ') }))),
    name: requiredText(text(messages, 'badgeNeedsName'), BADGE_NAME_MAX, text(messages, 'nameLabel')),
    description: optionalText(BADGE_DESCRIPTION_MAX),
    params: badgeParams.optional().default({}),
    active: z.boolean(TRUE_OR_FALSE('active')).optional().default(true),
  })
  .superRefine((input, context) => {
    const { takes, needs } = BADGE_PARAMS_BY_KIND[input.kind];
    for (const key of Object.keys(input.params) as (keyof BadgeParams)[]) {
      if (input.params[key] !== undefined && !takes.includes(key)) context.addIssue({ code: 'custom', path: ['params', key], message: render(text(messages, 'badgeTakesNo', { kind: input.kind, key })) });
    }
    for (const key of needs) {
      if (input.params[key] === undefined) context.addIssue({ code: 'custom', path: ['params', key], message: render(text(messages, 'badgeNeeds', { kind: input.kind, key })) });
    }
  });
export type CreateBadgeRuleInput = z.input<typeof createBadgeRuleInput>;

/** PATCH /api/badges/{id} (owner): its name, description, or switched on or off (awarded badges stay). */
export const updateBadgeRuleInput = z
  .strictObject({
    name: requiredText(text(messages, 'badgeNeedsName'), BADGE_NAME_MAX, text(messages, 'nameLabel')).optional(),
    // Blank: the kind's own words again.
    description: storableText(
      z
        .string(zodText(text(messages, 'mustBeTextNamed', { field: 'description' })))
        .trim()
        .max(BADGE_DESCRIPTION_MAX, zodText(text(messages, 'atMostCharactersNamed', { field: 'description', max: BADGE_DESCRIPTION_MAX }))),
    ).optional(),
    active: z.boolean(TRUE_OR_FALSE('active')).optional(),
  })
  .refine((input) => input.name !== undefined || input.active !== undefined || input.description !== undefined, zodText(text(messages, 'nothingToChangeBadge')));
export type UpdateBadgeRuleInput = z.input<typeof updateBadgeRuleInput>;

export const badgeRule = z.object({
  id: z.number(),
  kind: z.enum(badgeKinds),
  name: z.string(),
  description: z.string(),
  params: badgeParams,
  active: z.boolean(),
  /** How many agents hold it (staff only; 0 for agents). */
  awarded: z.number(),
  createdAt: z.string(),
});
export type BadgeRule = z.infer<typeof badgeRule>;

/** GET /api/badges: staff every rule, agents the active ones (what they can earn). */
export const badgeRuleList = z.object({ badges: z.array(badgeRule) });
export type BadgeRuleList = z.infer<typeof badgeRuleList>;

/** A badge an agent holds. */
export const agentBadge = z.object({
  id: z.number(),
  ruleId: z.number(),
  kind: z.enum(badgeKinds),
  name: z.string(),
  description: z.string(),
  awardedAt: z.string(),
  /** What earned it, in words ("5 working days in a row of Calls"). */
  detail: z.string(),
});
export type AgentBadge = z.infer<typeof agentBadge>;

/** GET /api/agents/{id}/badges, GET /api/agents/me/badges: newest first. */
export const agentBadgeList = z.object({ badges: z.array(agentBadge) });
export type AgentBadgeList = z.infer<typeof agentBadgeList>;

/**
 * GET /api/agents/me/badges/{id}/credential: the badge as an Open Badges 3.0 credential (docs/decisions/0078): the
 * VC-JWT to keep or hand to a wallet, and the credential it carries, readable.
 */
export const badgeCredential = z.object({
  /** The compact JWS (a VC-JWT, media type application/vc+jwt), signed EdDSA; its key in /.well-known/jwks.json. */
  jwt: z.string(),
  credential: z.record(z.string(), z.unknown()),
});
export type BadgeCredential = z.infer<typeof badgeCredential>;

/** GET /.well-known/jwks.json: the organisation's public keys that sign badge credentials. */
export const jsonWebKeySet = z.object({
  keys: z.array(z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string(), kid: z.string(), use: z.literal('sig'), alg: z.literal('EdDSA') })),
});
export type JsonWebKeySet = z.infer<typeof jsonWebKeySet>;
