import { z } from 'zod';
import { moneyString, thresholdInput } from './money';
import { storableText } from './fields';
import { text, zodText } from './i18n';
import { messages } from './messages';

export const TIER_COUNT = 12;

/** The 12 tiers as the product ships them (docs/product.md §9.1). Thresholds in whole dollars. */
export const TIER_DEFINITIONS = [
  { order: 1, name: 'Starter', dollars: 5_000, label: '$5K', color: '#64748b' },
  { order: 2, name: 'Bronze', dollars: 10_000, label: '$10K', color: '#b45309' },
  { order: 3, name: 'Silver', dollars: 20_000, label: '$20K', color: '#94a3b8' },
  { order: 4, name: 'Gold', dollars: 35_000, label: '$35K', color: '#eab308' },
  { order: 5, name: 'Platinum', dollars: 50_000, label: '$50K', color: '#a5b4fc' },
  { order: 6, name: 'Ruby', dollars: 75_000, label: '$75K', color: '#e11d48' },
  { order: 7, name: 'Emerald', dollars: 100_000, label: '$100K', color: '#059669' },
  { order: 8, name: 'Sapphire', dollars: 150_000, label: '$150K', color: '#2563eb' },
  { order: 9, name: 'Diamond', dollars: 200_000, label: '$200K', color: '#22d3ee' },
  { order: 10, name: 'Master', dollars: 300_000, label: '$300K', color: '#7c3aed' },
  { order: 11, name: 'Grandmaster', dollars: 500_000, label: '$500K', color: '#dc2626' },
  { order: 12, name: 'Legend', dollars: 1_000_000, label: '$1M', color: '#f59e0b' },
] as const;

export { COMING_SOON } from './limits';

export const tierSetting = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  threshold: moneyString,
  rewards: z.string(),
  order: z.number().int().min(1).max(TIER_COUNT),
});
export type TierSetting = z.infer<typeof tierSetting>;
export const tierSettingList = z.array(tierSetting);

export const REWARDS_TEXT_MAX = 5_000;

/** PATCH /api/tier-settings/{id}: a new threshold, or new rewards text, or both. */
export const updateTierSettingInput = z
  .strictObject({
    threshold: thresholdInput.optional(),
    rewards: storableText(
      z
        .string(zodText(text(messages, 'mustBeTextNamed', { field: text(messages, 'rewardsLabel') })))
        .max(REWARDS_TEXT_MAX, zodText(text(messages, 'atMostCharactersNamed', { field: text(messages, 'rewardsLabel'), max: REWARDS_TEXT_MAX }))),
      text(messages, 'rewardsLabel'),
    ).optional(),
  })
  .refine((v) => v.threshold !== undefined || v.rewards !== undefined, zodText(text(messages, 'thresholdOrRewards')));
export type UpdateTierSettingInput = z.infer<typeof updateTierSettingInput>;
