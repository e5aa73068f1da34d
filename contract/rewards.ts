import { z } from 'zod';
import { contactEmail, idField, optionalText, requiredText } from './fields';
import { moneyString } from './money';

export const rewardCategories = ['Physical Item', 'Gift Card', 'Experience', 'Cash Bonus', 'Service', 'Other'] as const;
export type RewardCategory = (typeof rewardCategories)[number];
export const DEFAULT_REWARD_CATEGORY: RewardCategory = 'Physical Item';

/** A reward option of a tier. */
export const rewardOption = z.object({
  id: z.number(),
  tierId: z.number(),
  title: z.string(),
  description: z.string(),
  category: z.enum(rewardCategories),
  isActive: z.boolean(),
});
export type RewardOption = z.infer<typeof rewardOption>;

/** A row id: a positive integer, or its digits as a string (form values); never a boolean, array or null. */

/** POST /api/rewards (owner only). */
export const createRewardOptionInput = z.object({
  title: requiredText('Title is required', 120),
  description: requiredText('Description is required', 1000),
  category: z.enum(rewardCategories, { error: 'Category is required' }),
  tierId: idField('Tier is required'),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
});
export type CreateRewardOptionInput = z.input<typeof createRewardOptionInput>;

/** The add-reward form on the web. */
export const rewardOptionForm = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  description: z.string().trim().min(1, 'Description is required'),
  category: z.enum(rewardCategories, { error: 'Category is required' }),
});
export type RewardOptionForm = z.input<typeof rewardOptionForm>;

/** GET /api/rewards/agent/{agentId} (docs/product.md §12.3). */
export const agentRewardData = z.object({
  achievedTiers: z.array(
    z.object({
      tier: z.object({ id: z.number(), name: z.string(), threshold: moneyString }),
      hasClaimedReward: z.boolean(),
      rewards: z.array(z.object({ id: z.number(), title: z.string(), description: z.string(), value: z.string() })),
    }),
  ),
});
export type AgentRewardData = z.infer<typeof agentRewardData>;

/** POST /api/rewards/claim: the portal's claim form (docs/product.md §10.2, §12.3). */
export const portalClaimInput = z.object({
  agentId: idField('Agent is required'),
  rewardId: idField('Please pick a reward'),
  fullName: requiredText('Full name is required', 200),
  email: contactEmail(),
  phone: requiredText('Phone is required', 50),
  telegram: optionalText(100),
  address: requiredText('Address is required', 500),
  city: requiredText('City is required', 100),
  zipcode: requiredText('ZIP code is required', 20),
});
export type PortalClaimInput = z.input<typeof portalClaimInput>;

/** POST /api/agents/claim-reward: the tier dashboard's claim dialog (docs/product.md §10.2, §12.3). */
export const dashboardClaimInput = z.object({
  tierId: idField('Tier is required'),
  rewardOptionId: idField('Please pick a reward'),
  agentData: z.object(
    {
      name: requiredText('Full Name is required', 200),
      email: contactEmail('Email Address is required'),
      phone: optionalText(50),
      address: requiredText('Mailing Address is required', 500),
      shippingInfo: optionalText(1000),
    },
    { error: 'Claim details are required' },
  ),
});
export type DashboardClaimInput = z.input<typeof dashboardClaimInput>;

export const claimStatuses = ['pending', 'processed', 'shipped'] as const;

/** A claim as the owner sees it (docs/product.md §12.4), with who claimed which tier. */
export const rewardClaim = z.object({
  id: z.number(),
  status: z.enum(claimStatuses),
  rewardTitle: z.string(),
  claimedAt: z.string(),
  processedAt: z.string().nullable(),
  /** Set when the contact details below were erased (a set time after the claim was filled); they are empty then. */
  contactErasedAt: z.string().nullable(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  telegram: z.string().nullable(),
  address: z.string(),
  city: z.string().nullable(),
  zipcode: z.string().nullable(),
  shippingInstructions: z.string().nullable(),
  agentId: z.number(),
  agentName: z.string(),
  tierId: z.number(),
  tierName: z.string(),
});
export type RewardClaim = z.infer<typeof rewardClaim>;

/** The response of both claim calls. */
export const claimCreated = z.object({
  message: z.string(),
  claim: z.object({ id: z.number(), tierId: z.number(), tierName: z.string(), rewardTitle: z.string(), status: z.enum(claimStatuses) }),
});
export type ClaimCreated = z.infer<typeof claimCreated>;
