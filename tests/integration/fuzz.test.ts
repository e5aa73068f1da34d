// Malformed requests to every API route as every kind of caller (docs/product.md §13.1): never a 5xx, a 4xx
// with the JSON error shape, and nothing changed in the database. `npm run fuzz` runs the same cases, many more.
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { databaseFingerprint, type Fingerprint } from '../support/fingerprint';
import {
  buildRequest,
  fuzzCaseArbitrary,
  makeFuzzFixture,
  routeKey,
  routeSpecs,
  runFuzzCase,
  type FuzzCase,
  type FuzzTarget,
} from '../support/fuzz-requests';
import { describeEachEngine } from '../support/test-app';

/** 1,000 cases per engine (about 10 s each on the reference machine); FUZZ_RUNS and FUZZ_SEED override. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

describeEachEngine('malformed requests', (get) => {
  let target: FuzzTarget;
  beforeAll(async () => {
    const t = get();
    target = { app: t.app, db: t.database.db, now: () => t.clock.now, fixture: await makeFuzzFixture(t.database.db, t.clock.now) };
  });

  it('have a spec for every registered API route, and only for those', () => {
    const registered = get().app.apiRoutes.map((route) => routeKey(`${route.method} ${route.url}`));
    const specified = routeSpecs.map((spec) => routeKey(spec.route));
    expect(registered.filter((route) => !specified.includes(route)).sort()).toEqual([]);
    expect(specified.filter((route) => !registered.includes(route)).sort()).toEqual([]);
  });

  it('are refused by the contract when built from a field mutation (the generator never sends a valid body)', () => {
    const routes = get().app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    fc.assert(
      fc.property(fuzzCaseArbitrary(routes), (c) => {
        expect(buildRequest(c, target.fixture, 'sid=x', target.now()).wellFormedBody).toBeUndefined();
      }),
      { numRuns: 1000, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
  });

  it(`get a 4xx with the error shape and change nothing (${RUNS} cases)`, async () => {
    const routes = get().app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    let last: Fingerprint = await databaseFingerprint(target.db);
    const initial = last;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fuzzCaseArbitrary(routes), async (c: FuzzCase) => {
        const outcome = await runFuzzCase(target, c, last);
        last = outcome.after;
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        expect(outcome.problems).toEqual([]);
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
    expect(await databaseFingerprint(target.db)).toEqual(initial);
    // The cases reach past the guards: validation (400), authentication (401), authorization (403) and lookups (404).
    for (const status of [400, 401, 403, 404]) expect(statuses.get(status) ?? 0, `answers with ${status}`).toBeGreaterThan(0);
  }, 120_000);
});
