// npm run user:create -- --email jane@example.com --name "Jane Doe" --role owner
// Creates an owner or manager account in the database the server uses (DATABASE_URL, else the embedded
// database in DATA_DIR). The password comes from --password, the USER_PASSWORD variable, or a hidden prompt.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { newStaffPasswordField, userRoles } from '../contract/auth';
import { emailField } from '../contract/fields';
import { COMMON_PASSWORD, isCommonPassword } from '../server/domain/password-policy';
import { hashPassword } from '../server/auth/passwords';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { insertUser } from '../server/db/queries/users';
import { AppError } from '../server/domain/errors';
import { ask, runCli } from './support/cli';

const usage = `Usage: npm run user:create -- [--email EMAIL] [--name NAME] [--role owner|manager] [--password PASSWORD]

Creates an owner or manager account. Missing values are asked for when a terminal is attached.
The password may also come from the USER_PASSWORD environment variable (it is never echoed or printed).
Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data); stop the app first
when it runs on the same DATA_DIR.`;

const accountInput = z.object({
  email: emailField,
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  role: z.enum(userRoles, { error: 'Role must be owner or manager' }),
  password: newStaffPasswordField.refine((password) => !isCommonPassword(password), COMMON_PASSWORD),
});


async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }

  const config = loadConfig();
  const raw = {
    email: values.email ?? (await ask('Email: ')),
    name: values.name ?? (await ask('Name: ')),
    role: values.role ?? (await ask('Role (owner or manager): ')),
    password: values.password ?? process.env.USER_PASSWORD ?? (await ask('Password (at least 10 characters): ', true)),
  };
  const parsed = accountInput.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
    console.error(`\n${usage}`);
    return 1;
  }
  const input = parsed.data;

  let database: Database;
  try {
    database = config.databaseUrl
      ? await openDatabase({ engine: 'postgres', url: config.databaseUrl, poolSize: 1 })
      : await openDatabase({ engine: 'pglite', dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message}\nThe app is probably running on it: stop the app, then run this command again.`);
      return 1;
    }
    throw error;
  }
  try {
    await database.migrate();
    const user = await insertUser(database.db, {
      email: input.email,
      name: input.name,
      role: input.role,
      passwordHash: await hashPassword(input.password),
    });
    console.log(`Created ${user.role} ${user.name} <${user.email}> (id ${user.id}). They can sign in at /login.`);
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') {
      console.error(`${error.message}: ${input.email}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runCli(main, usage, 1);
