// ASVS gap of issue 12: a claim's contact details (name, address, phone...) are erased a set time after the claim is
// filled; the claim itself stays.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { rewardClaims } from '../../server/db/schema';
import { createAgent, ownerCookie } from '../factories/accounts';
import { addIncome, createPendingClaim, createRewardOption } from '../factories/rewards';
import { describeEachEngine, testConfig } from '../support/test-app';

const DAY = 24 * 60 * 60 * 1000;

describeEachEngine(
  'claim contact retention',
  (get) => {
    it('erases the contact details of claims filled more than CLAIM_CONTACT_RETENTION_DAYS ago, at start, keeping the claim', async () => {
      const { db } = get().database;
      const now = get().clock.now;
      const agent = await createAgent(db);
      await addIncome(db, agent, '40000.00', { now });
      const claims = [];
      for (const tierId of [1, 2, 3]) {
        const option = await createRewardOption(db, { tierId });
        claims.push(await createPendingClaim(db, { agentId: agent.id, tierId, rewardOptionId: option.id }));
      }
      const [old, recent, pending] = claims;
      // Filled 31 and 29 days ago (the retention here is 30 days); the third is still pending.
      await db.update(rewardClaims).set({ status: 'processed', processedAt: new Date(now.getTime() - 31 * DAY) }).where(eq(rewardClaims.id, old!.id));
      await db.update(rewardClaims).set({ status: 'processed', processedAt: new Date(now.getTime() - 29 * DAY) }).where(eq(rewardClaims.id, recent!.id));

      // A second app on the same database starts: its first maintenance pass runs once it is ready.
      const app = await createApp({ database: get().database, config: get().config, webRoot: null, now: () => now });
      await app.ready();
      await app.close();

      const owner = await ownerCookie(get(), now);
      const listed = (await get().request({ method: 'GET', url: '/api/owner/reward-claims', headers: { cookie: owner } })).json() as {
        id: number;
        fullName: string;
        email: string;
        phone: string | null;
        address: string;
        city: string | null;
        zipcode: string | null;
        contactErasedAt: string | null;
        rewardTitle: string;
        tierId: number;
      }[];
      const byId = new Map(listed.map((claim) => [claim.id, claim]));
      expect(byId.get(old!.id)).toMatchObject({
        fullName: '',
        email: '',
        phone: null,
        address: '',
        city: null,
        zipcode: null,
        contactErasedAt: now.toISOString(),
        rewardTitle: 'Factory reward',
        tierId: 1,
      });
      for (const kept of [recent!, pending!]) {
        expect(byId.get(kept.id)).toMatchObject({ fullName: 'Pat Example', address: '1 Main Street', contactErasedAt: null });
      }
      const [stored] = await db.select().from(rewardClaims).where(eq(rewardClaims.id, old!.id));
      expect(JSON.stringify(stored)).not.toMatch(/Pat Example|pat@example|555 0100|Main Street|Springfield|12345/);
    });
  },
  { env: { CLAIM_CONTACT_RETENTION_DAYS: '30' } },
);

it('refuses a retention outside 1..3650 days at start', async () => {
  for (const days of ['0', '3651', 'ninety']) {
    expect(() => testConfig({ CLAIM_CONTACT_RETENTION_DAYS: days })).toThrow(/CLAIM_CONTACT_RETENTION_DAYS/);
  }
});
