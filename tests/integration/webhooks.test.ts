// Webhooks (docs/product.md §12.9, docs/decisions/0018-webhooks.md): the owner registers a URL for chosen events;
// each event reaches it as a signed POST from the outbox, is retried with backoff for 24 hours, shows in the
// delivery log, can be sent again, and a test event can be sent at will. A real HTTP receiver on 127.0.0.1 takes
// the deliveries (so these suites allow private addresses; the guard has its own suite below).
import { sql } from 'drizzle-orm';
import { sequenceAll } from '../../server/db/sequencer';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  createdWebhook,
  WEBHOOK_ATTEMPTS_KEPT,
  WEBHOOK_PRIVATE_REFUSED,
  WEBHOOKS_MAX,
  webhookDelivery,
  webhookDeliveryPage,
  webhookList,
  type CreatedWebhook,
  type WebhookDelivery,
} from '../../contract/webhooks';
import { queryRows } from '../../server/db/client';
import { EVENTS_KEPT_MS, runMaintenance, WEBHOOK_DELIVERIES_KEPT_MS } from '../../server/maintenance';
import { createAgent, SESSIONS_OUTLIVE_CLOCK, signedInUser } from '../factories/accounts';
import { describeEachEngine, type TestApp } from '../support/test-app';
import { signatureIsValid, startReceiver, type Receiver } from '../support/webhook-receiver';
import { until } from '../support/until';

const START = new Date('2026-11-24T09:00:00Z');
const CLOSED = { state: 'closed', consecutiveFailures: 0, openedAt: null, openUntil: null, pauses: 0 };
const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

