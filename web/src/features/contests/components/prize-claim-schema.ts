import { prizeClaimInput } from '@contract/contests';
import { z } from 'zod';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The prize claim's form: the tier dashboard's claim fields (Full Name, Email Address, Mailing Address required). Loaded when used. */
export const prizeClaimForm = prizeClaimInput.pick({ name: true, email: true, address: true }).extend({
  // The messages are made when a value is checked, in the language shown then.
  phone: z.string().trim().max(50, { error: () => translate(messages, 'atMostCharacters', { max: '50' }) }),
  shippingInfo: z.string().trim().max(1000, { error: () => translate(messages, 'atMostCharacters', { max: '1000' }) }),
});
export type PrizeClaimValues = z.input<typeof prizeClaimForm>;
export type PrizeClaimOutput = z.output<typeof prizeClaimForm>;
