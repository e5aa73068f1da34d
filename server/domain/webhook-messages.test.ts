import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { retryDelayMs, signWebhook, slackText, testMessage, webhookBody, WEBHOOK_RETRY_MAX_MS } from './webhook-messages';

const at = new Date('2026-11-24T10:00:00.000Z');

describe('signWebhook', () => {
  it('signs "t.body" with HMAC-SHA256 and the time in unix seconds', () => {
    const header = signWebhook('whsec_test', '{"a":1}', new Date('2026-11-24T10:00:00.900Z'));
    const t = 1795514400;
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', 'whsec_test').update(`${t}.{"a":1}`).digest('hex')}`);
    // A known vector, so that the docs' example and the server cannot drift apart unnoticed.
    expect(signWebhook('secret', 'body', new Date(0))).toBe('t=0,v1=' + createHmac('sha256', 'secret').update('0.body').digest('hex'));
    expect(signWebhook('other', '{"a":1}', at)).not.toBe(signWebhook('whsec_test', '{"a":1}', at));
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base up to an hour, a tenth either way', () => {
    expect(retryDelayMs(1, 30_000, 0.5)).toBe(30_000);
    expect(retryDelayMs(2, 30_000, 0.5)).toBe(60_000);
    expect(retryDelayMs(3, 30_000, 0.5)).toBe(120_000);
    expect(retryDelayMs(1, 30_000, 0)).toBe(27_000);
    expect(retryDelayMs(1, 30_000, 0.999999)).toBe(33_000);
    expect(retryDelayMs(8, 30_000, 0.5)).toBe(WEBHOOK_RETRY_MAX_MS);
    expect(retryDelayMs(500, 30_000, 0.5)).toBe(WEBHOOK_RETRY_MAX_MS);
  });

  it('gives about 30 attempts in a day from a 30 s base', () => {
    let elapsed = 0;
    let attempts = 1;
    while (elapsed + retryDelayMs(attempts, 30_000, 0.5) <= 24 * 60 * 60 * 1000) elapsed += retryDelayMs(attempts++, 30_000, 0.5);
    expect(attempts).toBeGreaterThan(25);
    expect(attempts).toBeLessThan(35);
  });
});

describe('webhook bodies', () => {
  const entry = { event: 'entry.created', eventId: 41, createdAt: at, data: { agentName: 'Dana <Hooks>', agentId: 3, amount: '1234567.50', transactionType: 'addition' } };

  it('are the event as JSON, or a Slack message', () => {
    expect(JSON.parse(webhookBody('json', entry))).toEqual({ event: 'entry.created', eventId: 41, createdAt: '2026-11-24T10:00:00.000Z', data: entry.data });
    expect(JSON.parse(webhookBody('slack', entry))).toEqual({ text: ':moneybag: Dana &lt;Hooks&gt; recorded $1,234,567.50' });
  });

  it('write amounts in the organisation’s currency and locale', () => {
    const euros = { currency: 'EUR', locale: 'de-DE' };
    expect(JSON.parse(webhookBody('slack', entry, euros)).text).toBe(':moneybag: Dana &lt;Hooks&gt; recorded 1.234.567,50\u00a0€');
    expect(JSON.parse(webhookBody('slack', { ...entry, data: { ...entry.data, amount: '20.00' } }, { currency: 'JPY', locale: 'ja-JP' })).text).toBe(
      ':moneybag: Dana &lt;Hooks&gt; recorded ￥20',
    );
    // The JSON body carries the amount as the API writes it, whatever the currency.
    expect(JSON.parse(webhookBody('json', entry, euros)).data.amount).toBe('1234567.50');
  });

  it('say something readable for every event', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['entry.created', { agentName: 'Ann', amount: '-20.00', transactionType: 'deduction' }, ':heavy_minus_sign: Ann: a deduction of -$20 was recorded'],
      ['entry.voided', { agentName: 'Ann', amount: '20.00' }, ':wastebasket: An entry of $20 for Ann was voided'],
      ['tier.reached', { agentName: 'Ann', tierName: 'Gold' }, ':trophy: Ann reached the Gold tier!'],
      ['claim.created', { agentName: 'Ann', tierName: 'Gold', rewardTitle: 'Watch & strap' }, ':gift: Ann claimed the Gold reward: Watch &amp; strap'],
      ['claim.updated', { agentName: 'Ann', tierName: 'Gold', status: 'processed' }, ":package: Ann's Gold reward claim is now processed"],
      ['agent.created', { agentName: 'Ann', status: 'pending' }, ':wave: Ann registered and is waiting for approval'],
      ['agent.created', { agentName: 'Ann', status: 'active' }, ':wave: Ann joined the team'],
      ['agent.deleted', { agentId: 7 }, 'Agent #7 was deleted'],
      ['tier.updated', { tierName: 'Gold' }, ':gear: The Gold tier was changed'],
      ['data.changed', {}, 'Much data changed at once (an import or a repair): boards and totals may read differently'],
      ['tier.reached', { agentId: 9, tierName: 'Gold' }, ':trophy: Agent #9 reached the Gold tier!'],
      ['activity.created', { agentName: 'Ann', metricName: 'Calls', value: 12 }, ':chart_with_upwards_trend: Ann recorded 12 (Calls)'],
      ['activity.created', { agentName: 'Ann', metricName: 'Pipeline <won>', value: '1500.00' }, ':chart_with_upwards_trend: Ann recorded $1,500 (Pipeline &lt;won&gt;)'],
      ['activity.voided', { agentName: 'Ann', metricName: 'Calls', value: 3 }, ':wastebasket: An activity of 3 (Calls) for Ann was voided'],
    ];
    for (const [event, data, text] of cases) expect(slackText({ event, eventId: 1, createdAt: at, data })).toBe(text);
  });

  it('write what an anonymous registrant typed as text: no mention, special command, link or formatting', () => {
    const data = { agentName: '@channel <!here> <https://evil.example|Pay> [Pay](https://evil.example) *now*', status: 'pending' };
    const text = slackText({ event: 'agent.created', eventId: 1, createdAt: at, data });
    expect(text).toBe(
      ':wave: ＠channel &lt;!here&gt; &lt;https:∕∕evil․example|Pay&gt; ［Pay］(https:∕∕evil․example) ∗now∗ registered and is waiting for approval',
    );
    expect(JSON.parse(webhookBody('slack', { event: 'agent.created', eventId: 1, createdAt: at, data })).text).toBe(text);
    // The JSON format carries the name as it is: the receiver's program decides how to show it.
    expect(JSON.parse(webhookBody('json', { event: 'agent.created', eventId: 1, createdAt: at, data })).data.agentName).toBe(data.agentName);
  });

  it('name what the webhook hears about in the test message', () => {
    const message = testMessage(5, ['tier.reached', 'claim.created'], at);
    expect(message).toMatchObject({ event: 'webhook.test', eventId: null, data: { webhookId: 5 } });
    expect(slackText(message)).toBe(':white_check_mark: Test message from TierTrack. This webhook hears when: an agent reaches a tier; a reward is claimed.');
  });
});