function fixture(get: () => TestApp) {
  let owner = '';
  const state = {
    get owner() {
      return owner;
    },
  };
  beforeEach(async () => {
    get().clock.now = START;
    owner = (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
  });
  const register = async (body: Record<string, unknown>): Promise<CreatedWebhook> => {
    const res = await get().request({ method: 'POST', url: '/api/webhooks', headers: { cookie: owner }, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return createdWebhook.parse(res.json());
  };
  const deliveries = async (id: number): Promise<WebhookDelivery[]> => {
    const res = await get().request({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, headers: { cookie: owner } });
    expect(res.statusCode, res.body).toBe(200);
    return webhookDeliveryPage.parse(res.json()).deliveries;
  };
  /** Waits until the webhook's newest delivery matches `done`. */
  const settled = (id: number, done: (delivery: WebhookDelivery) => boolean) =>
    until(`a delivery of webhook ${id} to settle`, async () => {
      const [newest] = await deliveries(id);
      return newest && done(newest) ? newest : undefined;
    });
  const recordEntry = async (agentId: number, amount: string) => {
    const res = await get().request({ method: 'POST', url: '/api/income-entries', headers: { cookie: owner }, payload: { agentId, amount } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>();
  };
  const clearWebhooks = async () => {
    await get().database.db.execute(sql`delete from webhooks where id in (select id from webhooks order by id for update)`);
  };
  /**
   * The webhook's pending deliveries are due now, as if their retry time had come (delivery times are the database's,
   * docs/decisions/0033-webhook-isolation.md: the test moves them, not the clock).
   */
  const fallDue = async (id: number) => {
    await get().database.db.execute(sql`update webhook_deliveries set next_attempt_at = now() where webhook_id = ${id} and status = 'pending'`);
  };
  return { state, register, deliveries, settled, recordEntry, clearWebhooks, fallDue };
}

describeEachEngine(
  'Webhooks',
  (get) => {
    const { state, register, deliveries, settled, recordEntry, clearWebhooks, fallDue } = fixture(get);
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(() => receiver.close());
    beforeEach(async () => {
      await clearWebhooks();
      receiver.received.length = 0;
      receiver.answer = () => ({ status: 200 });
    });

    it('shows the secret once, lists the webhook without it, and validates what it is given', async () => {
      const made = await register({ url: receiver.url, events: ['tier.reached', 'entry.created'] });
      expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(made).toMatchObject({ url: receiver.url, events: ['tier.reached', 'entry.created'], format: 'json', lastDelivery: null, pending: 0, failedRecently: 0 });

      const list = await get().request({ method: 'GET', url: '/api/webhooks', headers: { cookie: state.owner } });
      const parsed = webhookList.parse(list.json());
      expect(parsed.webhooks).toEqual([{ id: made.id, url: receiver.url, events: made.events, format: 'json', createdAt: START.toISOString(), lastDelivery: null, pending: 0, failedRecently: 0, breaker: CLOSED }]);
      expect(list.body).not.toContain(made.secret);

      const refused: [Record<string, unknown>, string][] = [
        [{ url: 'ftp://example.com/x', events: ['tier.reached'] }, 'url must be an http:// or https:// address'],
        [{ url: 'not a url', events: ['tier.reached'] }, 'url must be an http:// or https:// address'],
        [{ url: '', events: ['tier.reached'] }, 'url must be an http:// or https:// address'],
        [{ url: `https://example.com/${'a'.repeat(2000)}`, events: ['tier.reached'] }, 'url must be at most 2000 characters'],
        [{ url: receiver.url, events: [] }, 'events must be a list of one or more of'],
        [{ url: receiver.url, events: ['tier.reached', 'tier.reached'] }, 'events must not repeat an event'],
        [{ url: receiver.url, events: ['leaderboard.changed'] }, 'events must be a list of one or more of'],
        [{ url: receiver.url, events: ['tier.reached'], format: 'xml' }, 'format must be json, slack or teams'],
        [{ url: receiver.url, events: ['tier.reached'], secret: 'mine' }, 'Unrecognized key'],
      ];
      for (const [body, message] of refused) {
        const res = await get().request({ method: 'POST', url: '/api/webhooks', headers: { cookie: state.owner }, payload: body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json<{ message: string }>().message).toContain(message);
      }
      const [{ n }] = (await queryRows<{ n: number }>(get().database.db, sql`select count(*)::int as n from webhooks`)) as [{ n: number }];
      expect(n).toBe(1);
    });

    it('delivers the events it asked for, signed, with the data an owner reads, and nothing else', async () => {
      const made = await register({ url: receiver.url, events: ['entry.created'] });
      const agent = await createAgent(get().database.db, { firstName: 'Dana', lastName: 'Hooks' });
      const entry = await recordEntry(agent.id, '1500.00');
      const [request] = await receiver.waitFor(1);
      const delivered = await settled(made.id, (d) => d.status === 'delivered');

      expect(request!.method).toBe('POST');
      expect(request!.path).toBe('/hook');
      expect(request!.headers['content-type']).toBe('application/json');
      expect(request!.headers['tiertrack-event']).toBe('entry.created');
      expect(request!.headers['tiertrack-delivery']).toBe(String(delivered.id));
      expect(signatureIsValid(request!.headers['tiertrack-signature'] as string, request!.body, made.secret)).toBe(true);
      expect(signatureIsValid(request!.headers['tiertrack-signature'] as string, request!.body, `${made.secret}x`)).toBe(false);
      expect(signatureIsValid(request!.headers['tiertrack-signature'] as string, `${request!.body} `, made.secret)).toBe(false);

      const body = JSON.parse(request!.body) as { event: string; eventId: number; createdAt: string; data: Record<string, unknown> };
      expect(body).toMatchObject({ event: 'entry.created', data: { entryId: entry.id, agentId: agent.id, agentName: 'Dana Hooks', amount: '1500.00', transactionType: 'addition', newTotal: '1500.00' } });
      expect(body.eventId).toBe(delivered.eventId);
      expect(delivered).toMatchObject({ event: 'entry.created', attempts: 1, responseStatus: 200, error: null, nextAttemptAt: null, body: request!.body });

      // The tier it reached ($5,000 Starter) was not asked for: nothing more arrives.
      await recordEntry(agent.id, '4000.00');
      await receiver.waitFor(2);
      await settled(made.id, (d) => d.status === 'delivered' && d.id !== delivered.id);
      expect(receiver.received.map((r) => r.headers['tiertrack-event'])).toEqual(['entry.created', 'entry.created']);
      const list = webhookList.parse((await get().request({ method: 'GET', url: '/api/webhooks', headers: { cookie: state.owner } })).json());
      expect(list.webhooks[0]).toMatchObject({ lastDelivery: { status: 'delivered' }, pending: 0, failedRecently: 0 });
    });

    it('changes a webhook in place: its events, format and address, keeping its secret; bad changes change nothing', async () => {
      const made = await register({ url: receiver.url, events: ['entry.created'] });
      const patch = (id: number, body: unknown) => get().request({ method: 'PATCH', url: `/api/webhooks/${id}`, headers: { cookie: state.owner }, payload: body as Record<string, unknown> });
      const moved = receiver.url.replace(/\/hook$/, '/moved');
      const changed = await patch(made.id, { events: ['tier.reached'], url: moved });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ id: made.id, url: moved, events: ['tier.reached'], format: 'json' });
      expect(changed.body).not.toContain(made.secret);

      // A tier reached goes to the new address, signed with the secret the receiver already holds; the entry does not.
      const agent = await createAgent(get().database.db, { firstName: 'Moe', lastName: 'Moved' });
      await recordEntry(agent.id, '5000.00');
      const [request] = await receiver.waitFor(1);
      await settled(made.id, (d) => d.status === 'delivered');
      expect(request!.path).toBe('/moved');
      expect(request!.headers['tiertrack-event']).toBe('tier.reached');
      expect(signatureIsValid(request!.headers['tiertrack-signature'] as string, request!.body, made.secret)).toBe(true);

      const stored = async () => (await queryRows(get().database.db, sql`select url, events, format, secret from webhooks where id = ${made.id}`))[0];
      const before = await stored();
      for (const [body, status, message] of [
        [{}, 400, 'Nothing to change: url, events or format'],
        [{ url: 'ftp://example.com/x' }, 400, 'url must be an http:// or https:// address'],
        [{ events: [] }, 400, 'events must be a list of one or more of'],
        [{ format: 'xml' }, 400, 'format must be json, slack or teams'],
        [{ secret: 'mine' }, 400, 'Unrecognized key'],
      ] as const) {
        const res = await patch(made.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json<{ message: string }>().message).toContain(message);
      }
      expect((await patch(2_000_000_000, { format: 'slack' })).statusCode).toBe(404);
      expect(await stored()).toEqual(before);
      expect((await patch(made.id, { format: 'slack' })).json()).toMatchObject({ url: moved, events: ['tier.reached'], format: 'slack' });

      // Audited with hosts only (a chat service's address carries a secret in its path).
      await sequenceAll(get().database.db);
      const audits = await queryRows<{ before: { host: string; events: string[]; format: string }; after: { host: string; events: string[]; format: string } }>(
        get().database.db,
        sql`select before, after from audit_log where action = 'webhook.updated' and target_id = ${String(made.id)} order by id`,
      );
      const host = new URL(receiver.url).host;
      expect(audits.map((row) => [row.before, row.after])).toEqual([
        [{ host, events: ['entry.created'], format: 'json' }, { host, events: ['tier.reached'], format: 'json' }],
        [{ host, events: ['tier.reached'], format: 'json' }, { host, events: ['tier.reached'], format: 'slack' }],
      ]);
    });

    it('tells a chat channel of a new tier in Slack’s format, with the name escaped', async () => {
      const made = await register({ url: receiver.url, events: ['tier.reached'], format: 'slack' });
      const agent = await createAgent(get().database.db, { firstName: '<!channel>', lastName: '& Co' });
      await recordEntry(agent.id, '5000.00');
      const [request] = await receiver.waitFor(1);
      expect(JSON.parse(request!.body)).toEqual({ text: ':trophy: &lt;!channel&gt; &amp; Co reached the Starter tier!' });
      expect(request!.headers['tiertrack-event']).toBe('tier.reached');
      expect(signatureIsValid(request!.headers['tiertrack-signature'] as string, request!.body, made.secret)).toBe(true);
    });

    it('writes a chat message in the organisation’s language, its amount in its currency, once the owner switches to euros in Germany', async () => {
      await register({ url: receiver.url, events: ['entry.created'], format: 'slack' });
      const switched = await get().request({ method: 'PATCH', url: '/api/settings', headers: { cookie: state.owner }, payload: { currency: 'EUR', locale: 'de-DE' } });
      expect(switched.statusCode, switched.body).toBe(200);
      try {
        const agent = await createAgent(get().database.db, { firstName: 'Euro', lastName: 'Seller' });
        await recordEntry(agent.id, '1234.50');
        const [request] = await receiver.waitFor(1);
        expect(JSON.parse(request!.body)).toEqual({ text: ':moneybag: Euro Seller hat 1.234,50\u00a0€ erfasst' });
      } finally {
        await get().request({ method: 'PATCH', url: '/api/settings', headers: { cookie: state.owner }, payload: { currency: 'USD', locale: 'en-US' } });
      }
    });

    it('posts a Teams card to a Workflows webhook, as JSON, signed, with the name escaped; and its test event', async () => {
      const made = await register({ url: receiver.url, events: ['tier.reached'], format: 'teams' });
      expect(made.format).toBe('teams');
      const agent = await createAgent(get().database.db, { firstName: '<at>All</at> @channel', lastName: '[Pay](https://evil.example) **now**' });
      await recordEntry(agent.id, '5000.00');
      const [request] = await receiver.waitFor(1);
      expect(request!.headers['content-type']).toBe('application/json');
      expect(request!.headers['tiertrack-event']).toBe('tier.reached');
      expect(signatureIsValid(request!.headers['tiertrack-signature'] as string, request!.body, made.secret)).toBe(true);
      const name = '‹at›All‹/at› ＠channel ［Pay］(https:∕∕evil․example) ∗∗now∗∗';
      expect(JSON.parse(request!.body)).toEqual({
        type: 'message',
        attachments: [
          {
            contentType: 'application/vnd.microsoft.card.adaptive',
            contentUrl: null,
            content: {
              $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
              type: 'AdaptiveCard',
              version: '1.4',
              body: [
                { type: 'TextBlock', text: `${name} reached the Starter tier!`, weight: 'Bolder', size: 'Medium', wrap: true },
                {
                  type: 'FactSet',
                  facts: [
                    { title: 'Agent', value: name },
                    { title: 'Tier', value: 'Starter' },
                  ],
                },
              ],
            },
          },
        ],
      });

      const test = await get().request({ method: 'POST', url: `/api/webhooks/${made.id}/test`, headers: { cookie: state.owner } });
      expect(test.statusCode, test.body).toBe(202);
      const [, tested] = await receiver.waitFor(2);
      expect(tested!.headers['content-type']).toBe('application/json');
      const card = (JSON.parse(tested!.body) as { attachments: { content: { body: unknown[] } }[] }).attachments[0]!.content;
      expect(card.body).toEqual([
        { type: 'TextBlock', text: 'Test message from TierTrack. This webhook hears when: an agent reaches a tier.', weight: 'Bolder', size: 'Medium', wrap: true },
      ]);
    });

    it('retries a failed attempt with backoff, the same delivery id and body, until it is delivered', async () => {
      const made = await register({ url: receiver.url, events: ['agent.created'] });
      receiver.answer = (_request, index) => ({ status: index < 2 ? 500 : 204 });
      await createAgentOverApi(get, state.owner, 'Retry Me');
      await receiver.waitFor(1);
      const first = await settled(made.id, (d) => d.attempts === 1 && d.error !== null && d.lastAttemptAt !== null);
      expect(first).toMatchObject({ status: 'pending', responseStatus: 500, error: 'The receiver answered 500' });
      // The first retry waits 30 s after the attempt ended, a tenth either way.
      const [firstAttempt] = first.attemptLog;
      const ended = (attempt: typeof firstAttempt) => new Date(attempt!.startedAt).getTime() + attempt!.durationMs!;
      const wait = new Date(first.nextAttemptAt!).getTime() - ended(firstAttempt);
      expect(wait).toBeGreaterThanOrEqual(27 * SECOND);
      expect(wait).toBeLessThanOrEqual(35 * SECOND);

      // Nothing more before it is due.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received).toHaveLength(1);

      await fallDue(made.id);
      await receiver.waitFor(2);
      const second = await settled(made.id, (d) => d.attempts === 2 && d.error !== null && d.attemptLog[0]?.outcome === 'failed');
      // The second retry waits twice as long.
      const wait2 = new Date(second.nextAttemptAt!).getTime() - ended(second.attemptLog[0]);
      expect(wait2).toBeGreaterThanOrEqual(54 * SECOND);
      expect(wait2).toBeLessThanOrEqual(68 * SECOND);

      await fallDue(made.id);
      await receiver.waitFor(3);
      const done = await settled(made.id, (d) => d.status === 'delivered');
      expect(done).toMatchObject({ attempts: 3, responseStatus: 204, error: null, nextAttemptAt: null });
      const ids = new Set(receiver.received.map((r) => r.headers['tiertrack-delivery']));
      const bodies = new Set(receiver.received.map((r) => r.body));
      expect([ids.size, bodies.size]).toEqual([1, 1]);
    });

    it(`keeps each attempt in the delivery log, newest first, the newest ${WEBHOOK_ATTEMPTS_KEPT}`, async () => {
      const made = await register({ url: receiver.url, events: ['agent.created'] });
      receiver.answer = (_request, index) => ({ status: index === 0 ? 500 : 200 });
      await createAgentOverApi(get, state.owner, 'Attempt Log');
      const failedOnce = await settled(made.id, (d) => d.attemptLog[0]?.outcome === 'failed');
      expect(failedOnce.attemptLog).toEqual([
        { number: 1, startedAt: failedOnce.lastAttemptAt, outcome: 'failed', responseStatus: 500, error: 'The receiver answered 500', durationMs: expect.any(Number), probe: false },
      ]);
      await fallDue(made.id);
      const delivered = await settled(made.id, (d) => d.status === 'delivered');
      expect(delivered.attemptLog).toEqual([
        { number: 2, startedAt: delivered.lastAttemptAt, outcome: 'delivered', responseStatus: 200, error: null, durationMs: expect.any(Number), probe: false },
        failedOnce.attemptLog[0],
      ]);
      expect(new Date(delivered.attemptLog[0]!.startedAt).getTime()).toBeGreaterThan(new Date(delivered.attemptLog[1]!.startedAt).getTime());

      // Sent again and again: the log keeps the newest attempts.
      for (let attempts = 3; attempts <= WEBHOOK_ATTEMPTS_KEPT + 2; attempts++) {
        const res = await get().request({ method: 'POST', url: `/api/webhooks/${made.id}/deliveries/${delivered.id}/retry`, headers: { cookie: state.owner } });
        expect(res.statusCode, res.body).toBe(202);
        await settled(made.id, (d) => d.attempts === attempts && d.status === 'delivered');
      }
      const [last] = await deliveries(made.id);
      expect(last!.attempts).toBe(WEBHOOK_ATTEMPTS_KEPT + 2);
      expect(last!.attemptLog.map((attempt) => attempt.number)).toEqual(Array.from({ length: WEBHOOK_ATTEMPTS_KEPT }, (_, i) => WEBHOOK_ATTEMPTS_KEPT + 2 - i));
      const [{ kept }] = (await queryRows<{ kept: number }>(get().database.db, sql`select count(*)::int as kept from webhook_attempts where delivery_id = ${delivered.id}`)) as [{ kept: number }];
      expect(kept).toBe(WEBHOOK_ATTEMPTS_KEPT);
    }, 120_000);

    it('gives up after 24 hours and says why; the owner can send it again', async () => {
      const made = await register({ url: receiver.url, events: ['agent.created'] });
      receiver.answer = () => ({ status: 503 });
      await createAgentOverApi(get, state.owner, 'Never Answered');
      await receiver.waitFor(1);
      await settled(made.id, (d) => d.attempts === 1 && d.error !== null);
      // A day later (its 24 hours end in a second) the next attempt is the last: it fails for good.
      await get().database.db.execute(
        sql`update webhook_deliveries set deliver_until = now() + interval '1 second', next_attempt_at = now() where webhook_id = ${made.id}`,
      );
      await receiver.waitFor(2);
      const failed = await settled(made.id, (d) => d.status === 'failed');
      expect(failed).toMatchObject({ attempts: 2, responseStatus: 503, error: 'The receiver answered 503', nextAttemptAt: null });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received).toHaveLength(2);
      const list = webhookList.parse((await get().request({ method: 'GET', url: '/api/webhooks', headers: { cookie: state.owner } })).json());
      expect(list.webhooks[0]).toMatchObject({ lastDelivery: { status: 'failed' }, pending: 0 });

      receiver.answer = () => ({ status: 200 });
      const resend = await get().request({ method: 'POST', url: `/api/webhooks/${made.id}/deliveries/${failed.id}/retry`, headers: { cookie: state.owner } });
      expect(resend.statusCode, resend.body).toBe(202);
      expect(webhookDelivery.parse(resend.json())).toMatchObject({ id: failed.id, status: 'pending' });
      await receiver.waitFor(3);
      const again = await settled(made.id, (d) => d.status === 'delivered');
      expect(again).toMatchObject({ id: failed.id, attempts: 3, responseStatus: 200 });
      expect(receiver.received[2]!.body).toBe(receiver.received[0]!.body);
    });

    it('refuses to resend what does not exist or is being sent, and sends a test event', async () => {
      const made = await register({ url: receiver.url, events: ['tier.updated'], format: 'json' });
      const test = await get().request({ method: 'POST', url: `/api/webhooks/${made.id}/test`, headers: { cookie: state.owner } });
      expect(test.statusCode, test.body).toBe(202);
      const queued = webhookDelivery.parse(test.json());
      expect(queued).toMatchObject({ event: 'webhook.test', eventId: null, status: 'pending' });
      const [request] = await receiver.waitFor(1);
      expect(request!.headers['tiertrack-event']).toBe('webhook.test');
      expect(JSON.parse(request!.body)).toEqual({
        event: 'webhook.test',
        eventId: null,
        createdAt: START.toISOString(),
        data: { webhookId: made.id, message: 'Test message from TierTrack. This webhook hears when: a tier is changed.' },
      });
      expect(signatureIsValid(request!.headers['tiertrack-signature'] as string, request!.body, made.secret)).toBe(true);
      const delivered = await settled(made.id, (d) => d.status === 'delivered');

      const missing = [`/api/webhooks/${made.id}/deliveries/999999/retry`, `/api/webhooks/999999/deliveries/${delivered.id}/retry`, '/api/webhooks/999999/test'];
      for (const url of missing) {
        const res = await get().request({ method: 'POST', url, headers: { cookie: state.owner } });
        expect(res.statusCode, url).toBe(404);
      }
      const badId = await get().request({ method: 'POST', url: `/api/webhooks/${made.id}/deliveries/abc/retry`, headers: { cookie: state.owner } });
      expect(badId.statusCode).toBe(404);

      // An attempt under way (its lease not over) is not started twice.
      await get().database.db.execute(sql`update webhook_deliveries set sending_until = now() + interval '1 hour' where id = ${delivered.id}`);
      const busy = await get().request({ method: 'POST', url: `/api/webhooks/${made.id}/deliveries/${delivered.id}/retry`, headers: { cookie: state.owner } });
      expect(busy.statusCode).toBe(409);
      expect(busy.json<{ message: string }>().message).toBe('This delivery is being sent now: wait for the attempt to end');
    });

    it('marks an attempt without an answer in time as failed and tries again later', async () => {
      const made = await register({ url: receiver.url, events: ['agent.created'] });
      receiver.answer = () => 'hang';
      await createAgentOverApi(get, state.owner, 'Slow Receiver');
      const timedOut = await settled(made.id, (d) => d.error !== null);
      expect(timedOut).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null, error: 'No answer within 5 s' });
      expect(timedOut.durationMs).toBeGreaterThanOrEqual(4950);
    });

    it('lists deliveries newest first by pages, and a deleted webhook takes its pending deliveries with it', async () => {
      const made = await register({ url: receiver.url, events: ['agent.created'] });
      receiver.answer = () => ({ status: 500 });
      for (const name of ['Page One', 'Page Two', 'Page Three']) await createAgentOverApi(get, state.owner, name);
      await receiver.waitFor(3);
      const page = await get().request({ method: 'GET', url: `/api/webhooks/${made.id}/deliveries?limit=2`, headers: { cookie: state.owner } });
      const first = webhookDeliveryPage.parse(page.json());
      expect(first.deliveries).toHaveLength(2);
      expect(first.nextOffset).toBe(2);
      expect(first.deliveries[0]!.id).toBeGreaterThan(first.deliveries[1]!.id);
      const rest = webhookDeliveryPage.parse((await get().request({ method: 'GET', url: `/api/webhooks/${made.id}/deliveries?offset=2&limit=2`, headers: { cookie: state.owner } })).json());
      expect(rest.deliveries).toHaveLength(1);
      expect(rest.nextOffset).toBeNull();
      const badQuery = await get().request({ method: 'GET', url: `/api/webhooks/${made.id}/deliveries?limit=0`, headers: { cookie: state.owner } });
      expect(badQuery.statusCode).toBe(400);

      const gone = await get().request({ method: 'DELETE', url: `/api/webhooks/${made.id}`, headers: { cookie: state.owner } });
      expect(gone.statusCode).toBe(204);
      const [{ n }] = (await queryRows<{ n: number }>(get().database.db, sql`select count(*)::int as n from webhook_deliveries where webhook_id = ${made.id}`)) as [{ n: number }];
      expect(n).toBe(0);
      for (const [method, url] of [['DELETE', `/api/webhooks/${made.id}`], ['GET', `/api/webhooks/${made.id}/deliveries`]] as const) {
        expect((await get().request({ method, url, headers: { cookie: state.owner } })).statusCode).toBe(404);
      }
      // Nothing more is sent for it.
      const before = receiver.received.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received).toHaveLength(before);
    });

    it(`allows ${WEBHOOKS_MAX} webhooks at most`, async () => {
      for (let i = 0; i < WEBHOOKS_MAX; i++) await register({ url: `${receiver.url}?n=${i}`, events: ['data.changed'] });
      const res = await get().request({ method: 'POST', url: '/api/webhooks', headers: { cookie: state.owner }, payload: { url: receiver.url, events: ['data.changed'] } });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(`There are already ${WEBHOOKS_MAX} webhooks: delete one before adding another`);
    });

    it('erases the deliveries that name an agent when the agent is deleted', async () => {
      const made = await register({ url: receiver.url, events: ['entry.created'] });
      const agent = await createAgent(get().database.db, { firstName: 'Erase', lastName: 'Me' });
      await recordEntry(agent.id, '10.00');
      await receiver.waitFor(1);
      await settled(made.id, (d) => d.status === 'delivered');
      const { deleteAgent } = await import('../../server/db/operations/delete-agent');
      await deleteAgent(get().database.db, agent.id);
      expect((await deliveries(made.id)).filter((d) => d.body.includes('Erase Me'))).toEqual([]);
    });

    it('keeps events not yet made into deliveries past their time, and prunes the delivery log after 7 days', async () => {
      const made = await register({ url: receiver.url, events: ['agent.created'] });
      await createAgentOverApi(get, state.owner, 'Old Delivery');
      await receiver.waitFor(1);
      await settled(made.id, (d) => d.status === 'delivered');
      // An event the fan-out has not reached (as if every instance was down) outlives the events' retention. The cursor
      // row stays locked until the pass is done, so the running worker (which skips a locked cursor) cannot move it.
      const ctx = { db: get().database.db, now: () => new Date(START.getTime() + EVENTS_KEPT_MS + HOUR), config: get().config } as Parameters<typeof runMaintenance>[0];
      await get().database.db.transaction(async (tx) => {
        await tx.execute(sql`update app_meta set value = '0' where key = 'webhooks_fanned_through'`);
        await tx.execute(sql`update webhooks set after_event_id = 0`);
        const [{ kept }] = (await queryRows<{ kept: number }>(tx, sql`select count(*)::int as kept from events`)) as [{ kept: number }];
        await tx.execute(sql`update events set created_at = created_at - interval '100 days'`);
        const pass = await runMaintenance({ ...ctx, db: tx });
        expect(pass.eventsPruned).toBe(0);
        const [{ left }] = (await queryRows<{ left: number }>(tx, sql`select count(*)::int as left from events`)) as [{ left: number }];
        expect(left).toBe(kept);
      });

      const later = { ...ctx, now: () => new Date(START.getTime() + WEBHOOK_DELIVERIES_KEPT_MS + HOUR) };
      await get().database.db.execute(sql`delete from webhooks where id in (select id from webhooks order by id for update)`);
      const made2 = await register({ url: receiver.url, events: ['agent.created'] });
      await get().database.db.execute(
        sql`insert into webhook_deliveries (webhook_id, event_type, body, status, created_at, deliver_until) values (${made2.id}, 'webhook.test', '{}', 'delivered', ${START.toISOString()}::timestamptz, ${START.toISOString()}::timestamptz)`,
      );
      expect((await runMaintenance(later)).webhookDeliveriesPruned).toBe(1);
      expect(await deliveries(made2.id)).toEqual([]);
    });
  },
  // A 5 s timeout: an answer from the receiver in this process can take seconds on a loaded machine.
  { env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '5000' }, webhookWorker: { pollMs: 25 } },
);

