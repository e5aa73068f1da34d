import { z } from 'zod';
import { idField, optionalText, requiredText, storableText } from './fields';
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
  .number({ error: 'params.count must be a whole number' })
  .int('params.count must be a whole number')
  .min(2, 'params.count must be at least 2 (a streak is more than one)')
  .max(BADGE_STREAK_MAX, `params.count must be at most ${BADGE_STREAK_MAX}`);

/** A rule's settings, by kind: what a streak counts, which metric, which tier, which places. */
export const badgeParams = z.strictObject({
  /** goal_streak: periods in a row; activity_streak: working days in a row. */
  count: streak.optional(),
  /** activity_streak: the metric whose activity counts. */
  metric: metricKey.optional(),
  /** tier_reached: the tier (none: any tier). */
  tierId: idField('params.tierId must be a tier id').optional(),
  /** contest_podium: the places that count, 1 to this (default 3). */
  places: z.number({ error: 'params.places must be 1, 2 or 3' }).int('params.places must be 1, 2 or 3').min(1, 'params.places must be 1, 2 or 3').max(3, 'params.places must be 1, 2 or 3').optional(),
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
    kind: z.enum(badgeKinds, { error: `kind must be one of ${badgeKinds.join(', ')}` }),
    name: requiredText('A badge needs a name', BADGE_NAME_MAX, 'Name'),
    description: optionalText(BADGE_DESCRIPTION_MAX),
    params: badgeParams.optional().default({}),
    active: z.boolean({ error: 'active must be true or false' }).optional().default(true),
  })
  .superRefine((input, context) => {
    const { takes, needs } = BADGE_PARAMS_BY_KIND[input.kind];
    for (const key of Object.keys(input.params) as (keyof BadgeParams)[]) {
      if (input.params[key] !== undefined && !takes.includes(key)) context.addIssue({ code: 'custom', path: ['params', key], message: `A ${input.kind} badge takes no params.${key}` });
    }
    for (const key of needs) {
      if (input.params[key] === undefined) context.addIssue({ code: 'custom', path: ['params', key], message: `A ${input.kind} badge needs params.${key}` });
    }
  });
export type CreateBadgeRuleInput = z.input<typeof createBadgeRuleInput>;

/** PATCH /api/badges/{id} (owner): its name, description, or switched on or off (awarded badges stay). */
export const updateBadgeRuleInput = z
  .strictObject({
    name: requiredText('A badge needs a name', BADGE_NAME_MAX, 'Name').optional(),
    // Blank: the kind's own words again.
    description: storableText(z.string({ error: 'description must be text' }).trim().max(BADGE_DESCRIPTION_MAX, `description must be at most ${BADGE_DESCRIPTION_MAX} characters`)).optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .refine((input) => input.name !== undefined || input.active !== undefined || input.description !== undefined, 'Nothing to change: name, description or active');
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
