import { dashboardClaimInput } from '@contract/rewards';
import { z } from 'zod';

/** The claim dialog's form (docs/product.md §10.2, §11.14): Full Name, Email Address and Mailing Address required. Loaded when used. */
export const claimDialogForm = dashboardClaimInput.shape.agentData.pick({ name: true, email: true, address: true }).extend({
  rewardOptionId: z.string().min(1, 'Please pick a reward'),
  phone: z.string().trim().max(50, 'Must be at most 50 characters'),
  shippingInfo: z.string().trim().max(1000, 'Must be at most 1000 characters'),
});
export type ClaimDialogValues = z.input<typeof claimDialogForm>;
export type ClaimDialogOutput = z.output<typeof claimDialogForm>;