async function createAgentOverApi(get: () => TestApp, owner: string, name: string) {
  const [firstName, lastName] = name.split(' ');
  const suffix = Math.random().toString(36).slice(2, 8);
  const res = await get().request({
    method: 'POST',
    url: '/api/agents',
    headers: { cookie: owner },
    payload: { name, email: `${firstName}.${lastName}.${suffix}@example.test`.toLowerCase(), password: 'agent password 1', position: 'Sales Agent' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describeEachEngine(
  'Webhooks to private addresses',
  (get) => {
    const { state, register, settled, clearWebhooks } = fixture(get);
    beforeEach(clearWebhooks);

    it('are refused at registration: loopback, private, link-local and names that resolve to them', async () => {
      const urls = [
        'http://127.0.0.1:9/hook',
        'http://localhost/hook',
        'http://[::1]/hook',
        'http://10.1.2.3/hook',
        'http://192.168.0.10/hook',
        'http://172.20.0.1/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::ffff:127.0.0.1]/hook',
        // Issue 30: IPv4-compatible and -translated spellings of loopback, and NAT64 of a private address.
        'http://[::127.0.0.1]/hook',
        'http://[::ffff:0:7f00:1]/hook',
        'http://[0:0:0:0:0:FFFF:7F00:1]/hook',
        'http://[64:ff9b::10.0.0.1]/hook',
        'http://[fd00::1]/hook',
        'http://0.0.0.0/hook',
      ];
      for (const url of urls) {
        const res = await get().request({ method: 'POST', url: '/api/webhooks', headers: { cookie: state.owner }, payload: { url, events: ['tier.reached'] } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json<{ message: string }>().message, url).toBe(WEBHOOK_PRIVATE_REFUSED);
      }
      // An address on the internet is taken (nothing is sent to it here).
      await register({ url: 'https://93.184.216.34/hook', events: ['tier.reached'] });
    });

    it('fail at once, without retries, when a stored address is private at delivery time', async () => {
      const made = await register({ url: 'https://93.184.216.34/hook', events: ['tier.reached'] });
      // As if it had been registered while private addresses were allowed.
      await get().database.db.execute(sql`update webhooks set url = 'http://127.0.0.1:9/hook' where id = ${made.id}`);
      const test = await get().request({ method: 'POST', url: `/api/webhooks/${made.id}/test`, headers: { cookie: state.owner } });
      expect(test.statusCode).toBe(202);
      const failed = await settled(made.id, (d) => d.status === 'failed');
      expect(failed).toMatchObject({ attempts: 1, responseStatus: null, nextAttemptAt: null, error: 'Refused: 127.0.0.1 is a private, loopback or link-local address' });
    });
  },
  { webhookWorker: { pollMs: 25 } },
);
