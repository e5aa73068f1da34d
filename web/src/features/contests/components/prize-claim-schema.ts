import { prizeClaimInput } from '@contract/contests';
import { z } from 'zod';

/** The prize claim's form: the tier dashboard's claim fields (Full Name, Email Address, Mailing Address required). Loaded when used. */
export const prizeClaimForm = prizeClaimInput.pick({ name: true, email: true, address: true }).extend({
  phone: z.string().trim().max(50, 'Must be at most 50 characters'),
  shippingInfo: z.string().trim().max(1000, 'Must be at most 1000 characters'),
});
export type PrizeClaimValues = z.input<typeof prizeClaimForm>;
export type PrizeClaimOutput = z.output<typeof prizeClaimForm>;
