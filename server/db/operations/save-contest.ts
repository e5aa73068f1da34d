import { eq } from 'drizzle-orm';
import { centsToMoneyString } from '../../../contract/cents';
import { text } from '../../../contract/i18n';
import { conflict, notFound } from '../../domain/errors';
import { messages } from './messages';
import { contestStateOf } from '../../domain/contests';
import { appendAudit, type AuditActor } from '../audit';
import type { Db } from '../client';
import { appendEvents } from '../events';
import { findContest, type ContestRow, type ContestSettings } from '../queries/contests';
import { contestChangedEvent } from '../rule-sql';
import { contests } from '../schema';

export type { ContestSettings } from '../queries/contests';

const columnsOf = (settings: ContestSettings) => ({
  name: settings.name,
  description: settings.description,
  metricId: settings.metricId,
  startsOn: settings.startsOn,
  endsOn: settings.endsOn,
  format: settings.format,
  target: settings.target === null ? null : centsToMoneyString(settings.target),
  participantKind: settings.participantKind,
  participantIds: settings.participantIds,
  teamsCompete: settings.teamsCompete,
  prizes: settings.prizes,
  showOnTv: settings.showOnTv,
  recurrence: settings.recurrence,
});

/** What the audit trail keeps of a contest's settings (money as text). */
const audited = (settings: Partial<ContestSettings>) => ({
  ...settings,
  ...(settings.target !== undefined ? { target: settings.target === null ? null : centsToMoneyString(settings.target) } : {}),
});

/** Makes a contest, a draft or published now (docs/decisions/0077-contests.md). Audited, with its contest.changed event. */
export async function createContest(db: Db, settings: ContestSettings, draft: boolean, actor: AuditActor, createdBy: number | null, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contests)
      .values({ ...columnsOf(settings), createdBy, createdAt: now, updatedAt: now, publishedAt: draft ? null : now })
      .returning({ id: contests.id });
    const id = row!.id;
    await appendAudit(tx, actor, { action: 'contest.created', targetType: 'contest', targetId: id, after: { ...audited(settings), draft } }, now);
    await appendEvents(tx, [contestChangedEvent({ contestId: id })]);
    return id;
  });
}

/**
 * Changes a contest under its row lock: `decide` sees it as it is (its state, the caller's scope) and gives the change,
 * or throws to refuse, before anything is written (reading through `tx`: on PGlite the one connection is the
 * transaction's); `publish` publishes a draft. Audited with what changed, with its
 * event.
 */
export async function updateContest(
  db: Db,
  id: number,
  decide: (contest: ContestRow, tx: Db) => Promise<Partial<ContestSettings> & { publish?: boolean }>,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findContest(tx, id, true);
    if (!before) throw notFound('Contest');
    const { publish, ...settings } = await decide(before, tx);
    const after = { ...before, ...settings };
    await tx
      .update(contests)
      .set({ ...columnsOf(after), updatedAt: now, ...(publish ? { publishedAt: now } : {}) })
      .where(eq(contests.id, id));
    const named = Object.keys(settings) as (keyof ContestSettings)[];
    const pick = (row: ContestSettings) => audited(Object.fromEntries(named.map((key) => [key, row[key]])) as Partial<ContestSettings>);
    await appendAudit(
      tx,
      actor,
      {
        action: 'contest.updated',
        targetType: 'contest',
        targetId: id,
        before: { ...pick(before), ...(publish ? { draft: true } : {}) },
        after: { ...pick(after), ...(publish ? { draft: false } : {}) },
      },
      now,
    );
    await appendEvents(tx, [contestChangedEvent({ contestId: id })]);
  });
}

/**
 * Cancels a contest before it is final (kept, with its standings readable, and audited); 409 for one final or
 * cancelled already.
 */
export async function cancelContest(db: Db, id: number, check: (contest: ContestRow, tx: Db) => Promise<void>, today: string, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const contest = await findContest(tx, id, true);
    if (!contest) throw notFound('Contest');
    await check(contest, tx);
    const state = contestStateOf(contest, today);
    if (state === 'final' || state === 'cancelled') throw conflict(text(messages, 'contestNotCancellable', { state }));
    await tx.update(contests).set({ cancelledAt: now, updatedAt: now }).where(eq(contests.id, id));
    await appendAudit(tx, actor, { action: 'contest.cancelled', targetType: 'contest', targetId: id, before: { state }, after: { state: 'cancelled' } }, now);
    await appendEvents(tx, [contestChangedEvent({ contestId: id })]);
  });
}

/** Deletes a draft (a published contest is cancelled instead, and kept); 409 for one that is not a draft. Audited. */
export async function deleteContest(db: Db, id: number, check: (contest: ContestRow, tx: Db) => Promise<void>, today: string, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const contest = await findContest(tx, id, true);
    if (!contest) throw notFound('Contest');
    await check(contest, tx);
    const state = contestStateOf(contest, today);
    if (state !== 'draft') throw conflict(text(messages, 'contestNotDraft', { state }));
    await tx.delete(contests).where(eq(contests.id, id));
    await appendAudit(tx, actor, { action: 'contest.deleted', targetType: 'contest', targetId: id, before: { name: contest.name } }, now);
    await appendEvents(tx, [contestChangedEvent({ contestId: id, deleted: true })]);
  });
}
