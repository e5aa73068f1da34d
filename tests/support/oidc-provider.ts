import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider in the test process: `oidc-provider` (a certified OpenID Connect implementation) on a
 * loopback port, with one confidential client for the app. Who signs in is chosen by the test (signInAs) and the
 * login and consent steps finish at once, as a person clicking through them would. The test may rotate the signing
 * keys, stop and start the provider, and tap the token endpoint's answer to re-sign its ID token (a provider that
 * answers for another client, an earlier sign-in's token).
 */

export interface TestPerson {
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  given_name?: string;
  family_name?: string;
  groups?: string[];
}

export type IdTokenTap = (idToken: string, signingKey: { jwk: JWK; kid: string }) => Promise<string>;

export interface TestIdentityProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The person the next sign-in is (a new subject each call). */
  signInAs(person: TestPerson): void;
  /** New signing keys: the old ones are gone from the provider's key set, as after a rotation. */
  rotateKeys(): Promise<void>;
  /** The kid of the key that signs ID tokens now. */
  readonly kid: string;
  /** Rewrites the ID token of the next token answers (undefined: leave them alone). */
  tap(change: IdTokenTap | undefined): void;
  /** Every ID token the token endpoint handed out, oldest first. */
  readonly idTokens: string[];
  /** Stops answering (the port is closed) until start. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function signingKey(): Promise<{ jwk: JWK; kid: string }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  return { jwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }, kid };
}

const listen = (server: Server, port = 0) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

/** Starts a provider whose client may redirect to `redirectUri`. */
export async function startIdentityProvider(redirectUri: string): Promise<TestIdentityProvider> {
  const clientId = `tiertrack-${randomUUID()}`;
  const clientSecret = randomUUID() + randomUUID();
  const people = new Map<string, TestPerson>();
  let next: string | undefined;
  let key = await signingKey();
  let tap: IdTokenTap | undefined;
  const idTokens: string[] = [];

  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  let provider: Provider | undefined;
  const server = createServer((req, res) => {
    void route(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;

  const build = () => {
    provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [key.jwk] },
      findAccount: async (_ctx: unknown, sub: string) => {
        const person = people.get(sub);
        if (!person) return undefined;
        return { accountId: sub, claims: async () => ({ sub, ...person }) };
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'groups'] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      cookies: { keys: ['tiertrack-test-provider-cookies'] },
      pkce: { required: () => true },
      ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    });
    handler = provider.callback();
  };
  build();

  /** Login and consent, finished at once for the person the test chose. */
  async function interact(req: IncomingMessage, res: ServerResponse) {
    const details = await provider!.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (!next) throw new Error('the test did not say who signs in (signInAs)');
      await provider!.interactionFinished(req, res, { login: { accountId: next } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider!.Grant({ accountId: details.session!.accountId!, clientId: String(details.params['client_id']) });
    grant.addOIDCScope(String(details.params['scope']));
    const grantId = await grant.save();
    await provider!.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  /** The token endpoint's answer, its ID token kept (and rewritten while a tap is set). */
  function tapTokenAnswer(res: ServerResponse) {
    const chunks: Buffer[] = [];
    const end = res.end.bind(res);
    res.write = ((chunk: unknown) => {
      chunks.push(Buffer.from(chunk as Buffer));
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Buffer));
      const body = Buffer.concat(chunks).toString('utf8');
      void (async () => {
        let out = body;
        try {
          const answer = JSON.parse(body) as { id_token?: string };
          if (answer.id_token) {
            idTokens.push(answer.id_token);
            if (tap) out = JSON.stringify({ ...answer, id_token: await tap(answer.id_token, key) });
          }
        } catch {
          // not JSON: passed on as it is
        }
        res.setHeader('content-length', Buffer.byteLength(out));
        end(out);
      })();
      return res;
    }) as typeof res.end;
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/interaction/')) return interact(req, res);
    if (path === '/token') tapTokenAnswer(res);
    handler!(req, res);
  }

  const stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  };

  return {
    issuer,
    clientId,
    clientSecret,
    get kid() {
      return key.kid;
    },
    idTokens,
    signInAs(person) {
      next = randomUUID();
      people.set(next, person);
    },
    async rotateKeys() {
      key = await signingKey();
      build();
    },
    tap(change) {
      tap = change;
    },
    stop,
    async start() {
      await listen(server, port);
    },
    async close() {
      if (server.listening) await stop();
    },
  };
}

/** A minimal cookie jar for one browser talking to the provider (each sign-in a fresh browser). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookie: string[] | string | undefined) {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
