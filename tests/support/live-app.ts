import { afterAll, beforeAll } from 'vitest';
import type { Engine } from '../../server/db/client';
import { signedInUser } from '../factories/accounts';
import type { OpenedStream } from './event-stream';
import { listening, startTestApp, type TestApp } from './test-app';

export interface LiveApp {
  t: TestApp & { close(): Promise<void> };
  /** The address it listens on, for streams over real HTTP. */
  base: string;
  owner: { cookie: string };
}

/**
 * An app listening on 127.0.0.1 for a suite that opens event streams, with a signed-in owner: its hub checks
 * credentials every 200 ms and boards every 100 ms, so that ended sessions and board changes reach the streams fast.
 * Handed to `use` before the suite's tests; after them, the streams in `opened` are closed, then the app.
 */
export function liveAppForSuite(engine: Engine, opened: readonly OpenedStream[], use: (app: LiveApp) => void): void {
  let t: LiveApp['t'] | undefined;
  beforeAll(async () => {
    t = await startTestApp(engine, { eventHub: { checkCredentialsMs: 200, leaderboardEveryMs: 100 } });
    use({ t, base: await listening(t), owner: await signedInUser(t, 'owner') });
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    await t?.close();
  });
}
