import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_AGENT, DEMO_OWNER } from '../../contract/demo';
import { createApp } from '../../server/app';
import { bootstrapDatabase } from '../../server/bootstrap';
import { queryRows } from '../../server/db/client';
import { openTestDatabase, testEngines } from '../support/test-database';
import { testConfig } from '../support/test-app';

const owner = { OWNER_EMAIL: 'boss@company.test', OWNER_PASSWORD: 'a long owner passphrase' };

/** Bootstraps a new database as `npm start` does with this environment, and serves it. */
async function startWith(engine: (typeof engines)[number], env: Record<string, string>) {
  const database = await openTestDatabase(engine);
  const config = testConfig(env);
  const { demo, demoOwner } = await bootstrapDatabase(database, config);
  const app = await createApp({ database, config, webRoot: null, demo, demoOwner });
  const signInAsDemoAgent = () =>
    app.inject({ method: 'POST', url: '/api/agents/login', payload: { email: DEMO_AGENT.email, password: DEMO_AGENT.password } });
  return {
    demo,
    appInfo: async () => (await app.inject({ method: 'GET', url: '/api/app-info' })).json(),
    signInAsDemoAgent,
    agentCount: async () => (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from agents`))[0],
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const engines = testEngines();

describe.each(engines)('demo mode on a new database [%s]', (engine) => {
  // Review finding: NODE_ENV=production with OWNER_EMAIL/OWNER_PASSWORD and DEMO unset came up in demo mode,
  // published the demo agent's password and a demo owner that did not exist, and let a stranger sign in as the agent.
  it.each([
    ['production with a named owner', { NODE_ENV: 'production', ...owner }, 'approval'],
    ['production', { NODE_ENV: 'production' }, 'approval'],
    ['a named owner', owner, 'open'],
  ])('stays off with %s and DEMO unset: no demo data, no published credentials, no demo sign-in', async (_name, env, signUp) => {
    const started = await startWith(engine, env);
    try {
      expect(started.demo).toBe(false);
      expect(await started.appInfo()).toEqual({ demo: false, signUp, organisation: { orgName: 'TierTrack', currency: 'USD', locale: 'en-US' } });
      expect(await started.agentCount()).toEqual({ n: 0 });
      expect((await started.signInAsDemoAgent()).statusCode).toBe(401);
    } finally {
      await started.close();
    }
  });

  it('turns on in production only when DEMO=1 is said, and shows only the demo accounts that exist', async () => {
    const started = await startWith(engine, { NODE_ENV: 'production', DEMO: '1', ...owner });
    try {
      expect(started.demo).toBe(true);
      // The named owner exists, so no demo owner was made and none is shown.
      expect(await started.appInfo()).toEqual({ demo: true, signUp: 'open', demoAgent: { email: DEMO_AGENT.email, password: DEMO_AGENT.password }, organisation: { orgName: 'TierTrack', currency: 'USD', locale: 'en-US' } });
      expect((await started.signInAsDemoAgent()).statusCode).toBe(200);
    } finally {
      await started.close();
    }
  });

  it('shows the demo owner when demo mode made it', async () => {
    const started = await startWith(engine, { DEMO: '1' });
    try {
      expect(await started.appInfo()).toMatchObject({ demo: true, demoOwner: { email: DEMO_OWNER.email, password: DEMO_OWNER.password } });
    } finally {
      await started.close();
    }
  });
});
