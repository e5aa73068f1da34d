import { portalClaimInput } from '@contract/rewards';
import { z } from 'zod';

/** The portal claim form (docs/product.md §10.2, §11.13): every field required except Telegram. Loaded when the form is used. */
export const portalClaimForm = portalClaimInput
  .pick({ fullName: true, email: true, phone: true, address: true, city: true, zipcode: true })
  .extend({ telegram: z.string().trim().max(100, 'Must be at most 100 characters') });
export type PortalClaimFormValues = z.input<typeof portalClaimForm>;
export type PortalClaimFormOutput = z.output<typeof portalClaimForm>;
