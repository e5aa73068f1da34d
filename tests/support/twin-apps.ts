import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../server/app';
import type { Database, Engine } from '../../server/db/client';
import type { SignInRateLimits } from '../../server/http/security';
import { testConfig } from './test-app';
import { openTestDatabase } from './test-database';

export interface TwinApps {
  database: Database;
  app: FastifyInstance;
  twin: FastifyInstance;
}

/**
 * Two app instances on one test database of the engine, for the sign-in limits: their counters and the device secret
 * live in the database, so what one instance counts the other must see. Made before the suite's tests (handed to
 * `use`), closed after them. Behind one trusted proxy (`TRUST_PROXY=1`), so each request names its client address.
 */
export function twinAppsForSuite(engine: Engine, clock: { now: Date }, signInRateLimits: SignInRateLimits, use: (apps: TwinApps) => void): void {
  let made: Partial<TwinApps> = {};
  beforeAll(async () => {
    const database = await openTestDatabase(engine);
    made = { database };
    const options = { database, config: testConfig({ TRUST_PROXY: '1' }), webRoot: null, now: () => clock.now, signInRateLimits };
    made.app = await createApp(options);
    made.twin = await createApp(options);
    use(made as TwinApps);
  });
  afterAll(async () => {
    await made.app?.close();
    await made.twin?.close();
    await made.database?.close();
  });
}
