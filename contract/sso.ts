import { z } from 'zod';
import { displayName } from './fields';

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
  audience: z.enum(SSO_AUDIENCES, { error: `audience must be one of ${SSO_AUDIENCES.join(', ')}` }).default('agent'),
  returnTo: z.string().max(2000, 'returnTo must be a path of this app').optional(),
});

/** Where the callback is: the redirect URL the owner registers at the provider is the app's address and this path. */
export const SSO_CALLBACK_PATH = '/api/sso/callback';

export const SSO_LABEL_MAX = 60;
export const SSO_DOMAINS_MAX = 20;
export const SSO_CLAIM_MAX = 100;

const ISSUER_MESSAGE =
  'issuer must be the provider\'s https:// address as it publishes it (such as https://login.example.com/realms/sales); http:// only on this machine (localhost)';
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An issuer: https, or http on this machine (a provider run for a trial or a test). No query, no fragment. */
export const issuerField = z
  .string({ error: ISSUER_MESSAGE })
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

const DOMAIN_MESSAGE = 'allowedDomains must be one or more email domains such as example.com (no @, no spaces)';
const domainField = z
  .string({ error: DOMAIN_MESSAGE })
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, DOMAIN_MESSAGE);

const CLIENT_ID_MESSAGE = 'clientId is required: the client (application) id the provider gave this app';
const SECRET_MESSAGE = 'clientSecret must be the client secret the provider gave this app (at most 500 characters)';

/**
 * PUT /api/owner/sso (owner, password entered in the last ten minutes). `clientSecret` may be left out when changing
 * settings already saved (the saved secret stays). Saving reads the issuer's discovery document first: a provider
 * that does not answer, or answers for another issuer, saves nothing. `required: true` needs the owner's two-factor
 * sign-in on (the owner keeps a password, as break-glass, and must not be locked out).
 */
export const ssoSettingsInput = z
  .strictObject({
    issuer: issuerField,
    clientId: z.string({ error: CLIENT_ID_MESSAGE }).trim().min(1, CLIENT_ID_MESSAGE).max(300, CLIENT_ID_MESSAGE),
    clientSecret: z.string({ error: SECRET_MESSAGE }).min(1, SECRET_MESSAGE).max(500, SECRET_MESSAGE).optional(),
    label: displayName('label is required: the company name on the button ("Sign in with Acme")', SSO_LABEL_MAX, 'label'),
    allowedDomains: z
      .array(domainField, { error: DOMAIN_MESSAGE })
      .min(1, DOMAIN_MESSAGE)
      .max(SSO_DOMAINS_MAX, `allowedDomains may list at most ${SSO_DOMAINS_MAX} domains`)
      .transform((domains) => [...new Set(domains)]),
    roleClaim: z
      .string({ error: 'roleClaim must be the name of a claim in the ID token, such as groups or roles' })
      .trim()
      .max(SSO_CLAIM_MAX, `roleClaim must be at most ${SSO_CLAIM_MAX} characters`)
      .regex(/^[A-Za-z0-9_.:/-]*$/, 'roleClaim must be the name of a claim in the ID token, such as groups or roles')
      .nullable()
      .optional(),
    managerValue: z
      .string({ error: 'managerValue must be the value of roleClaim that makes someone a manager' })
      .trim()
      .max(SSO_CLAIM_MAX, `managerValue must be at most ${SSO_CLAIM_MAX} characters`)
      .nullable()
      .optional(),
    required: z.boolean({ error: 'required must be true or false' }).optional(),
  })
  .transform((input) => ({
    ...input,
    roleClaim: input.roleClaim ? input.roleClaim : null,
    managerValue: input.managerValue ? input.managerValue : null,
    required: input.required ?? false,
  }))
  .refine((input) => (input.roleClaim === null) === (input.managerValue === null), {
    message: 'roleClaim and managerValue go together: give both (the claim and the value that makes a manager) or neither',
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

/** PUT /api/owner/sso with required: true while the owner has no two-factor sign-in. */
export const SSO_REQUIRED_NEEDS_OWNER_2FA =
  'Turn on two-factor sign-in for your own account first: while company sign-in is required, your password (with two-factor) is the way in when the provider is down.';
