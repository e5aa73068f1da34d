import { z } from 'zod';
import { displayName } from './fields';
import { text, zodText } from './i18n';
import { messages } from './messages';

export * from './sso-text';

/**
 * Company sign-in with OpenID Connect (DESIGN §8, docs/decisions/0090-company-sign-in.md). The owner configures one
 * identity provider under Settings; the sign-in pages offer "Sign in with <label>"; GET /api/sso/start takes the browser
 * to the provider and GET /api/sso/callback brings it back signed in (authorization code with PKCE, state and nonce).
 */

export const SSO_AUDIENCES = ['staff', 'agent'] as const;
export type SsoAudience = (typeof SSO_AUDIENCES)[number];

/** GET /api/sso/start: who signs in (the dashboard's people or agents) and the page of ours to go to afterwards. */
export const ssoStartQuery = z.object({
  audience: z.enum(SSO_AUDIENCES, zodText(text(messages, 'mustBeOneOf', { field: 'audience', options: SSO_AUDIENCES.join(', ') }))).default('agent'),
  returnTo: z.string().max(2000, zodText(text(messages, 'returnToPath'))).optional(),
});

/** Where the callback is: the redirect URL the owner registers at the provider is the app's address and this path. */
export const SSO_CALLBACK_PATH = '/api/sso/callback';

export const SSO_LABEL_MAX = 60;
export const SSO_DOMAINS_MAX = 20;
export const SSO_CLAIM_MAX = 100;

const ISSUER_MESSAGE = zodText(text(messages, 'ssoIssuer'));
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An issuer: https, or http on this machine (a provider run for a trial or a test). No query, no fragment. */
export const issuerField = z
  .string(ISSUER_MESSAGE)
  .trim()
  .max(500, ISSUER_MESSAGE)
  .refine((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  }, ISSUER_MESSAGE)
  .transform((value) => value.replace(/\/+$/, ''));

const DOMAIN_MESSAGE = zodText(text(messages, 'ssoDomains'));
const domainField = z
  .string(DOMAIN_MESSAGE)
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, DOMAIN_MESSAGE);

const CLIENT_ID_MESSAGE = zodText(text(messages, 'ssoClientId'));
const SECRET_MESSAGE = zodText(text(messages, 'ssoClientSecret'));
const ROLE_CLAIM_MESSAGE = zodText(text(messages, 'ssoRoleClaim'));

/**
 * PUT /api/owner/sso (owner, password entered in the last ten minutes). `clientSecret` may be left out when changing
 * settings already saved (the saved secret stays). Saving reads the issuer's discovery document first: a provider
 * that does not answer, or answers for another issuer, saves nothing. `required: true` needs the owner's two-factor
 * sign-in on (the owner keeps a password, as break-glass, and must not be locked out).
 */
export const ssoSettingsInput = z
  .strictObject({
    issuer: issuerField,
    clientId: z.string(CLIENT_ID_MESSAGE).trim().min(1, CLIENT_ID_MESSAGE).max(300, CLIENT_ID_MESSAGE),
    clientSecret: z.string(SECRET_MESSAGE).min(1, SECRET_MESSAGE).max(500, SECRET_MESSAGE).optional(),
    label: displayName(text(messages, 'ssoLabelRequired'), SSO_LABEL_MAX, 'label'),
    allowedDomains: z
      .array(domainField, DOMAIN_MESSAGE)
      .min(1, DOMAIN_MESSAGE)
      .max(SSO_DOMAINS_MAX, zodText(text(messages, 'ssoDomainsAtMost', { max: SSO_DOMAINS_MAX })))
      .transform((domains) => [...new Set(domains)]),
    roleClaim: z
      .string(ROLE_CLAIM_MESSAGE)
      .trim()
      .max(SSO_CLAIM_MAX, zodText(text(messages, 'atMostCharactersNamed', { field: 'roleClaim', max: SSO_CLAIM_MAX })))
      .regex(/^[A-Za-z0-9_.:/-]*$/, ROLE_CLAIM_MESSAGE)
      .nullable()
      .optional(),
    managerValue: z
      .string(zodText(text(messages, 'ssoManagerValue')))
      .trim()
      .max(SSO_CLAIM_MAX, zodText(text(messages, 'atMostCharactersNamed', { field: 'managerValue', max: SSO_CLAIM_MAX })))
      .nullable()
      .optional(),
    required: z.boolean(zodText(text(messages, 'mustBeTrueOrFalse', { field: 'required' }))).optional(),
  })
  .transform((input) => ({
    ...input,
    roleClaim: input.roleClaim ? input.roleClaim : null,
    managerValue: input.managerValue ? input.managerValue : null,
    required: input.required ?? false,
  }))
  .refine((input) => (input.roleClaim === null) === (input.managerValue === null), {
    ...zodText(text(messages, 'ssoRoleClaimWithValue')),
    path: ['managerValue'],
  });
export type SsoSettingsInput = z.input<typeof ssoSettingsInput>;

/** GET /api/owner/sso (owner): the settings without the secret, and the redirect URL to register at the provider. */
export const ssoSettingsView = z.object({
  configured: z.boolean(),
  redirectUrl: z.string(),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  hasSecret: z.boolean(),
  label: z.string().nullable(),
  allowedDomains: z.array(z.string()),
  roleClaim: z.string().nullable(),
  managerValue: z.string().nullable(),
  required: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type SsoSettingsView = z.infer<typeof ssoSettingsView>;

/** GET /api/sso (public): what the sign-in pages show. */
export const ssoStatus = z.object({
  enabled: z.boolean(),
  /** The company's name on the button; null while company sign-in is not set up. */
  label: z.string().nullable(),
  /** On: only the owner signs in with a password; everyone else uses the company's sign-in. */
  required: z.boolean(),
});
export type SsoStatus = z.infer<typeof ssoStatus>;

/** PUT /api/owner/sso with required: true while the owner has no two-factor sign-in (the constant: its English). */
export const SSO_REQUIRED_NEEDS_OWNER_2FA_TEXT = text(messages, 'ssoRequiredNeedsOwner2fa');
export const SSO_REQUIRED_NEEDS_OWNER_2FA = String(SSO_REQUIRED_NEEDS_OWNER_2FA_TEXT);
