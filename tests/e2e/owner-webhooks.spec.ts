// Webhooks (docs/decisions/0018-webhooks.md): the owner adds one in the Webhooks tab, sees its secret once, sends a
// test event that a real receiver on 127.0.0.1 gets signed, reads it in the delivery log, and deletes the webhook;
// a receiver that keeps failing shows as paused, with each attempt in the log.
// (The browser tests' server allows private addresses: tests/e2e/support/start-server.ts.)
import type { Page } from '@playwright/test';
import { signatureIsValid, startReceiver, type Receiver } from '../support/webhook-receiver';
import { expectNoHorizontalOverflow, openTab } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

async function openWebhooks(page: Page) {
  await page.goto('/');
  await openTab(page, 'Webhooks');
  await expect(page.getByRole('heading', { name: 'How webhooks work' })).toBeVisible();
}

let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test.describe('Webhooks', () => {
  test('the owner adds a webhook, sends a signed test event, reads the log and deletes it', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAs(page);
    await openWebhooks(page);
    await expectNoAxeViolations(page);
    // A unique path, so that a webhook left by another run is not this one.
    const url = `${receiver.url}/${Date.now().toString(36)}`;

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook' });
    await expect(form.getByRole('checkbox', { name: 'An agent reaches a tier' })).toBeChecked();
    await expect(form.getByRole('radio', { name: /^JSON/ })).toBeChecked();
    await form.getByRole('textbox', { name: 'URL' }).fill(url);
    await form.getByRole('checkbox', { name: 'A reward is claimed' }).check();
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const created = page.getByRole('dialog', { name: 'Webhook added' });
    const field = created.getByLabel('Signing secret');
    await expect(field).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
    const secret = await field.inputValue();
    await created.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: url });
    await expect(row).toContainText('Nothing sent yet');
    await expect(row.getByRole('list', { name: `Events sent to ${url}` })).toContainText('An agent reaches a tier');

    const before = receiver.received.length;
    await row.getByRole('button', { name: `Send a test event to ${url}` }).click();
    await expect(page.getByText('Test event queued', { exact: true })).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBeGreaterThan(before);
    const request = receiver.received.at(-1)!;
    expect(request.headers['tiertrack-event']).toBe('webhook.test');
    expect(signatureIsValid(request.headers['tiertrack-signature'] as string, request.body, secret)).toBe(true);
    expect(JSON.parse(request.body)).toMatchObject({ event: 'webhook.test', eventId: null });

    await row.getByRole('button', { name: `Deliveries of ${url}` }).click();
    const log = page.getByRole('dialog', { name: 'Deliveries' });
    const delivery = log.getByRole('listitem').filter({ hasText: 'webhook.test' });
    // The log reads again while the delivery is pending.
    await expect(delivery).toContainText('Delivered', { timeout: 10_000 });
    await expect(delivery).toContainText('Answered 200');
    await delivery.getByText('Body sent').click();
    await expect(delivery.locator('pre')).toContainText('"event": "webhook.test"');
    await expectNoAxeViolations(page);
    await delivery.getByRole('button', { name: /^Resend delivery/ }).click();
    await expect(page.getByText(/will be sent again now/).first()).toBeVisible();
    await expect.poll(() => receiver.received.filter((r) => r.headers['tiertrack-delivery'] === request.headers['tiertrack-delivery']).length, { timeout: 10_000 }).toBe(2);
    await log.getByRole('button', { name: 'Close' }).click();
    await expect(log).toHaveCount(0);

    // The list reads itself again while the newest delivery is pending.
    await expect(row).toContainText('Delivered', { timeout: 10_000 });
    await row.getByRole('button', { name: `Delete the webhook to ${url}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Webhook' }).click();
    await expect(row).toHaveCount(0);
  });

  test('a receiver that keeps failing shows as paused, and the log shows each attempt', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAs(page);
    receiver.answer = () => ({ status: 503 });
    try {
      const url = `${receiver.url}/${Date.now().toString(36)}`;
      const made = await page.request.post('/api/webhooks', { data: { url, events: ['tier.reached'] } });
      expect(made.status()).toBe(201);
      const { id } = (await made.json()) as { id: number };
      // Five failed attempts in a row pause its deliveries (docs/decisions/0033-webhook-isolation.md).
      for (let i = 0; i < 5; i++) expect((await page.request.post(`/api/webhooks/${id}/test`)).status()).toBe(202);
      await expect
        .poll(async () => ((await (await page.request.get('/api/webhooks')).json()) as { webhooks: { id: number; breaker: { state: string } }[] }).webhooks.find((w) => w.id === id)?.breaker.state, {
          timeout: 20_000,
        })
        .toBe('open');

      await openWebhooks(page);
      const row = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: url });
      await expect(row.getByText('Paused', { exact: true })).toBeVisible();
      await expect(row).toContainText('Paused after 5 failed attempts in a row, until');
      await row.getByRole('button', { name: `Deliveries of ${url}` }).click();
      const log = page.getByRole('dialog', { name: 'Deliveries' });
      await expect(log.getByRole('alert')).toContainText('Deliveries paused');
      await expect(log.getByRole('alert')).toContainText('5 failed attempts in a row: deliveries wait until');
      const newest = log.getByRole('listitem').filter({ hasText: 'webhook.test' }).first();
      await newest.getByText('Attempts (1)').click();
      const attempts = newest.getByRole('list', { name: /^Attempts of delivery \d+, newest first$/ });
      await expect(attempts.getByRole('listitem')).toHaveCount(1);
      await expect(attempts.getByRole('listitem').first()).toContainText('#1');
      await expect(attempts.getByRole('listitem').first()).toContainText('Failed');
      await expect(attempts.getByRole('listitem').first()).toContainText('The receiver answered 503');
      await expectNoAxeViolations(page);
      if (process.env.E2E_SCREENSHOT) await page.screenshot({ path: process.env.E2E_SCREENSHOT, fullPage: true });
      await log.getByRole('button', { name: 'Close' }).click();
      expect((await page.request.delete(`/api/webhooks/${id}`)).status()).toBe(204);
    } finally {
      receiver.answer = () => ({ status: 200 });
    }
  });

  test('the owner edits a webhook in place: a new address and events, the same secret', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAs(page);
    const url = `${receiver.url}/${Date.now().toString(36)}-before`;
    const made = await page.request.post('/api/webhooks', { data: { url, events: ['tier.reached'] } });
    expect(made.status()).toBe(201);
    const { secret } = (await made.json()) as { secret: string };
    await openWebhooks(page);
    const row = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: url });
    await row.getByRole('button', { name: `Edit the webhook to ${url}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit webhook' });
    await expect(dialog.getByRole('textbox', { name: 'URL' })).toHaveValue(url);
    await expect(dialog.getByRole('checkbox', { name: 'An agent reaches a tier' })).toBeChecked();
    // No event: refused in the dialog, nothing sent.
    await dialog.getByRole('checkbox', { name: 'An agent reaches a tier' }).uncheck();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText(/events must be a list of one or more of/)).toBeVisible();
    await expectNoAxeViolations(page);

    const moved = url.replace(/-before$/, '-after');
    await dialog.getByRole('textbox', { name: 'URL' }).fill(moved);
    await dialog.getByRole('checkbox', { name: 'A reward is claimed' }).check();
    const sent = page.waitForRequest((r) => r.method() === 'PATCH' && /\/api\/webhooks\/\d+$/.test(r.url()));
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    expect((await sent).postDataJSON()).toEqual({ url: moved, events: ['claim.created'] });
    await expect(page.getByText('Webhook saved', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const edited = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: moved });
    await expect(edited.getByRole('list', { name: `Events sent to ${moved}` })).toHaveText('A reward is claimed');

    // A test event goes to the new address, signed with the secret given when it was made.
    const before = receiver.received.length;
    await edited.getByRole('button', { name: `Send a test event to ${moved}` }).click();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBeGreaterThan(before);
    const request = receiver.received.at(-1)!;
    expect(request.path).toBe(new URL(moved).pathname);
    expect(signatureIsValid(request.headers['tiertrack-signature'] as string, request.body, secret)).toBe(true);
    await page.setViewportSize({ width: 375, height: 800 });
    await edited.getByRole('button', { name: `Edit the webhook to ${moved}` }).click();
    await expectNoHorizontalOverflow(page);
    await page.getByRole('dialog', { name: 'Edit webhook' }).screenshot({ path: test.info().outputPath('edit-webhook-375.png') });
    await page.getByRole('dialog', { name: 'Edit webhook' }).getByRole('button', { name: 'Cancel' }).click();
    await edited.getByRole('button', { name: `Delete the webhook to ${moved}` }).click();
    await page.getByRole('button', { name: 'Delete Webhook' }).click();
    await expect(edited).toHaveCount(0);
  });

  test('an address that is not http(s), or no event, is refused in the dialog', async ({ page }) => {
    await signInAs(page);
    await openWebhooks(page);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook' });
    await form.getByRole('textbox', { name: 'URL' }).fill('ftp://example.com/hook');
    await form.getByRole('checkbox', { name: 'An agent reaches a tier' }).uncheck();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect(form.getByText('url must be an http:// or https:// address')).toBeVisible();
    await expect(form.getByText('events must be a list of one or more of')).toBeVisible();
  });

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page);
    await openWebhooks(page);
    await expectNoHorizontalOverflow(page);
  });
});
