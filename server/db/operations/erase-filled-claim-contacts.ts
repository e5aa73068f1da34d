import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { audited, SYSTEM_ACTOR } from '../audit';
import type { Db } from '../client';
import { rewardClaims } from '../schema';

/**
 * Erases the contact details (name, email, phone, messenger, address, instructions) of claims filled (or rejected) more
 * than `retentionDays` before `now`: they were needed to deliver the reward, not afterwards. The claim itself (who, which
 * tier and reward, when) stays. Idempotent, so every instance may run it. Returns how many claims were erased.
 */
export async function eraseFilledClaimContacts(db: Db, now: Date, retentionDays: number): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  // The system erases them: the audit trail says which claims, when (docs/product.md §12.12).
  return audited(db, SYSTEM_ACTOR, now, (tx) => eraseContactsBefore(tx, now, before), (ids) =>
    ids.length === 0 ? null : { action: 'claims.contacts_erased', targetType: 'reward_claim', targetId: null, after: { claimIds: ids, retentionDays } },
  ).then((ids) => ids.length);
}

async function eraseContactsBefore(db: Db, now: Date, before: Date): Promise<number[]> {
  const rows = await db
    .update(rewardClaims)
    .set({
      fullName: '',
      email: '',
      phone: null,
      telegram: null,
      address: '',
      city: null,
      zipcode: null,
      shippingInstructions: null,
      contactErasedAt: now,
    })
    .where(
      and(
        or(
          and(isNotNull(rewardClaims.processedAt), lt(rewardClaims.processedAt, before)),
          and(eq(rewardClaims.status, 'rejected'), lt(rewardClaims.statusChangedAt, before)),
        ),
        isNull(rewardClaims.contactErasedAt),
      ),
    )
    .returning({ id: rewardClaims.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
