// Income, reward options and claims for tests, made directly in the database.
import type { Db } from '../../server/db/client';
import { SYSTEM_ACTOR } from '../../server/db/audit';
import { recordIncomeEntry } from '../../server/db/operations/record-income-entry';
import { insertRewardOption, type RewardOptionRow } from '../../server/db/queries/reward-options';
import { sql } from 'drizzle-orm';
import { claimStatusChanges, rewardClaims } from '../../server/db/schema';
import type { RewardCategory } from '../../contract/rewards';

/** Records an income entry the way the owner does (running totals, roll-ups and achievements kept). */
export async function addIncome(
  db: Db,
  agent: { id: number },
  amount: string,
  options: { now?: Date; date?: Date; timeZone?: string; description?: string } = {},
) {
  const now = options.now ?? new Date();
  return recordIncomeEntry(
    db,
    { agentId: agent.id, amount, date: options.date ?? now, description: options.description ?? null },
    { timeZone: options.timeZone ?? 'UTC', now, actor: SYSTEM_ACTOR },
  );
}

export async function createRewardOption(
  db: Db,
  option: { tierId: number; title?: string; description?: string; category?: RewardCategory; isActive?: boolean },
): Promise<RewardOptionRow> {
  return insertRewardOption(db, {
    tierId: option.tierId,
    title: option.title ?? `Reward for tier ${option.tierId}`,
    description: option.description ?? 'A reward made by a test factory',
    category: option.category ?? 'Physical Item',
    isActive: option.isActive ?? true,
  });
}

/** A pending claim, inserted as is: no threshold or ownership checks (use the API to test those). */
export async function createPendingClaim(
  db: Db,
  claim: { agentId: number; tierId: number; rewardOptionId: number; rewardTitle?: string; claimedAt?: Date },
) {
  const [row] = await db
    .insert(rewardClaims)
    .values({
      agentId: claim.agentId,
      tierId: claim.tierId,
      rewardOptionId: claim.rewardOptionId,
      rewardTitle: claim.rewardTitle ?? 'Factory reward',
      fullName: 'Pat Example',
      email: 'pat@example.test',
      phone: '+1 555 0100',
      address: '1 Main Street',
      city: 'Springfield',
      zipcode: '12345',
      ...(claim.claimedAt ? { claimedAt: claim.claimedAt } : {}),
    })
    .returning();
  // Its history's first step, as a claim made through the app has it.
  await db
    .insert(claimStatusChanges)
    .values({ claimId: row!.id, status: 'pending', at: row!.claimedAt, byName: sql`(select name from agents where id = ${claim.agentId})` });
  return row!;
}
