import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '../../contract/webhooks';
import { retryDelayMs, signWebhook, slackText, teamsCard, testMessage, webhookBody, WEBHOOK_RETRY_MAX_MS } from './webhook-messages';

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

  it('write amounts in the organisation’s currency and locale, and words in its language', () => {
    const euros = { currency: 'EUR', locale: 'de-DE' };
    expect(JSON.parse(webhookBody('slack', entry, euros)).text).toBe(':moneybag: Dana &lt;Hooks&gt; hat 1.234.567,50\u00a0€ erfasst');
    expect(JSON.parse(webhookBody('slack', { ...entry, data: { ...entry.data, amount: '20.00' } }, { currency: 'JPY', locale: 'ja-JP' })).text).toBe(
      ':moneybag: Dana &lt;Hooks&gt; recorded ￥20',
    );
    // A language of ours other than the organisation's region's: English stays for ja-JP, French for fr-CA.
    const final = { event: 'contest.final', eventId: 9, createdAt: at, data: { name: 'Appels', podium: [{ rank: 1, name: 'Ann', value: 40 }] } };
    expect(JSON.parse(webhookBody('slack', final, { currency: 'CAD', locale: 'fr-CA' })).text).toBe(
      ':trophy: Le concours Appels est terminé, résultats définitifs : 1. Ann (40)',
    );
    const card = teamsCard({ event: 'claim.updated', eventId: 10, createdAt: at, data: { agentName: 'Ana', tierName: 'Oro', status: 'shipped' } }, { currency: 'EUR', locale: 'es-ES' });
    const content = card.attachments[0]!.content as { body: { text?: string; facts?: { title: string; value: string }[] }[] };
    expect(content.body[0]!.text).toBe('La solicitud de recompensa de Ana del nivel Oro está ahora enviada');
    expect(content.body[1]!.facts).toContainEqual({ title: 'Estado', value: 'enviada' });
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

describe('Teams cards', () => {
  /** The card inside a Teams message. */
  const cardOf = (event: string, data: Record<string, unknown>, settings?: { currency: string; locale: string }) =>
    teamsCard({ event, eventId: 1, createdAt: at, data }, settings).attachments[0]!.content;
  /** The title and the facts of a card, as [title, [label, value]...]. */
  const readCard = (event: string, data: Record<string, unknown>) => {
    const [title, factSet, ...rest] = cardOf(event, data).body as { text?: string; facts?: { title: string; value: string }[] }[];
    expect(rest).toEqual([]);
    return [title!.text, ...(factSet?.facts ?? []).map((fact) => [fact.title, fact.value])];
  };

  it('are a Teams message with one Adaptive Card, for a Workflows webhook', () => {
    const body = webhookBody('teams', { event: 'tier.reached', eventId: 41, createdAt: at, data: { agentName: 'Elena Ruiz', agentId: 3, tierName: 'Gold' } });
    expect(JSON.parse(body)).toEqual({
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
              { type: 'TextBlock', text: 'Elena Ruiz reached the Gold tier!', weight: 'Bolder', size: 'Medium', wrap: true },
              {
                type: 'FactSet',
                facts: [
                  { title: 'Agent', value: 'Elena Ruiz' },
                  { title: 'Tier', value: 'Gold' },
                ],
              },
            ],
          },
        },
      ],
    });
  });

  it('say what the Slack line says, the details as facts, amounts and words the organisation’s way', () => {
    const data = { holderName: 'North', metricName: 'Profit', period: 'month', threshold: 90, actual: '4500.00', target: '5000.00' };
    expect(JSON.parse(webhookBody('teams', { event: 'goal.reached', eventId: 7, createdAt: at, data }, { currency: 'EUR', locale: 'de-DE' }))).toEqual({
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
              { type: 'TextBlock', text: 'North steht bei 90 % – Monatsziel „Profit“', weight: 'Bolder', size: 'Medium', wrap: true },
              {
                type: 'FactSet',
                facts: [
                  { title: 'Für', value: 'North' },
                  { title: 'Ziel', value: 'Monatsziel „Profit“' },
                  { title: 'Fortschritt', value: '4.500\u00a0€ von 5.000\u00a0€' },
                ],
              },
            ],
          },
        },
      ],
    });
    expect(slackText({ event: 'goal.reached', eventId: 7, createdAt: at, data }, { currency: 'EUR', locale: 'de-DE' })).toBe(
      ':dart: North steht bei 90 % – Monatsziel „Profit“: 4.500\u00a0€ von 5.000\u00a0€',
    );
  });

  it('say something readable for every event', () => {
    const cases: [string, Record<string, unknown>, (string | string[])[]][] = [
      ['entry.created', { agentName: 'Ann', amount: '1234.50' }, ['Ann recorded $1,234.50', ['Agent', 'Ann'], ['Amount', '$1,234.50']]],
      ['entry.created', { agentName: 'Ann', amount: '-20.00', transactionType: 'deduction' }, ['Ann: a deduction of -$20 was recorded', ['Agent', 'Ann'], ['Amount', '-$20']]],
      ['entry.voided', { agentName: 'Ann', amount: '20.00' }, ['An entry of $20 for Ann was voided', ['Agent', 'Ann'], ['Amount', '$20']]],
      ['tier.reached', { agentId: 9, tierName: 'Gold' }, ['Agent #9 reached the Gold tier!', ['Agent', 'Agent #9'], ['Tier', 'Gold']]],
      [
        'claim.created',
        { agentName: 'Ann', tierName: 'Gold', rewardTitle: 'Watch & strap' },
        ['Ann claimed the Gold reward', ['Agent', 'Ann'], ['Tier', 'Gold'], ['Reward', 'Watch & strap']],
      ],
      [
        'claim.updated',
        { agentName: 'Ann', tierName: 'Gold', status: 'processed' },
        ["Ann's Gold reward claim is now processed", ['Agent', 'Ann'], ['Tier', 'Gold'], ['Status', 'processed']],
      ],
      ['agent.created', { agentName: 'Ann', status: 'pending' }, ['Ann registered and is waiting for approval', ['Agent', 'Ann'], ['Status', 'Waiting for approval']]],
      ['agent.created', { agentName: 'Ann', status: 'active' }, ['Ann joined the team', ['Agent', 'Ann']]],
      ['agent.deleted', { agentId: 7 }, ['Agent #7 was deleted']],
      ['tier.updated', { tierName: 'Gold' }, ['The Gold tier was changed', ['Tier', 'Gold']]],
      ['data.changed', {}, ['Much data changed at once (an import or a repair): boards and totals may read differently']],
      ['activity.created', { agentName: 'Ann', metricName: 'Calls', value: 12 }, ['Ann recorded 12 (Calls)', ['Agent', 'Ann'], ['Metric', 'Calls'], ['Value', '12']]],
      ['activity.voided', { agentName: 'Ann', metricName: 'Calls', value: 3 }, ['An activity of 3 (Calls) for Ann was voided', ['Agent', 'Ann'], ['Metric', 'Calls'], ['Value', '3']]],
      [
        'goal.reached',
        { holderName: 'Ann', metricName: 'Calls', period: 'week', threshold: 100, actual: 52, target: 50 },
        ['Ann reached the weekly Calls goal', ['For', 'Ann'], ['Goal', 'weekly Calls goal'], ['Progress', '52 of 50']],
      ],
      [
        'badge.awarded',
        { agentName: 'Ann', name: 'First sale', detail: 'A first sale recorded' },
        ['Ann earned the First sale badge', ['Agent', 'Ann'], ['Badge', 'First sale'], ['Earned for', 'A first sale recorded']],
      ],
      [
        'contest.started',
        { name: 'March calls', metricName: 'Calls', startsAt: '2026-03-02', endsAt: '2026-03-08' },
        ['The contest March calls (Calls) begins', ['Contest', 'March calls'], ['Metric', 'Calls'], ['Runs', 'from 2026-03-02 to 2026-03-08']],
      ],
      [
        'contest.ended',
        { name: 'March calls', finalAt: '2026-03-09T10:00:00.000Z' },
        ['The contest March calls has ended', ['Contest', 'March calls'], ['Final at', '2026-03-09T10:00:00.000Z']],
      ],
      [
        'contest.final',
        { name: 'March calls', podium: [{ rank: 1, name: 'Ann', value: 40 }, { rank: 2, name: 'Bob', value: 31 }] },
        ['The contest March calls is final', ['Contest', 'March calls'], ['Place 1', 'Ann (40)'], ['Place 2', 'Bob (31)']],
      ],
      ['contest.final', { name: 'March calls', podium: [] }, ['The contest March calls is final', ['Contest', 'March calls'], ['Podium', 'Nobody placed']]],
    ];
    for (const [event, data, card] of cases) expect(readCard(event, data), event).toEqual(card);
    expect(new Set(cases.map(([event]) => event))).toEqual(new Set(WEBHOOK_EVENT_TYPES));
    expect(readCard('webhook.test', testMessage(5, ['tier.reached'], at).data)).toEqual(['Test message from TierTrack. This webhook hears when: an agent reaches a tier.']);
  });

  it('write what people typed as letters in every event’s card: no mention, link, formatting, heading or list', () => {
    const hostile = '@channel <at>All</at> [Pay](https://evil.example) **bold** _it_ ~~s~~ `c` &lt;at&gt;\n# heading\n1. list';
    const starts = ['# heading', '1. list', '- item', '> quote'];
    for (const event of [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]) {
      for (const name of [hostile, ...starts]) {
        const data = {
          agentName: name,
          agentId: 3,
          tierName: name,
          rewardTitle: name,
          status: name,
          metricName: name,
          holderName: name,
          period: 'month',
          threshold: 50,
          actual: 5,
          target: 10,
          name,
          detail: name,
          startsAt: name,
          endsAt: name,
          finalAt: name,
          podium: [{ rank: 1, name, value: 3 }],
          message: name,
          amount: '10.00',
          value: 2,
        };
        const texts = (cardOf(event, data).body as { text?: string; facts?: { title: string; value: string }[] }[]).flatMap((block) => [
          ...(block.text === undefined ? [] : [block.text]),
          ...(block.facts ?? []).flatMap((fact) => [fact.title, fact.value]),
        ]);
        for (const text of texts) {
          expect(text, `${event}: ${text}`).not.toMatch(/@|<|>|\]\(|\*\*|__|~~|`|:\/\/|&lt;|[\r\n]/);
          expect(text, `${event}: ${text}`).not.toMatch(/^(#|[-+*>] |\d+[.)] )/);
        }
        if (name === hostile && event !== 'agent.deleted' && event !== 'data.changed') {
          expect(texts.join(' '), event).toContain('＠channel ‹at›All‹/at› ［Pay］(https:∕∕evil․example) ∗∗bold∗∗');
        }
      }
    }
  });
});
