import { createHash, sign, type KeyObject } from 'node:crypto';

/**
 * A badge as a portable credential (docs/decisions/0078-achievements.md): an Open Badges 3.0 `OpenBadgeCredential`
 * (a W3C Verifiable Credential, data model 2.0) secured as a VC-JWT (Open Badges 3.0 §8.2: the JWT's payload is the
 * credential, with the registered claims iss, jti and nbf beside it), signed EdDSA with the organisation's Ed25519
 * key, whose public half the app publishes at /.well-known/jwks.json. Anyone holding that key set verifies it without
 * asking the app.
 */

export const CREDENTIAL_CONTEXTS = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'] as const;

/** A public key as a JSON Web Key (RFC 8037: an Ed25519 key is OKP), with its id. */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  use: 'sig';
  alg: 'EdDSA';
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** The key's JWK with its id: the RFC 7638 thumbprint of its required members. */
export function publicJwkOf(publicKey: KeyObject): PublicJwk {
  const jwk = publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string };
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519') throw new Error('The badge signing key must be an Ed25519 key');
  const thumbprint = base64url(createHash('sha256').update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x })).digest());
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid: thumbprint, use: 'sig', alg: 'EdDSA' };
}

/** What a badge's credential says. */
export interface BadgeFacts {
  /** The held badge's id, and its rule's (the achievement). */
  badgeId: number;
  ruleId: number;
  name: string;
  description: string;
  /** What earned it. */
  detail: string;
  awardedAt: Date;
  /** The holder, identified by a salted hash of its email (the credential names no one in clear). */
  email: string;
  holderName: string;
}

/** The issuer: the organisation, at the address the app is opened at. */
export interface Issuer {
  origin: string;
  name: string;
}

/** The OpenBadgeCredential of a badge (unsigned). */
export function badgeCredential(facts: BadgeFacts, issuer: Issuer): Record<string, unknown> {
  const salt = `tiertrack-badge-${facts.badgeId}`;
  return {
    '@context': [...CREDENTIAL_CONTEXTS],
    id: `${issuer.origin}/credentials/badges/${facts.badgeId}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: issuer.origin, type: ['Profile'], name: issuer.name },
    validFrom: facts.awardedAt.toISOString(),
    name: facts.name,
    description: facts.detail,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        {
          type: 'IdentityObject',
          identityType: 'emailAddress',
          hashed: true,
          identityHash: `sha256$${createHash('sha256').update(facts.email.toLowerCase() + salt).digest('hex')}`,
          salt,
        },
      ],
      achievement: {
        id: `${issuer.origin}/badges/${facts.ruleId}`,
        type: ['Achievement'],
        name: facts.name,
        description: facts.description,
        criteria: { narrative: facts.description },
      },
    },
  };
}

/** The credential as a compact JWS (header { alg: EdDSA, typ: JWT, kid }), signed with the private key. */
export function signCredential(credential: Record<string, unknown>, privateKey: KeyObject, kid: string): string {
  const validFrom = Date.parse(String(credential.validFrom));
  const issuer = credential.issuer as { id: string };
  const payload = { ...credential, iss: issuer.id, jti: credential.id, nbf: Math.floor(validFrom / 1000) };
  const signingInput = `${base64url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT', kid }))}.${base64url(JSON.stringify(payload))}`;
  return `${signingInput}.${base64url(sign(null, Buffer.from(signingInput), privateKey))}`;
}
