import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import { openTestDatabase, testEngines } from '../support/test-database';
import { testConfig } from '../support/test-app';
import { describe } from 'vitest';

// A value PostgreSQL refuses (class 22, "data exception") is bad input that slipped past validation: the error
// handler answers 400 with the error shape, never 500.
for (const engine of testEngines()) {
  describe(`database data exceptions [${engine}]`, () => {
    let database: Database;
    let app: FastifyInstance;
    beforeAll(async () => {
      database = await openTestDatabase(engine);
      app = await createApp({ database, config: testConfig(), webRoot: null });
      app.get('/api/test-only/data-exception', async () => {
        await database.db.execute(sql`select ${'not a number'}::int`);
        return { reached: true };
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('answers 400 VALIDATION_FAILED', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/test-only/data-exception' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request contains a value that cannot be stored', code: 'VALIDATION_FAILED' });
    });
  });
}
