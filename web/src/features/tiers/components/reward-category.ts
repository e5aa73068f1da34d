import type { RewardCategory } from '@contract/rewards';

/** A reward category's word in the catalog's `categoryName` select (the stored category stays the English enum). */
const CATEGORY_KEYS: Readonly<Record<RewardCategory, string>> = {
  'Physical Item': 'physicalItem',
  'Gift Card': 'giftCard',
  Experience: 'experience',
  'Cash Bonus': 'cashBonus',
  Service: 'service',
  Other: 'other',
};

export const categoryKey = (category: RewardCategory): string => CATEGORY_KEYS[category];
