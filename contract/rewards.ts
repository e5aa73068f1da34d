import { z } from 'zod';
import { agentListQuery } from './agents';
import { contactEmail, idField, optionalText, requiredText } from './fields';
import { render, text, zodText } from './i18n';
import { messages } from './messages';
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
  title: requiredText(text(messages, 'titleRequired'), 120),
  description: requiredText(text(messages, 'descriptionRequired'), 1000),
  category: z.enum(rewardCategories, zodText(text(messages, 'categoryRequired'))),
  tierId: idField(text(messages, 'tierRequired')),
  isActive: z.boolean(zodText(text(messages, 'mustBeTrueOrFalse', { field: 'isActive' }))).optional(),
});
export type CreateRewardOptionInput = z.input<typeof createRewardOptionInput>;

/** The add-reward form on the web. */
export const rewardOptionForm = z.object({
  title: z.string().trim().min(1, zodText(text(messages, 'titleRequired'))),
  description: z.string().trim().min(1, zodText(text(messages, 'descriptionRequired'))),
  category: z.enum(rewardCategories, zodText(text(messages, 'categoryRequired'))),
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
  agentId: idField(text(messages, 'agentRequired')),
  rewardId: idField(text(messages, 'pickReward')),
  fullName: requiredText(text(messages, 'fullNameRequired'), 200),
  email: contactEmail(),
  phone: requiredText(text(messages, 'phoneRequired'), 50),
  telegram: optionalText(100),
  address: requiredText(text(messages, 'addressRequired'), 500),
  city: requiredText(text(messages, 'cityRequired'), 100),
  zipcode: requiredText(text(messages, 'zipcodeRequired'), 20),
});
export type PortalClaimInput = z.input<typeof portalClaimInput>;

/** POST /api/agents/claim-reward: the tier dashboard's claim dialog (docs/product.md §10.2, §12.3). */
export const dashboardClaimInput = z.object({
  tierId: idField(text(messages, 'tierRequired')),
  rewardOptionId: idField(text(messages, 'pickReward')),
  agentData: z.object(
    {
      name: requiredText(text(messages, 'fullNameCapitalRequired'), 200),
      email: contactEmail(text(messages, 'emailAddressRequired')),
      phone: optionalText(50),
      address: requiredText(text(messages, 'mailingAddressRequired'), 500),
      shippingInfo: optionalText(1000),
    },
    zodText(text(messages, 'claimDetailsRequired')),
  ),
});
export type DashboardClaimInput = z.input<typeof dashboardClaimInput>;

/**
 * A claim's statuses (docs/product.md §12.10): pending -> processed (Mark Filled) -> shipped -> delivered, or
 * processed -> delivered for a reward nothing is shipped for (a gift card, a bonus); pending or processed ->
 * rejected, with a reason, after which the agent may claim the tier again. Delivered and rejected are final.
 */
export const claimStatuses = ['pending', 'processed', 'shipped', 'delivered', 'rejected'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

export const CLAIM_TRANSITIONS: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  pending: ['processed', 'rejected'],
  processed: ['shipped', 'delivered', 'rejected'],
  shipped: ['delivered'],
  delivered: [],
  rejected: [],
};

/** A note on a status change (a tracking number) or a rejection's reason: at most this many characters. */
export const CLAIM_NOTE_MAX = 1000;

/** The statuses a claim can be moved to (pending is only where a claim starts). */
export const claimTargetStatuses = ['processed', 'shipped', 'delivered', 'rejected'] as const;

/** PATCH /api/reward-claims/{id} (owner): moves a claim along CLAIM_TRANSITIONS (409 otherwise). */
export const claimTransitionInput = z
  .strictObject({
    status: z.enum(claimTargetStatuses, zodText(text(messages, 'mustBeOneOf', { field: 'status', options: claimTargetStatuses.join(', ') }))),
    note: optionalText(CLAIM_NOTE_MAX),
    reason: optionalText(CLAIM_NOTE_MAX),
  })
  .superRefine((input, context) => {
    if (input.status === 'rejected' && input.reason === null) {
      context.addIssue({ code: 'custom', path: ['reason'], message: render(text(messages, 'rejectionNeedsReason')) });
    }
    if (input.status !== 'rejected' && input.reason !== null) {
      context.addIssue({ code: 'custom', path: ['reason'], message: render(text(messages, 'reasonOnlyWhenRejecting')) });
    }
  });
export type ClaimTransitionInput = z.input<typeof claimTransitionInput>;

/** One step of a claim's history: who moved it to which status, when, and the note (a rejection's reason). */
export const claimHistoryEntry = z.object({
  status: z.enum(claimStatuses),
  at: z.string(),
  /** The person's name as it was then; null when nobody is recorded (a step from before histories were kept). */
  by: z.string().nullable(),
  note: z.string().nullable(),
});
export type ClaimHistoryEntry = z.infer<typeof claimHistoryEntry>;

/**
 * Who a claim's reward goes to and where, as stored (either claim form fills them; the fields the portal's form does
 * not ask for are null): the claim the owner sees, the claim made and the claims' export all carry these.
 */
export const claimContact = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  telegram: z.string().nullable(),
  address: z.string(),
  city: z.string().nullable(),
  zipcode: z.string().nullable(),
  shippingInstructions: z.string().nullable(),
});
export type ClaimContact = z.infer<typeof claimContact>;

/** A claim as the owner sees it (docs/product.md §12.4), with who claimed which tier. */
export const rewardClaim = z.object({
  id: z.number(),
  status: z.enum(claimStatuses),
  rewardTitle: z.string(),
  claimedAt: z.string(),
  processedAt: z.string().nullable(),
  /** Set when the contact details below were erased (a set time after the claim was filled); they are empty then. */
  contactErasedAt: z.string().nullable(),
  ...claimContact.shape,
  agentId: z.number(),
  agentName: z.string(),
  /** The tier claimed; for a contest's prize, the tier of the reward option given as the prize. */
  tierId: z.number(),
  tierName: z.string(),
  /** A contest's prize claimed by its winner (docs/decisions/0077-contests.md); null for a tier's claim. */
  prize: z.object({ contestId: z.number(), contestName: z.string(), place: z.number() }).nullable(),
  /** Oldest first; the first step is the claim (pending). */
  history: z.array(claimHistoryEntry),
});
export type RewardClaim = z.infer<typeof rewardClaim>;

/**
 * GET /api/owner/reward-claims: `status` keeps one status's claims, `search` those whose agent's name or email holds
 * it (as the agent list's search). Without either, every claim (the Reward Claims tab splits them by status itself).
 */
export const rewardClaimListQuery = z.object({
  status: z.enum(claimStatuses, zodText(text(messages, 'mustBeOneOf', { field: 'status', options: claimStatuses.join(', ') }))).optional(),
  search: agentListQuery.shape.search,
});
export type RewardClaimListQuery = z.output<typeof rewardClaimListQuery>;

/** GET /api/agents/me/claims: the signed-in agent's claims, newest first, without contact details. */
export const agentClaim = rewardClaim.pick({ id: true, status: true, rewardTitle: true, claimedAt: true, tierId: true, tierName: true, prize: true, history: true });
export type AgentClaim = z.infer<typeof agentClaim>;

/** The response of both claim calls. */
export const claimCreated = z.object({
  message: z.string(),
  claim: z.object({ id: z.number(), tierId: z.number(), tierName: z.string(), rewardTitle: z.string(), status: z.enum(claimStatuses) }),
});
export type ClaimCreated = z.infer<typeof claimCreated>;
