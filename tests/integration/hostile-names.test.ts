// Names typed by anyone who registers travel to chat channels (Slack-format webhooks) and into emails. A registrant
// who names themselves to ping a channel, plant a link or add a mail header reaches a real webhook receiver and a
// real SMTP server as plain words (server/domain/outbound-text.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdWebhook } from '../../contract/webhooks';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import { signedInUser } from '../factories/accounts';
import { MailServer } from '../support/mail-server';
import { testConfig, type TestApp } from '../support/test-app';
import { openTestDatabase, testEngines } from '../support/test-database';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

const FIRST = '@channel <!here> [Claim](https://evil.example)';
const LAST = '*now* <https://evil.example|Pay> =?utf-8?B?SGk=?=';

for (const engine of testEngines()) {
  describe(`hostile names in chat messages and emails [${engine}]`, () => {
    const mail = new MailServer();
    let receiver: Receiver;
    let database: Database;
    let t: TestApp & { close(): Promise<void> };

    beforeAll(async () => {
      await mail.start();
      receiver = await startReceiver();
      database = await openTestDatabase(engine);
      const config = testConfig({
        PUBLIC_URL: 'http://tiertrack.test',
        SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        MAIL_FROM: 'TierTrack <noreply@tiertrack.test>',
        WEBHOOK_ALLOW_PRIVATE: '1',
      });
      const app = await createApp({ database, config, webRoot: null, demo: false, now: () => new Date(), notifierPollMs: 100, webhookWorker: { pollMs: 25 } });
      await app.ready();
      t = { engine, app, database, config, clock: { now: new Date() }, request: (req) => app.inject(req), close: () => app.close() };
    });
    afterAll(async () => {
      await t?.close();
      await database?.close();
      await receiver?.close();
      await mail.stop();
    });

    it('reach a Slack-format webhook and the owner’s email as text: no mention, link, formatting or header', async () => {
      const owner = await signedInUser(t, 'owner');
      const hook = await t.request({ method: 'POST', url: '/api/webhooks', headers: { cookie: owner.cookie }, payload: { url: receiver.url, events: ['agent.created'], format: 'slack' } });
      expect(hook.statusCode, hook.body).toBe(201);
      createdWebhook.parse(hook.json());

      const registered = await t.request({
        method: 'POST',
        url: '/api/agents/register',
        payload: { firstName: FIRST, lastName: LAST, email: `hostile-${engine}@example.test`, password: 'a new password', position: 'Sales Agent' },
      });
      expect(registered.statusCode, registered.body).toBe(202);

      const [delivery] = await receiver.waitFor(1);
      const text = (JSON.parse(delivery!.body) as { text: string }).text;
      expect(text).toBe(
        ':wave: ＠channel &lt;!here&gt; ［Claim］(https:∕∕evil․example) ∗now∗ &lt;https:∕∕evil․example|Pay&gt; =?utf-8?B?SGk=?= joined the team',
      );
      expect(text).not.toMatch(/@|<|\]\(|:\/\//);

      const [email] = await mail.waitFor(1);
      expect(email!.subject).toBe('@channel <!here> [Claim](https:∕∕evil․example) *now* <https:∕∕evil․example|Pay> = ?utf-8?B?SGk= ?= registered');
      expect(email!.subject).not.toContain('https://');
      expect(email!.text).not.toContain('https://evil.example');
      expect(email!.html).not.toContain('https://evil.example');
      expect(email!.html).toContain('&lt;!here&gt;');
      expect(email!.headers.has('bcc')).toBe(false);
    });
  });
}
