// In-app notifications (docs/product.md §12.13): made from events by the notifier for whom they concern, each kind as
// the person chose; read, counted and marked read by their owner only; erased with the agent they are about.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { claimCreated } from '../../contract/rewards';
import { notificationPage, notificationPreferences, type NotificationPage } from '../../contract/notifications';
import { queryRows } from '../../server/db/client';
import { notifyEvents } from '../../server/db/operations/notify-events';
import { createAgent, signInAgent, signedInUser } from '../factories/accounts';
import { createRewardOption } from '../factories/rewards';
import { describeEachEngine, type TestApp } from '../support/test-app';
import { sequenceAll } from '../../server/db/sequencer';

const NOW = new Date('2026-11-20T15:00:00Z');

describeEachEngine(
  'notifications',
  (get) => {
    let owner: { id: number; cookie: string };
    let manager: { id: number; cookie: string };

    beforeAll(async () => {
      get().clock.now = NOW;
      owner = await signedInUser(get(), 'owner');
      manager = await signedInUser(get(), 'manager');
    });

    /** Runs the notifier to the end of the events (the app's own runs too: the cursor lets one at a time). */
    async function notified(t: TestApp) {
      // The events of the writes so far get their ids first (the notifier reads placed events only).
      await sequenceAll(t.database.db);
      for (let i = 0; i < 50; i++) {
        if ((await notifyEvents(t.database.db, 500, t.clock.now, { appUrl: 'http://tiertrack.test' })) === 0) {
          // 0 also means another pass holds the cursor: make sure it is done.
          const [left] = await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from events where id > (select value::bigint from app_meta where key = 'notifications_notified_through')`,
          );
          if (left!.n === 0) return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the notifier did not catch up');
    }

    async function inbox(t: TestApp, cookie: string, query = ''): Promise<NotificationPage> {
      const res = await t.request({ method: 'GET', url: `/api/notifications${query}`, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return notificationPage.parse(res.json());
    }

    const record = (t: TestApp, agentId: number, amount: string) =>
      t.request({ method: 'POST', url: '/api/income-entries', headers: { cookie: owner.cookie }, payload: { agentId, amount } });

    it('tells an agent of the tiers it reaches and of its claim’s steps, and owners of its claim', async () => {
      const t = get();
      await notified(t);
      const agent = await createAgent(t.database.db, { firstName: 'Nora', lastName: 'Notified' });
      const { cookie } = await signInAgent(t.database.db, agent, NOW);
      expect((await record(t, agent.id, '10500.00')).statusCode).toBe(201);
      await notified(t);

      const reached = await inbox(t, cookie);
      expect(reached.unreadCount).toBe(2);
      expect(reached.notifications.map((n) => [n.kind, n.title, n.readAt])).toEqual([
        ['tier_reached', 'You reached Bronze!', null],
        ['tier_reached', 'You reached Starter!', null],
      ]);
      expect(reached.notifications[0]!.body).toBe('Your total reached the Bronze tier. Claim its reward on your tier dashboard.');
      // The owner and the manager (who leads no team: its scope holds every agent) hear of it too, in the app only.
      for (const staff of [owner, manager]) {
        const theirs = (await inbox(t, staff.cookie)).notifications.filter((n) => n.kind === 'agent_tier_reached' && n.title.startsWith('Nora Notified'));
        expect(theirs.map((n) => [n.title, n.body])).toEqual([
          ['Nora Notified reached Bronze', 'Their total reached the Bronze tier.'],
          ['Nora Notified reached Starter', 'Their total reached the Starter tier.'],
        ]);
      }
      const [mailed] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from email_outbox where kind = 'agent_tier_reached'`);
      expect(mailed!.n).toBe(0);
      // The screens hear of it on the stream: the agent's own event.
      await sequenceAll(t.database.db);
      const [told] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from events where type = 'notification.created' and agent_id = ${agent.id}`);
      expect(told!.n).toBeGreaterThan(0);

      const option = await createRewardOption(t.database.db, { tierId: 1, title: 'Gift card' });
      const claim = await t.request({
        method: 'POST',
        url: '/api/agents/claim-reward',
        headers: { cookie },
        payload: { tierId: 1, rewardOptionId: option.id, agentData: { name: 'Nora Notified', email: 'nora@example.test', address: '1 Main Street' } },
      });
      expect(claim.statusCode).toBe(201);
      const claimId = claimCreated.parse(claim.json()).claim.id;
      await notified(t);
      const ownerInbox = await inbox(t, owner.cookie);
      expect(ownerInbox.notifications[0]).toMatchObject({ kind: 'claim_created', title: 'Nora Notified claimed the Starter reward', body: '“Gift card” is waiting in Reward Claims.' });
      // Managers do not handle claims.
      expect((await inbox(t, manager.cookie)).notifications.filter((n) => n.kind === 'claim_created')).toEqual([]);

      for (const [status, extra] of [['processed', {}], ['shipped', { note: 'Tracking 123' }], ['delivered', {}]] as const) {
        const res = await t.request({ method: 'PATCH', url: `/api/reward-claims/${claimId}`, headers: { cookie: owner.cookie }, payload: { status, ...extra } });
        expect(res.statusCode, res.body).toBe(200);
      }
      await notified(t);
      const steps = (await inbox(t, cookie)).notifications.filter((n) => n.kind === 'claim_status');
      expect(steps.map((n) => n.title)).toEqual([
        'Your Starter reward has been delivered',
        'Your Starter reward has shipped',
        'Your Starter reward is being processed',
      ]);
    });

    it('tells owners and managers of an agent who registers, not of one the owner adds', async () => {
      const t = get();
      await notified(t);
      const before = (await inbox(t, manager.cookie)).unreadCount;
      const registered = await t.request({
        method: 'POST',
        url: '/api/agents/register',
        payload: { email: 'self-made@example.test', password: 'a long password', firstName: 'Sam', lastName: 'Signup', position: 'Sales Agent' },
      });
      expect(registered.statusCode).toBe(202);
      const added = await t.request({
        method: 'POST',
        url: '/api/agents',
        headers: { cookie: owner.cookie },
        payload: { name: 'Owner Added', position: 'Sales Agent', email: 'owner-added@example.test', password: 'a long password' },
      });
      expect(added.statusCode).toBe(201);
      await notified(t);
      for (const cookie of [owner.cookie, manager.cookie]) {
        const news = (await inbox(t, cookie)).notifications.filter((n) => n.kind === 'agent_registered');
        expect(news.map((n) => n.title)).toEqual(['Sam Signup registered']);
      }
      expect((await inbox(t, manager.cookie)).unreadCount).toBe(before + 1);

      // Deleting the agent erases what was said about it.
      const [sam] = await queryRows<{ id: number }>(t.database.db, sql`select id from agents where email = 'self-made@example.test'`);
      await t.database.db.execute(sql`delete from agents where id = ${sam!.id}`);
      expect((await inbox(t, manager.cookie)).notifications.filter((n) => n.kind === 'agent_registered')).toEqual([]);
    });

    it('marks read only the caller’s own notifications, some or all, and filters the unread', async () => {
      const t = get();
      const agent = await createAgent(t.database.db);
      const other = await createAgent(t.database.db);
      const mine = (await signInAgent(t.database.db, agent, NOW)).cookie;
      const theirs = (await signInAgent(t.database.db, other, NOW)).cookie;
      await record(t, agent.id, '21000.00'); // Starter, Bronze, Silver
      await record(t, other.id, '5000.00');
      await notified(t);
      const all = await inbox(t, mine);
      expect(all.unreadCount).toBe(3);
      const otherId = (await inbox(t, theirs)).notifications[0]!.id;

      const some = await t.request({ method: 'POST', url: '/api/notifications/read', headers: { cookie: mine }, payload: { ids: [all.notifications[0]!.id, otherId] } });
      expect(some.json()).toEqual({ marked: 1 });
      expect((await inbox(t, mine)).unreadCount).toBe(2);
      expect((await inbox(t, theirs)).unreadCount).toBe(1);
      expect((await inbox(t, mine, '?unread=1')).notifications.map((n) => n.id)).toEqual(all.notifications.slice(1).map((n) => n.id));

      const rest = await t.request({ method: 'POST', url: '/api/notifications/read', headers: { cookie: mine }, payload: { all: true } });
      expect(rest.json()).toEqual({ marked: 2 });
      expect((await inbox(t, mine)).unreadCount).toBe(0);
      expect((await inbox(t, mine, '?unread=1')).notifications).toEqual([]);
      expect((await inbox(t, mine, '?limit=2')).nextOffset).toBe(2);

      for (const payload of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { ids: [1], all: true }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
        const res = await t.request({ method: 'POST', url: '/api/notifications/read', headers: { cookie: mine }, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      for (const query of ['?unread=yes', '?limit=0', '?limit=101', '?offset=-1']) {
        expect((await t.request({ method: 'GET', url: `/api/notifications${query}`, headers: { cookie: mine } })).statusCode, query).toBe(400);
      }
    });

    it('keeps each person’s choices per kind, and makes no notification of a kind switched off in the app', async () => {
      const t = get();
      const agent = await createAgent(t.database.db);
      const { cookie } = await signInAgent(t.database.db, agent, NOW);
      const read = async (c: string) => notificationPreferences.parse((await t.request({ method: 'GET', url: '/api/notification-preferences', headers: { cookie: c } })).json());
      expect(await read(cookie)).toEqual({
        preferences: [
          { kind: 'tier_reached', inApp: true, email: true, push: true },
          { kind: 'claim_status', inApp: true, email: true, push: true },
          { kind: 'goal_progress', inApp: true, email: true, push: true },
          { kind: 'goal_behind', inApp: true, email: true, push: true },
          { kind: 'contest_started', inApp: true, email: true, push: true },
          { kind: 'contest_result', inApp: true, email: true, push: true },
          { kind: 'badge_awarded', inApp: true, email: true, push: true },
        ],
      });
      expect((await read(manager.cookie)).preferences.map((p) => p.kind)).toEqual(['agent_registered', 'agent_tier_reached', 'goal_reached', 'goal_behind', 'contest_result']);
      expect((await read(owner.cookie)).preferences.map((p) => p.kind)).toEqual(['claim_created', 'agent_registered', 'agent_tier_reached', 'goal_reached', 'goal_behind', 'contest_result']);
      // Every agent's tiers would flood a mailbox: in the app only until chosen.
      expect((await read(owner.cookie)).preferences.find((p) => p.kind === 'agent_tier_reached')).toEqual({ kind: 'agent_tier_reached', inApp: true, email: false, push: true });

      const put = (c: string, payload: unknown) =>
        t.request({ method: 'PUT', url: '/api/notification-preferences', headers: { cookie: c }, payload: payload as Record<string, unknown> });
      const saved = await put(cookie, { preferences: [{ kind: 'tier_reached', inApp: false, email: false }] });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().preferences[0]).toEqual({ kind: 'tier_reached', inApp: false, email: false, push: true });
      // Saved again: the row is updated, not doubled.
      expect((await put(cookie, { preferences: [{ kind: 'tier_reached', inApp: false, email: true }] })).json().preferences[0].email).toBe(true);

      await record(t, agent.id, '6000.00');
      await notified(t);
      expect((await inbox(t, cookie)).notifications).toEqual([]);

      const refused = await put(manager.cookie, { preferences: [{ kind: 'tier_reached', inApp: false, email: false }] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('You do not receive notifications of kind tier_reached');
      for (const payload of [{}, { preferences: [] }, { preferences: [{ kind: 'nope', inApp: true, email: true }] }, { preferences: [{ kind: 'tier_reached', inApp: 'yes', email: true }] },
        { preferences: [{ kind: 'tier_reached', inApp: true, email: true }, { kind: 'tier_reached', inApp: false, email: true }] }]) {
        expect((await put(cookie, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      // API tokens have no notifications.
      expect((await t.request({ method: 'GET', url: '/api/notifications', headers: { authorization: 'Bearer tt_nobody' } })).statusCode).toBe(401);
    });

    it('emails an owner of the tiers agents reach once it chose so, and not before', async () => {
      const t = get();
      await notified(t);
      const mailed = async (agentId: number) =>
        (await queryRows<{ subject: string }>(t.database.db, sql`select subject from email_outbox where user_id = ${owner.id} and kind = 'agent_tier_reached' and subject_agent_id = ${agentId} order by id`)).map((row) => row.subject);
      const quiet = await createAgent(t.database.db, { firstName: 'Quinn', lastName: 'Quiet' });
      expect((await record(t, quiet.id, '6000.00')).statusCode).toBe(201);
      await notified(t);
      expect(await mailed(quiet.id)).toEqual([]);

      const chose = await t.request({ method: 'PUT', url: '/api/notification-preferences', headers: { cookie: owner.cookie }, payload: { preferences: [{ kind: 'agent_tier_reached', inApp: true, email: true }] } });
      expect(chose.statusCode, chose.body).toBe(200);
      const loud = await createAgent(t.database.db, { firstName: 'Lou', lastName: 'Loud' });
      expect((await record(t, loud.id, '6000.00')).statusCode).toBe(201);
      await notified(t);
      expect(await mailed(loud.id)).toEqual(['Lou Loud reached Starter']);
      // Back to the default for the tests after.
      await t.request({ method: 'PUT', url: '/api/notification-preferences', headers: { cookie: owner.cookie }, payload: { preferences: [{ kind: 'agent_tier_reached', inApp: true, email: false }] } });
    });

    it('never notifies twice for one event, even when its events are read again', async () => {
      const t = get();
      const agent = await createAgent(t.database.db);
      const { cookie } = await signInAgent(t.database.db, agent, NOW);
      await record(t, agent.id, '5000.00');
      await notified(t);
      // Run over the same events again, as an instance whose pass raced another's would: nothing new.
      await t.database.db.execute(sql`update app_meta set value = '0' where key = 'notifications_notified_through'`);
      await notified(t);
      expect((await inbox(t, cookie)).notifications.map((n) => n.title)).toEqual(['You reached Starter!']);
    });
  },
  { notifications: true },
);
