import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { adminPool, databaseUrl, postgresTestUrl } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    runId: string;
    pgliteTemplatePath: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one template database per engine for the whole run; each test file then starts from a copy:
 * a PGlite data dir loaded in memory, or a PostgreSQL database created WITH TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const pgliteTemplatePath = path.join(os.tmpdir(), `tiertrack-template-${runId}.tar`);

  const template = await openDatabase({ engine: 'pglite' });
  await template.migrate();
  const client = (template.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  writeFileSync(pgliteTemplatePath, Buffer.from(await dump.arrayBuffer()));
  await template.close();

  let postgresTemplate: string | null = null;
  const url = postgresTestUrl();
  if (url) {
    postgresTemplate = `tt_template_${runId}`;
    const admin = adminPool(url);
    await admin.query(`CREATE DATABASE ${postgresTemplate}`);
    const db = await openDatabase({ engine: 'postgres', url: databaseUrl(url, postgresTemplate), poolSize: 1 });
    await db.migrate();
    await db.close();
    await admin.end();
  }

  project.provide('runId', runId);
  project.provide('pgliteTemplatePath', pgliteTemplatePath);
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    rmSync(pgliteTemplatePath, { force: true });
    if (url && postgresTemplate) {
      const admin = adminPool(url);
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`tt_%${runId}%`],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    }
  };
}
