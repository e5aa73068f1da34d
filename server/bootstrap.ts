import { DEMO_AGENT, DEMO_MANAGER, DEMO_OWNER } from '../contract/demo';
import { hashPassword } from './auth/passwords';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { findUserByEmail, hasOwner, insertUser } from './db/queries/users';
import { isDatabaseEmpty, readMeta } from './db/queries/app-meta';
import { seedDemoData } from './demo-seed';
import { AppError } from './domain/errors';

export interface BootstrapResult {
  demo: boolean;
  /** Lines for the console: the accounts a person can sign in with. */
  signIn: string[];
}

/**
 * Prepares a migrated database for serving: the first owner from OWNER_EMAIL/OWNER_PASSWORD, and in demo mode
 * the demo owner, manager, agents and entries (once).
 */
export async function bootstrapDatabase(database: Database, config: AppConfig, now = new Date()): Promise<BootstrapResult> {
  const { db } = database;
  const signIn: string[] = [];
  const wasEmpty = await isDatabaseEmpty(db);

  if (config.owner && !(await hasOwner(db))) {
    const created = await insertUser(db, {
      email: config.owner.email,
      name: 'Owner',
      role: 'owner',
      passwordHash: await hashPassword(config.owner.password),
    }).catch(async (error: unknown) => {
      // Another instance starting on the same database at the same moment created it first.
      if (error instanceof AppError && error.code === 'CONFLICT' && (await hasOwner(db))) return undefined;
      throw error;
    });
    if (created) signIn.push(`Owner account created: ${config.owner.email} (password from OWNER_PASSWORD)`);
  }

  const demo =
    config.demo ?? (database.engine === 'pglite' && (wasEmpty || (await readMeta(db, 'demo_seeded_at')) !== undefined));
  if (demo) {
    await seedDemoData(db, { timeZone: config.orgTimezone, now });
    if (!(await hasOwner(db))) {
      await insertUser(db, { email: DEMO_OWNER.email, name: 'Demo Owner', role: 'owner', passwordHash: await hashPassword(DEMO_OWNER.password) });
      if (!(await findUserByEmail(db, DEMO_MANAGER.email))) {
        await insertUser(db, { email: DEMO_MANAGER.email, name: 'Demo Manager', role: 'manager', passwordHash: await hashPassword(DEMO_MANAGER.password) });
      }
    }
    if (await findUserByEmail(db, DEMO_OWNER.email)) signIn.push(`Demo owner:   ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
    if (await findUserByEmail(db, DEMO_MANAGER.email)) signIn.push(`Demo manager: ${DEMO_MANAGER.email} / ${DEMO_MANAGER.password}`);
    signIn.push(`Demo agent:   ${DEMO_AGENT.email} / ${DEMO_AGENT.password}`);
  } else if (!(await hasOwner(db))) {
    signIn.push('No owner account yet: set OWNER_EMAIL and OWNER_PASSWORD, or run npm run user:create.');
  }
  return { demo, signIn };
}
