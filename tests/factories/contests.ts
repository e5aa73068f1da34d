// Contests for tests, made directly in the database as the owner would (docs/decisions/0077-contests.md).
import { SYSTEM_ACTOR } from '../../server/db/audit';
import type { Db } from '../../server/db/client';
import { createContest, type ContestSettings } from '../../server/db/operations/save-contest';
import { contestAwards } from '../../server/db/schema';
import { uniqueSuffix } from './accounts';

/** A total contest of everyone's on `metricId` (null: profit) over the window given, published unless `draft`; its id. */
export function makeContest(
  db: Db,
  window: { startsOn: string; endsOn: string; metricId: number | null },
  options: { draft?: boolean; now?: Date } & Partial<ContestSettings> = {},
): Promise<number> {
  const { draft = false, now = new Date(), ...settings } = options;
  return createContest(
    db,
    {
      name: `Contest ${uniqueSuffix()}`,
      description: null,
      format: 'total',
      target: null,
      participantKind: 'all',
      participantIds: [],
      teamsCompete: false,
      prizes: [],
      showOnTv: false,
      recurrence: null,
      ...window,
      ...settings,
    },
    draft,
    SYSTEM_ACTOR,
    null,
    now,
  );
}

/** A prize awarded to an agent, as a final contest awards it (first place, with a reward option or none); its id. */
export async function makeAward(db: Db, award: { contestId: number; agentId: number; rewardOptionId: number | null; now?: Date; text?: string }): Promise<number> {
  const [row] = await db
    .insert(contestAwards)
    .values({ contestId: award.contestId, place: 1, agentId: award.agentId, prizeText: award.text ?? 'A prize', rewardOptionId: award.rewardOptionId, awardedAt: award.now ?? new Date() })
    .returning({ id: contestAwards.id });
  return row!.id;
}
