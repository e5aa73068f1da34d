// One bad receiver does not slow the others (docs/decisions/0033-webhook-isolation.md): a webhook holds at most a
// small share of an instance's sending slots, and a receiver that keeps failing is paused by a circuit breaker (its
// deliveries wait without taking a slot) until one probe attempt succeeds. Real receivers on 127.0.0.1, the real app
// and database; the pause is ended by moving its end in the database (as if the time had passed), nothing is mocked.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createdWebhook, webhookDeliveryPage, webhookList, type CreatedWebhook, type Webhook, type WebhookDeliveryPage } from '../../contract/webhooks';
import { SESSIONS_OUTLIVE_CLOCK, signedInUser } from '../factories/accounts';
import { describeEachEngine } from '../support/test-app';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

const RETRY_BASE_MS = 30_000;

describeEachEngine(
  'Webhook isolation',
  (get) => {
    let owner = '';
    const receivers: Receiver[] = [];
    const receiver = async () => {
      const made = await startReceiver();
      receivers.push(made);
      return made;
    };
    beforeEach(async () => {
      get().clock.now = new Date();
      owner = (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
      await get().database.db.execute(sql`delete from webhooks where id in (select id from webhooks order by id for update)`);
    });
    // Hung requests are let go before the app closes (it waits for attempts under way).
    afterEach(async () => {
      await Promise.all(receivers.splice(0).map((made) => made.close()));
    });

    const register = async (url: string): Promise<CreatedWebhook> => {
      const res = await get().request({ method: 'POST', url: '/api/webhooks', headers: { cookie: owner }, payload: { url, events: ['data.changed'] } });
      expect(res.statusCode, res.body).toBe(201);
      return createdWebhook.parse(res.json());
    };
    const sendTests = async (id: number, count: number) => {
      for (let i = 0; i < count; i++) {
        const res = await get().request({ method: 'POST', url: `/api/webhooks/${id}/test`, headers: { cookie: owner } });
        expect(res.statusCode, res.body).toBe(202);
      }
    };
    const listed = async (id: number): Promise<Webhook> => {
      const res = await get().request({ method: 'GET', url: '/api/webhooks', headers: { cookie: owner } });
      expect(res.statusCode, res.body).toBe(200);
      return webhookList.parse(res.json()).webhooks.find((hook) => hook.id === id)!;
    };
    const log = async (id: number): Promise<WebhookDeliveryPage> => {
      const res = await get().request({ method: 'GET', url: `/api/webhooks/${id}/deliveries?limit=200`, headers: { cookie: owner } });
      expect(res.statusCode, res.body).toBe(200);
      return webhookDeliveryPage.parse(res.json());
    };
    /** Waits until no attempt of the webhook is under way. */
    const quiet = (id: number) =>
      expect.poll(async () => (await log(id)).deliveries.some((d) => d.attemptLog.some((a) => a.outcome === 'sending')), { timeout: 20_000 }).toBe(false);

    it('sends to a healthy receiver while a hanging one and a slow one hold their requests', async () => {
      const [hanging, slow, healthy] = [await receiver(), await receiver(), await receiver()];
      let answerSlow = () => {};
      const slowGate = new Promise<void>((resolve) => (answerSlow = resolve));
      hanging.answer = () => 'hang';
      slow.answer = () => ({ status: 200, after: slowGate });
      const [hangingHook, slowHook, healthyHook] = [await register(hanging.url), await register(slow.url), await register(healthy.url)];

      // A backlog for the two bad receivers, due before anything for the healthy one.
      for (let i = 0; i < 10; i++) {
        await sendTests(hangingHook.id, 1);
        await sendTests(slowHook.id, 1);
      }
      await hanging.waitFor(1);
      await slow.waitFor(1);
      await sendTests(healthyHook.id, 10);

      // All ten reach the healthy receiver while the others still hold every request they got.
      await healthy.waitFor(10, 20_000);
      expect(hanging.aborted).toBe(0);
      expect(slow.received.filter((request) => !Number.isNaN(request.answeredAt))).toEqual([]);
      // Each bad receiver holds at most its share of the slots.
      expect(hanging.received.length).toBeLessThanOrEqual(2);
      expect(slow.received.length).toBeLessThanOrEqual(2);
      await expect.poll(async () => (await log(healthyHook.id)).deliveries.map((d) => d.status), { timeout: 10_000 }).toEqual(Array(10).fill('delivered'));

      // The slow receiver answers in the end and gets its whole backlog.
      answerSlow();
      await slow.waitFor(10, 20_000);
      await expect.poll(async () => (await listed(slowHook.id)).pending, { timeout: 10_000 }).toBe(0);
    }, 60_000);

    it('pauses a receiver that keeps failing, shows it, probes it once, and closes when the probe succeeds', async () => {
      const [failing, healthy] = [await receiver(), await receiver()];
      failing.answer = () => ({ status: 503 });
      const [hook, healthyHook] = [await register(failing.url), await register(healthy.url)];
      expect((await listed(hook.id)).breaker).toEqual({ state: 'closed', consecutiveFailures: 0, openedAt: null, openUntil: null, pauses: 0 });

      await sendTests(hook.id, 6);
      // Five failed attempts in a row open the breaker for the retry base (30 s here).
      await expect.poll(async () => (await listed(hook.id)).breaker.state, { timeout: 20_000 }).toBe('open');
      await quiet(hook.id);
      const open = (await listed(hook.id)).breaker;
      expect(open.consecutiveFailures).toBeGreaterThanOrEqual(5);
      expect(open.pauses).toBe(1);
      expect(new Date(open.openUntil!).getTime() - new Date(open.openedAt!).getTime()).toBe(RETRY_BASE_MS);
      expect((await log(hook.id)).breaker).toEqual(open);
      const sentBeforePause = failing.received.length;

      // Its deliveries fall due while it is open: they wait. The healthy webhook's deliveries, due after them, go.
      await get().database.db.execute(sql`update webhook_deliveries set next_attempt_at = now() where webhook_id = ${hook.id} and status = 'pending'`);
      await sendTests(healthyHook.id, 3);
      await healthy.waitFor(3);
      await expect.poll(async () => (await log(healthyHook.id)).deliveries.map((d) => d.status), { timeout: 10_000 }).toEqual(['delivered', 'delivered', 'delivered']);
      expect(failing.received).toHaveLength(sentBeforePause);
      const held = (await log(hook.id)).deliveries.filter((d) => d.status === 'pending');
      expect(held.length).toBeGreaterThan(0);

      // The pause ends: one probe goes, fails, and the breaker opens again for twice as long.
      await get().database.db.execute(sql`update webhooks set breaker_open_until = now() where id = ${hook.id}`);
      await expect.poll(async () => (await listed(hook.id)).breaker.pauses, { timeout: 10_000 }).toBe(2);
      await quiet(hook.id);
      const reopened = (await listed(hook.id)).breaker;
      expect(reopened.state).toBe('open');
      expect(new Date(reopened.openUntil!).getTime() - new Date(reopened.openedAt!).getTime()).toBe(2 * RETRY_BASE_MS);
      expect(failing.received).toHaveLength(sentBeforePause + 1);
      const probe = (await log(hook.id)).deliveries.flatMap((d) => d.attemptLog).find((a) => a.probe);
      expect(probe).toMatchObject({ outcome: 'failed', responseStatus: 503 });

      // The receiver is back: the next probe is held while the breaker is half-open, and it is the only request.
      let answerProbe = () => {};
      const probeGate = new Promise<void>((resolve) => (answerProbe = resolve));
      failing.answer = () => ({ status: 200, after: probeGate });
      // (The failed probe's own retry falls due too.)
      await get().database.db.execute(sql`update webhook_deliveries set next_attempt_at = now() where webhook_id = ${hook.id} and status = 'pending'`);
      await get().database.db.execute(sql`update webhooks set breaker_open_until = now() where id = ${hook.id}`);
      await failing.waitFor(sentBeforePause + 2);
      expect((await listed(hook.id)).breaker.state).toBe('half-open');
      expect(failing.received).toHaveLength(sentBeforePause + 2);
      failing.answer = () => ({ status: 200 });
      answerProbe();
      // It succeeds: the breaker closes and everything held goes out.
      await expect.poll(async () => (await listed(hook.id)).breaker, { timeout: 10_000 }).toEqual({ state: 'closed', consecutiveFailures: 0, openedAt: null, openUntil: null, pauses: 0 });
      await expect.poll(async () => (await listed(hook.id)).pending, { timeout: 20_000 }).toBe(0);
      expect((await log(hook.id)).deliveries.every((d) => d.status === 'delivered')).toBe(true);
    }, 60_000);
  },
  // A hung request is given up after 20 s: far longer than the healthy deliveries need on a loaded machine.
  { env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '20000', WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS) }, webhookWorker: { pollMs: 25 } },
);
