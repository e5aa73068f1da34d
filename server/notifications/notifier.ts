import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { NOTIFIED_THROUGH, notifyEvents } from '../db/operations/notify-events';
import { prepareEventCursors } from '../db/event-cursors';
import { BADGES_WATCHED_THROUGH, watchBadges } from '../db/operations/watch-badges';
import { CONTESTS_WATCHED_THROUGH, STANDINGS_EVERY_MS, tickContests, watchContests } from '../db/operations/watch-contests';
import { GOALS_WATCHED_THROUGH, noticeGoalsBehind, watchGoals } from '../db/operations/watch-goals';
import { PassLoop } from './pass-loop';

/** Events read per transaction. */
const BATCH = 500;

/** How often each instance looks for goals behind pace (each goal is told at most once a week anyway). */
const BEHIND_CHECK_MS = 60 * 60 * 1000;

/**
 * Makes notifications (and queues their emails) from committed events (docs/product.md §12.13), after the goal marks
 * and "behind pace" notices those events lead to (server/db/operations/watch-goals.ts) and the course of contests
 * (server/db/operations/watch-contests.ts: races won, standings moved, starts, ends, finals). Each instance runs
 * one; the cursor's row lock lets one instance at a time do the work (notifyEvents). It wakes when this instance hears
 * of new events and every `pollMs` (events committed by other instances, a pass that failed). Nothing is kept in
 * memory: a restarted instance goes on from the cursor.
 */
export class Notifier {
  private readonly loop: PassLoop;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    private readonly pollMs: number,
    /** The address the app is opened at: emails link to it and to their unsubscribe page. */
    private readonly appUrl: () => string,
    /** Called after each pass (the email worker sends what it queued). */
    private readonly afterPass: () => void = () => undefined,
    /** The organisation's time zone: which period goals are in now, and which day contests are on. */
    private readonly timeZone = 'UTC',
    /** CONTEST_GRACE_HOURS: how long an ended contest's standings still move before they freeze. */
    private readonly contestGraceHours = 24,
  ) {
    this.loop = new PassLoop(() => this.pass(), log, 'notification pass failed');
  }

  /** Makes the watchers' cursors before the app serves (nothing written after the start is missed), then polls. */
  async start(): Promise<void> {
    await prepareEventCursors(this.db, [GOALS_WATCHED_THROUGH, CONTESTS_WATCHED_THROUGH, BADGES_WATCHED_THROUGH, NOTIFIED_THROUGH]);
    this.loop.start(this.pollMs);
  }

  /** Events were committed: make their notifications soon. */
  kick(): void {
    this.loop.kick();
  }

  private soonTimer: NodeJS.Timeout | undefined;
  private soonAt = -Infinity;
  /** Whether the last pass saw a contest published and not over (until the first pass: assume one). */
  private contestsOpen = true;

  /**
   * Entries or activities were committed: a pass tells the contests they move (standings, races) now if none was asked
   * for this way in the last second, else at the end of that second: at most one such pass a second however many
   * arrive. `inMs`: no sooner than that (standings waiting for their second).
   */
  soon(inMs = 0): void {
    if (this.soonTimer || this.loop.closed || !this.contestsOpen) return;
    const wait = Math.max(inMs, this.soonAt + STANDINGS_EVERY_MS - performance.now());
    const go = () => {
      this.soonTimer = undefined;
      this.soonAt = performance.now();
      this.loop.kick();
    };
    if (wait <= 0) {
      go();
      return;
    }
    this.soonTimer = setTimeout(go, wait);
    this.soonTimer.unref();
  }

  close(): Promise<void> {
    clearTimeout(this.soonTimer);
    this.soonTimer = undefined;
    return this.loop.close();
  }

  private behindCheckedAt = -Infinity;

  private async step(name: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.log.error({ err: error }, `${name} failed; it is tried again at the next pass`);
    }
  }

  private async pass(): Promise<void> {
    // Goals first: the marks they reach and the pace they fall behind are events this pass then notifies.
    while (!this.loop.closed && (await watchGoals(this.db, BATCH, this.now(), this.timeZone)) === BATCH);
    // Contests next: the races won, standings moved, starts, ends and finals are events this pass then notifies. Each
    // step's failure is its own: it is logged and tried again at the next pass, and the notifications still go out.
    await this.step('the contest pass', async () => {
      while (!this.loop.closed && (await watchContests(this.db, BATCH, this.now(), this.timeZone)) === BATCH);
      if (this.loop.closed) return;
      const { standingsDueAt, open } = await tickContests(this.db, this.now(), this.timeZone, this.contestGraceHours);
      this.contestsOpen = open;
      if (standingsDueAt) this.soon(Math.max(0, standingsDueAt.getTime() - this.now().getTime()));
    });
    // Badges last: the tiers, goal marks and contest finals above earn them too.
    await this.step('the badge pass', async () => {
      while (!this.loop.closed && (await watchBadges(this.db, BATCH, this.now(), this.timeZone)) === BATCH);
    });
    const now = this.now();
    if (now.getTime() - this.behindCheckedAt >= BEHIND_CHECK_MS) {
      this.behindCheckedAt = now.getTime();
      await noticeGoalsBehind(this.db, now, this.timeZone);
    }
    while (!this.loop.closed && (await notifyEvents(this.db, BATCH, this.now(), { appUrl: this.appUrl() })) === BATCH);
    this.afterPass();
  }
}
