// Signing in over HTTP, as a browser does, for every kind of test: the sign-in routes, the session cookies, and the
// Cookie header to send back. The integration tests send through a test app's inject (`overInject`) or fetch to a
// running process (`overFetch`), the browser tests through Playwright's request context
// (tests/e2e/support/fixtures.ts). It imports types only, nothing from the server or a test runner, so that both load
// it. A test that only needs a signed-in caller, not the sign-in itself, makes the session in the database instead
// (tests/factories/accounts.ts: no Argon2 work, any app clock).
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/** Who a session is for: an owner or manager (`user`), or an agent. */
export type SessionKind = 'user' | 'agent';

export const SIGN_IN_PATH: Record<SessionKind, string> = { user: '/api/auth/login', agent: '/api/agents/login' };
export const SESSION_COOKIE: Record<SessionKind, string> = { user: 'sid', agent: 'agent_sid' };

export interface Credentials {
  email: string;
  password: string;
}

type SetCookie = string | string[] | undefined;

/** The Set-Cookie line of the named cookie, when the answer set one. */
export function findSetCookie(setCookie: SetCookie, name: string): string | undefined {
  return [setCookie ?? []].flat().find((line) => line.startsWith(`${name}=`));
}

/** The Set-Cookie line of the named cookie; throws when the answer set none. */
export function setCookieLine(setCookie: SetCookie, name: string): string {
  const line = findSetCookie(setCookie, name);
  if (!line) throw new Error(`no ${name} cookie was set`);
  return line;
}

/** The Cookie header a response set, as a browser would send it back (name=value pairs only). */
export function cookieHeaderFrom(setCookie: SetCookie): string {
  return [setCookie ?? []]
    .flat()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

/** The Cookie header carrying only the named cookie the answer set; throws when it set none. */
export const cookieFrom = (setCookie: SetCookie, name: string) => cookieHeaderFrom(setCookieLine(setCookie, name));

/** What an answer to a JSON POST holds, whatever sent it. */
export interface PostAnswer {
  status: number;
  setCookie: string[];
  text: string;
}

/** Sends a JSON POST to a path of the app: fetch, app.inject or a Playwright request context. */
export type PostJson = (path: string, body: unknown) => Promise<PostAnswer>;

/** POSTs with fetch to the app running at `url`. */
export const overFetch =
  (url: string): PostJson =>
  async (path, body) => {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, setCookie: res.headers.getSetCookie(), text: await res.text() };
  };

/** POSTs through Fastify's inject: a test app's `request`, or `(options) => app.inject(options)`. */
export const overInject =
  (inject: (options: InjectOptions) => Promise<LightMyRequestResponse>): PostJson =>
  async (path, payload) => {
    const res = await inject({ method: 'POST', url: path, payload: payload as InjectOptions['payload'] });
    return { status: res.statusCode, setCookie: [res.headers['set-cookie'] ?? []].flat(), text: res.body };
  };

export interface SignedIn {
  /** Every cookie the answer set (the session's and the device's), as a browser would send them back. */
  cookie: string;
  /** The session cookie alone (`sid=…` or `agent_sid=…`). */
  session: string;
  /** The answer's body: the signed-in user, or `{ agent }`. */
  body: unknown;
}

/**
 * Signs in with the sign-in form's route for the kind of account. Throws unless the answer is 200 and sets the
 * session cookie, so that a test that needs a session fails at once without one.
 */
export async function signIn(post: PostJson, kind: SessionKind, credentials: Credentials): Promise<SignedIn> {
  const answer = await post(SIGN_IN_PATH[kind], { email: credentials.email, password: credentials.password });
  if (answer.status !== 200) throw new Error(`sign-in of ${kind} ${credentials.email} failed: ${answer.status} ${answer.text}`);
  const session = cookieFrom(answer.setCookie, SESSION_COOKIE[kind]);
  return { cookie: cookieHeaderFrom(answer.setCookie), session, body: JSON.parse(answer.text) as unknown };
}

/** Signs an owner or manager in on the app running at `url` and returns the Cookie header to send back. */
export async function signInOverHttp(url: string, email: string, password: string): Promise<string> {
  return (await signIn(overFetch(url), 'user', { email, password })).cookie;
}
