import { DEMO_AGENT, DEMO_MANAGER, DEMO_OWNER } from '../contract/demo';
import { hashPassword } from './auth/passwords';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { findUserByEmail, hasOwner, insertUser } from './db/queries/users';
import { isDatabaseEmpty, readMeta } from './db/queries/app-meta';
import { seedDemoData } from './demo-seed';
import { AppError } from './domain/errors';
import { defaultSignUpMode } from './domain/sign-up';
import { initSignUpMode } from './db/queries/sign-up';
import { signUpModeLabels } from '../contract/sign-up';

export interface BootstrapResult {
  demo: boolean;
  /** The demo owner account exists (demo mode made it): the sign-in page may show its credentials. */
  demoOwner: boolean;
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

  const demo = decideDemoMode({
    requested: config.demo,
    engine: database.engine,
    nodeEnv: config.nodeEnv,
    ownerNamed: config.owner !== undefined,
    wasEmpty,
    seededBefore: (await readMeta(db, 'demo_seeded_at')) !== undefined,
  });
  if (demo) {
    await seedDemoData(db, { timeZone: config.orgTimezone, now });
    if (!(await hasOwner(db))) {
      await insertUser(db, { email: DEMO_OWNER.email, name: 'Demo Owner', role: 'owner', passwordHash: await hashPassword(DEMO_OWNER.password) });
      if (!(await findUserByEmail(db, DEMO_MANAGER.email))) {
        await insertUser(db, { email: DEMO_MANAGER.email, name: 'Demo Manager', role: 'manager', passwordHash: await hashPassword(DEMO_MANAGER.password) });
      }
    }
    if (await isDemoOwner(db)) signIn.push(`Demo owner:   ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
    if (await findUserByEmail(db, DEMO_MANAGER.email)) signIn.push(`Demo manager: ${DEMO_MANAGER.email} / ${DEMO_MANAGER.password}`);
    signIn.push(`Demo agent:   ${DEMO_AGENT.email} / ${DEMO_AGENT.password}`);
  } else if (!(await hasOwner(db))) {
    signIn.push('No owner account yet: set OWNER_EMAIL and OWNER_PASSWORD, or run npm run user:create.');
  }
  // Stored once, so that the owner's later choice stays and a restart in another environment changes nothing.
  const signUp = await initSignUpMode(db, defaultSignUpMode(config.nodeEnv, demo));
  signIn.push(`Agent sign-up: ${signUpModeLabels[signUp].title.toLowerCase()} (the owner changes it under Agents, Sign-up settings).`);
  return { demo, demoOwner: demo && (await isDemoOwner(db)), signIn };
}

async function isDemoOwner(db: Database['db']): Promise<boolean> {
  return (await findUserByEmail(db, DEMO_OWNER.email))?.role === 'owner';
}

export interface DemoModeFacts {
  /** DEMO as set: true or false when said out loud, undefined when unset. */
  requested: boolean | undefined;
  engine: Database['engine'];
  nodeEnv: AppConfig['nodeEnv'];
  /** OWNER_EMAIL and OWNER_PASSWORD are set: a real owner is being made. */
  ownerNamed: boolean;
  wasEmpty: boolean;
  seededBefore: boolean;
}

/**
 * Whether demo mode is on. Demo mode publishes known passwords, so it never switches itself on where it could
 * reach a real team: not in production, not where an owner was named, not on a PostgreSQL server. There only
 * DEMO=1 turns it on. Otherwise a new (or earlier demo) embedded database gets it, so that `npm start` shows a
 * working product (docs/decisions/0001-demo-mode.md).
 */
export function decideDemoMode(facts: DemoModeFacts): boolean {
  if (facts.requested !== undefined) return facts.requested;
  if (facts.nodeEnv === 'production' || facts.ownerNamed || facts.engine !== 'pglite') return false;
  return facts.wasEmpty || facts.seededBefore;
}

/** Demo mode said out loud where it would not switch itself on: the banner must not let it pass unnoticed. */
export function demoModeIsLoud(config: AppConfig, demo: boolean): boolean {
  return demo && (config.nodeEnv === 'production' || config.owner !== undefined);
}
