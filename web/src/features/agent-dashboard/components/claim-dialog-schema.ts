import { dashboardClaimInput } from '@contract/rewards';
import { z } from 'zod';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The claim dialog's form (docs/product.md §10.2, §11.14): Full Name, Email Address and Mailing Address required. Loaded when used. */
export const claimDialogForm = dashboardClaimInput.shape.agentData.pick({ name: true, email: true, address: true }).extend({
  // The messages are made when a value is checked, in the language shown then.
  rewardOptionId: z.string().min(1, { error: () => translate(messages, 'pickReward') }),
  phone: z.string().trim().max(50, { error: () => translate(messages, 'atMostCharacters', { max: '50' }) }),
  shippingInfo: z.string().trim().max(1000, { error: () => translate(messages, 'atMostCharacters', { max: '1000' }) }),
});
export type ClaimDialogValues = z.input<typeof claimDialogForm>;
export type ClaimDialogOutput = z.output<typeof claimDialogForm>;
