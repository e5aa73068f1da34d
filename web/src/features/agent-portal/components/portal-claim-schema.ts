import { portalClaimInput } from '@contract/rewards';
import { z } from 'zod';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The portal claim form (docs/product.md §10.2, §11.13): every field required except Telegram. Loaded when the form is used. */
export const portalClaimForm = portalClaimInput
  .pick({ fullName: true, email: true, phone: true, address: true, city: true, zipcode: true })
  // The message is made when the check fails, so it is in the language shown then.
  .extend({ telegram: z.string().trim().max(100, { error: () => translate(messages, 'telegramTooLong', { max: 100 }) }) });
export type PortalClaimFormValues = z.input<typeof portalClaimForm>;
export type PortalClaimFormOutput = z.output<typeof portalClaimForm>;
