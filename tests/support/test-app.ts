import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createApp, type CreateAppOptions } from '../../server/app';
import { loadConfig, type AppConfig } from '../../server/config';
import type { Database, Engine } from '../../server/db/client';
import { checkAnswers, mismatches } from './conformance';
import { openTestDatabase, testEngines } from './test-database';

export interface TestApp {
  engine: Engine;
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** The clock the app reads; tests may move it. */
  clock: { now: Date };
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * A request whose body goes as written, labelled JSON (inject serialises objects, and labels no string): for bodies
 * that are not JSON, not an object, or empty.
 */
export function rawJsonRequest(method: 'POST' | 'PATCH', url: string, body: string, cookie?: string): InjectOptions {
  return { method, url, headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' }, payload: body };
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({ NODE_ENV: 'test', ORG_TIMEZONE: 'UTC', LOG_LEVEL: 'silent', ...overrides });
}

export async function startTestApp(
  engine: Engine,
  options: {
    env?: Record<string, string>;
    demo?: boolean;
    now?: Date;
    eventHub?: CreateAppOptions['eventHub'];
    webhookWorker?: CreateAppOptions['webhookWorker'];
    /** Run the notifier and the email worker (off by default: they write after the changes tests compare around). */
    notifications?: boolean;
  } = {},
): Promise<TestApp & { close(): Promise<void> }> {
  const database = await openTestDatabase(engine);
  const config = testConfig(options.env);
  const clock = { now: options.now ?? new Date() };
  const app = await createApp({
    database,
    config,
    webRoot: null,
    demo: options.demo ?? false,
    now: () => clock.now,
    ...(options.eventHub ? { eventHub: options.eventHub } : {}),
    ...(options.webhookWorker ? { webhookWorker: options.webhookWorker } : {}),
    notifications: options.notifications ?? false,
  });
  checkAnswers(app);
  await app.ready();
  return {
    engine,
    app,
    database,
    config,
    clock,
    request: (req) => app.inject(req),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Runs a suite once per engine, each on a fresh database and app. The suite receives a getter because the app
 * exists only once beforeAll has run.
 */
export function describeEachEngine(
  name: string,
  suite: (get: () => TestApp) => void,
  options: Parameters<typeof startTestApp>[1] = {},
) {
  for (const engine of testEngines()) {
    describe(`${name} [${engine}]`, () => {
      let current: (TestApp & { close(): Promise<void> }) | undefined;
      beforeAll(async () => {
        current = await startTestApp(engine, options);
      });
      afterAll(async () => {
        await current?.close();
        // Every answer of the suite matched the OpenAPI document (tests/support/conformance.ts).
        expect(mismatches.splice(0)).toEqual([]);
      });
      suite(() => {
        if (!current) throw new Error('the test app is not started yet');
        return current;
      });
    });
  }
}

/** Starts the test app listening on a free loopback port (for event streams and fetch); its base URL. */
export async function listening(t: Pick<TestApp, 'app'>): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}
