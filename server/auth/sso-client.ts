import * as oidc from 'openid-client';
import type { SsoErrorCode } from '../../contract/sso';

/**
 * The OpenID Connect relying party (docs/decisions/0090-company-sign-in.md), on `openid-client` (a certified
 * implementation): discovery, the authorization URL with PKCE, state and nonce, and the code exchange whose ID token is
 * checked against the issuer's keys (signature, issuer, audience, expiry, nonce).
 *
 * Each sign-in reads the issuer's discovery document (and with it a fresh key set) at its start and again at its
 * callback: a sign-in is rare, a provider that is down is seen at once, and a key the provider rotated in is never
 * missing from a cache.
 */

export interface SsoProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** A sign-in that ends without a session, with the reason the sign-in page shows (contract/sso.ts SSO_ERRORS). */
export class SsoFailure extends Error {
  constructor(
    readonly code: SsoErrorCode,
    detail?: string,
  ) {
    super(detail ?? code);
  }
}

/** How long one request to the provider may take before the provider counts as not answering. */
const PROVIDER_TIMEOUT_MS = 10_000;

const timedFetch: oidc.CustomFetch = (url, options) => fetch(url, { ...(options as RequestInit), signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });

/** contract/sso.ts issuerField allows http:// only on this machine's loopback names. */
const isPlainHttp = (issuer: string) => new URL(issuer).protocol === 'http:';

/**
 * The provider's configuration read from its discovery document. `now` is this server's clock: the ID token's times
 * are checked against it. Throws SsoFailure('provider_unreachable') when the provider does not answer or answers
 * with something that is not its discovery document.
 */
export async function discoverProvider(provider: SsoProvider, now: Date): Promise<oidc.Configuration> {
  const skew = Math.round((now.getTime() - Date.now()) / 1000);
  try {
    return await oidc.discovery(
      new URL(provider.issuer),
      provider.clientId,
      { client_secret: provider.clientSecret, [oidc.clockSkew]: skew },
      oidc.ClientSecretBasic(provider.clientSecret),
      {
        [oidc.customFetch]: timedFetch,
        // The ID token's signature is checked against the issuer's key set although it came over TLS from the token
        // endpoint (which OpenID Connect Core 3.1.3.7 would let us skip): a token re-signed or altered on the way, or a
        // provider signing with a key it no longer publishes, is refused.
        execute: [oidc.enableNonRepudiationChecks, ...(isPlainHttp(provider.issuer) ? [oidc.allowInsecureRequests] : [])],
      },
    );
  } catch (error) {
    throw new SsoFailure('provider_unreachable', describe(error));
  }
}

/** The provider's authorization URL for a sign-in with these checks. */
export async function authorizationUrl(
  config: oidc.Configuration,
  sign: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
): Promise<URL> {
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: sign.redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state: sign.state,
    nonce: sign.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(sign.codeVerifier),
    code_challenge_method: 'S256',
  });
}

/** The ID token's claims, with what the UserInfo endpoint added when the token lacked the email. */
export type IdClaims = Record<string, unknown>;

/**
 * Exchanges the callback's code (with the PKCE verifier) and checks the ID token: its claims when every check holds.
 * Each failure is an SsoFailure whose code names it for the person signing in.
 */
export async function exchangeCode(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<IdClaims> {
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
  } catch (error) {
    throw classify(error);
  }
  const claims = tokens.claims();
  if (!claims) throw new SsoFailure('invalid_token', 'no ID token in the token response');
  if (claims['email'] !== undefined) return claims;
  // Providers may put the scope's claims (email, name) at the UserInfo endpoint rather than in the ID token, as OpenID
  // Connect Core 5.4 allows for the code flow: read them there, for the ID token's subject only.
  try {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    return { ...info, ...claims, ...pick(info, ['email', 'email_verified', 'name', 'given_name', 'family_name']) };
  } catch (error) {
    throw classify(error);
  }
}

const pick = (from: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((key) => from[key] !== undefined).map((key) => [key, from[key]]));

/** The first value `pick` finds along an error's chain of causes (oauth4webapi puts the detail in `cause`). */
function findInCauses(error: unknown, pick: (link: Record<string, unknown>) => string | undefined): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const found = pick(current as Record<string, unknown>);
    if (found !== undefined) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const claimOf = (error: unknown) => findInCauses(error, (link) => (typeof link['claim'] === 'string' ? link['claim'] : undefined));
const codeOf = (error: unknown) =>
  findInCauses(error, (link) => (typeof link['code'] === 'string' && link['code'].startsWith('OAUTH_') ? link['code'] : undefined));

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error);
}

/** What went wrong in the code exchange, as the sign-in page names it. */
function classify(error: unknown): SsoFailure {
  const detail = describe(error);
  if (error instanceof oidc.AuthorizationResponseError) return new SsoFailure('cancelled', detail);
  if (error instanceof oidc.ResponseBodyError) {
    // The token endpoint refused the code: used already, expired, or issued to another client.
    return new SsoFailure(error.error === 'invalid_grant' ? 'already_used' : 'invalid_token', detail);
  }
  const code = codeOf(error);
  const claim = claimOf(error);
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    if (claim === 'aud' || claim === 'azp') return new SsoFailure('wrong_audience', detail);
    if (claim === 'nonce') return new SsoFailure('replayed', detail);
    return new SsoFailure('invalid_token', detail);
  }
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return new SsoFailure('token_expired', detail);
  // A network failure or a timeout talking to the token endpoint or the key set: the provider is not answering.
  if (error instanceof TypeError || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))) {
    return new SsoFailure('provider_unreachable', detail);
  }
  return new SsoFailure('invalid_token', detail);
}

/** A random state, nonce and PKCE verifier for one sign-in. */
export function signInSecrets(): { state: string; nonce: string; codeVerifier: string } {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
}
