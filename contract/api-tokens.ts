import { z } from 'zod';
import { displayName } from './fields';
import { text, zodText } from './i18n';
import { messages } from './messages';

/**
 * API tokens (docs/product.md §12.9): credentials for other systems (a CRM, a spreadsheet script),
 * sent as `Authorization: Bearer <token>`. The token is shown once, when it is made; only its hash is kept.
 *
 * - `read`: what a manager may read (dashboard, leaderboard, agents, entries, rewards), never addresses or phones.
 * - `entries:write`: record income entries (and import them).
 * - `agents:write`: add agents (and import them).
 * - `activities:write`: record and void activities on metrics (calls, meetings, deals).
 * - `scim`: the company directory provisions agents and teams through SCIM 2.0 at `/scim/v2` (its Users are the
 *   agents, its Groups the teams; docs/decisions/0091-scim-provisioning.md). Only this scope opens those routes.
 */
export const API_SCOPES = ['read', 'entries:write', 'agents:write', 'activities:write', 'scim'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  read: 'Read dashboards, agents and entries',
  'entries:write': 'Record income entries',
  'agents:write': 'Add agents',
  'activities:write': 'Record activities (calls, meetings, deals)',
  scim: 'Provision people and teams (SCIM)',
};

/** A token is this prefix and 43 base64url characters: the prefix lets secret scanners and people recognise one. */
export const API_TOKEN_PREFIX = 'tt_';
export const API_TOKEN_NAME_MAX = 100;
/** How far ahead an expiry may be set. */
export const API_TOKEN_MAX_DAYS = 3 * 366;

const scopesMessage = zodText(text(messages, 'apiTokenScopes', { scopes: API_SCOPES.join(', ') }));

/** POST /api/tokens (owner). `expiresAt`: an ISO timestamp in the future, or absent for a token that does not expire. */
export const createApiTokenInput = z.strictObject({
  name: displayName(text(messages, 'nameRequired'), API_TOKEN_NAME_MAX, text(messages, 'nameLabel')),
  scopes: z
    .array(z.enum(API_SCOPES, scopesMessage), scopesMessage)
    .min(1, scopesMessage)
    .max(API_SCOPES.length, scopesMessage)
    .refine((scopes) => new Set(scopes).size === scopes.length, zodText(text(messages, 'apiTokenScopesNoRepeat'))),
  expiresAt: z.iso
    .datetime({ offset: true, ...zodText(text(messages, 'apiTokenExpiresAt')) })
    .optional(),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenInput>;

export const apiToken = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  createdAt: z.string(),
  /** Null: never expires. */
  expiresAt: z.string().nullable(),
  /** When a request last used it (to the minute); null: never used. */
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

/** GET /api/tokens (owner): the tokens that are not revoked (expired ones included), newest first. */
export const apiTokenList = z.object({ tokens: z.array(apiToken) });
export type ApiTokenList = z.infer<typeof apiTokenList>;

/** POST /api/tokens answer (201): the only time the token itself is shown. */
export const createdApiToken = apiToken.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

// The refusals of API tokens, in the reader's language (*_TEXT) and in English (as API clients and tests compare them).
export const API_TOKEN_INVALID_TEXT = text(messages, 'apiTokenInvalid');
export const API_TOKEN_INVALID = String(API_TOKEN_INVALID_TEXT);
export const API_TOKEN_MALFORMED_TEXT = text(messages, 'apiTokenMalformed');
export const API_TOKEN_MALFORMED = String(API_TOKEN_MALFORMED_TEXT);
export const API_TOKEN_FORBIDDEN_TEXT = text(messages, 'apiTokenForbidden');
export const API_TOKEN_FORBIDDEN = String(API_TOKEN_FORBIDDEN_TEXT);
