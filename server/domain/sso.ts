import type { SsoAudience } from '../../contract/sso';

// What an ID token says about the person signing in (docs/decisions/0090-company-sign-in.md): pure reads of its
// claims, beside the checks openid-client made (signature, issuer, audience, expiry, nonce).

export type Claims = Record<string, unknown>;

/** The account's email when the provider says it is verified: lower-case; 'missing' or 'unverified' otherwise. */
export function verifiedEmail(claims: Claims): { email: string } | { refused: 'email_missing' | 'email_unverified' } {
  const email = claims['email'];
  if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email.trim()) || email.length > 254) return { refused: 'email_missing' };
  // Some providers send the flag as a string ("true"). Microsoft Entra ID sends no email_verified; its optional claim
  // xms_edov says the address's domain is verified by the tenant that owns it, which is what the flag would say.
  const verified = claims['email_verified'] ?? claims['xms_edov'];
  if (verified !== true && verified !== 'true' && verified !== '1') return { refused: 'email_unverified' };
  return { email: email.trim().toLowerCase() };
}

/** Whether the email's domain is one of the allowed ones (exactly: a subdomain is a domain of its own). */
export function domainAllowed(email: string, allowedDomains: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return allowedDomains.includes(domain);
}

/**
 * The claim named by `path`, which may go into objects with dots (Keycloak's `realm_access.roles`); a name that has
 * a dot of its own (a URL-like claim name) is tried whole first.
 */
function claimAt(claims: Claims, path: string): unknown {
  if (Object.hasOwn(claims, path)) return claims[path];
  let current: unknown = claims;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Whether the role claim holds the manager value: equal to it, or a list that has it. */
export function holdsRole(claims: Claims, roleClaim: string, value: string): boolean {
  const held = claimAt(claims, roleClaim);
  if (typeof held === 'string') return held === value;
  return Array.isArray(held) && held.some((item) => item === value);
}

/** Text from the provider made storable and plain: control and format characters (NUL, bidi overrides) dropped. */
const clip = (text: string, max: number) =>
  text
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();

/** The person's names as the provider gives them, for an account made at first sign-in (never empty). */
export function namesOf(claims: Claims, email: string): { firstName: string; lastName: string; name: string } {
  const text = (key: string) => (typeof claims[key] === 'string' ? clip(claims[key], 50) : '');
  let firstName = text('given_name');
  let lastName = text('family_name');
  const full = typeof claims['name'] === 'string' ? clip(claims['name'], 100) : '';
  if (!firstName && !lastName && full) {
    const space = full.indexOf(' ');
    firstName = space < 0 ? full : full.slice(0, space);
    lastName = space < 0 ? '' : full.slice(space + 1);
  }
  if (!firstName && !lastName) firstName = clip(email.slice(0, email.indexOf('@')), 50) || email;
  const name = full || [firstName, lastName].filter((part) => part !== '').join(' ');
  return { firstName: firstName.slice(0, 50), lastName: lastName.slice(0, 50), name: name.slice(0, 100) };
}

/** Where a sign-in goes when it did not ask for a page, and where its failures are shown. */
export const SSO_LANDING: Record<SsoAudience, { home: string; signIn: string }> = {
  staff: { home: '/', signIn: '/login' },
  agent: { home: '/agent/dashboard', signIn: '/agents' },
};

/** A page of this app to go to after sign-in: a path of our own (not //host, not a backslash trick), else the home. */
export function safeReturnTo(value: unknown, audience: SsoAudience): string {
  if (typeof value !== 'string' || value.length > 500) return SSO_LANDING[audience].home;
  if (!/^\/(?![/\\])[^\s\\]*$/.test(value)) return SSO_LANDING[audience].home;
  return value;
}
