// Connectors (docs/decisions/0089-connectors.md): the owner adds a generic connector in the Connectors tab and sees its
// receiving URL and secret once; the test, as the CRM, sends a signed won deal whose owner is no agent yet; the owner
// reads it in the connector's delivery log, picks the agent for that CRM user, and the deal is recorded for them.
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { CreatedConnector } from '../../contract/connectors';
import { expectConsoleErrors, expectNoHorizontalOverflow, expectWithinViewport, openTab, toasts, uniqueName } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

async function openConnectors(page: Page) {
  await page.goto('/');
  await openTab(page, 'Connectors');
  await expect(page.getByRole('heading', { name: 'How connectors work' })).toBeVisible();
}

const connectorRow = (page: Page, name: string) => page.getByRole('list', { name: 'Your connectors' }).getByRole('listitem').filter({ hasText: name });

/** Sends a deal to a generic connector as a CRM would: signed `TierTrack-Signature: t=<unix seconds>,v1=<HMAC of "t.body">`. */
async function sendDeal(url: string, secret: string, deal: Record<string, unknown>) {
  const body = JSON.stringify(deal);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'TierTrack-Signature': `t=${t},v1=${v1}` }, body });
}

/** A deal id no other run on the same server used: a recorded deal's entry keeps `generic:<id>` as its external id. */
const dealIdOf = (tag: string) => `D-1-${tag}-${Date.now().toString(36)}`;

test.describe('Connectors', () => {
  test('the owner adds a generic connector; a signed deal of an unknown CRM user waits, and is recorded once mapped', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAs(page);
    await openConnectors(page);
    await expect(page.getByRole('main')).toContainText(/No connectors yet|Your connectors/);
    await expectNoAxeViolations(page);
    const { name } = uniqueName('Deals');

    await page.getByRole('button', { name: 'Add connector' }).click();
    const form = page.getByRole('dialog', { name: 'Add connector' });
    // HubSpot first: its client secret is asked for, and its defaults are the placeholders.
    await expect(form.getByLabel('HubSpot client secret')).toHaveAttribute('type', 'password');
    await expect(form.getByLabel('Won stage (optional)')).toHaveAttribute('placeholder', 'closedwon');
    await form.getByLabel('CRM', { exact: true }).selectOption('generic');
    await expect(form.getByLabel('HubSpot client secret')).toHaveCount(0);
    await expect(form.getByLabel('Amount field (optional)')).toHaveAttribute('placeholder', 'amount');
    await expect(form.getByRole('radio', { name: 'CRM user id' })).toBeChecked();
    await expect(form.getByLabel('Metric')).toHaveValue('profit');
    await form.getByLabel('Name', { exact: true }).fill(name);
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Add connector' }).click();

    const created = page.getByRole('dialog', { name: 'Connector added' });
    const url = await created.getByLabel('Receiving URL').inputValue();
    // The e2e server has no PUBLIC_URL: the path is shown after this page's origin.
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/connectors\/\d+\/inbound$/);
    const secret = await created.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^ttc_[A-Za-z0-9_-]{43}$/);
    await expect(created.getByText('Shown only once.')).toBeVisible();
    await expect(created.getByRole('heading', { name: 'In the system that sends the deals' })).toBeVisible();
    await expectNoAxeViolations(page);
    await created.screenshot({ path: test.info().outputPath('connector-added-1280.png') });
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(created).toHaveCount(0);
    const row = connectorRow(page, name);
    // The focus goes to the new connector, where its deliveries will show.
    await expect(row.getByRole('button', { name: `Details of ${name}` })).toBeFocused();

    await expect(row).toContainText('Generic (signed JSON)');
    await expect(row).toContainText('Feeds Profit');
    await expect(row).toContainText('Nothing received yet');

    // The CRM's side: a won deal whose owner, CRM user crm-7, is no agent yet.
    const dealId = dealIdOf('map');
    const sent = await sendDeal(url, secret, { id: dealId, amount: '1500.00', won: true, owner: { id: 'crm-7' }, occurredAt: new Date().toISOString() });
    expect(sent.status).toBe(202);
    expect(await sent.json()).toMatchObject({ deals: 1 });

    await row.getByRole('button', { name: `Details of ${name}` }).click();
    const details = page.getByRole('dialog', { name });
    await expect(details.getByLabel('Receiving URL')).toHaveValue(url);
    const delivery = details.getByRole('list', { name: 'Deliveries, newest first' }).getByRole('listitem', { name: /^Delivery \d+/ });
    // The log reads again while the worker has not recorded the delivery's deals yet.
    await expect(delivery.first()).toContainText(`deal ${dealId}: owner crm-7 matches no agent`, { timeout: 15_000 });
    await expect(delivery.first()).toContainText('Processed');
    await expect(delivery.first()).toContainText('HTTP 202');
    await delivery.first().getByText('Body received').click();
    await expect(delivery.first().locator('pre')).toContainText(`"id": "${dealId}"`);
    // The list behind the dialog follows: its count of deals waiting. (Behind a modal dialog, it is out of the
    // accessibility tree: found by its text.)
    const rowBehind = page.locator('main li').filter({ hasText: name });
    await expect(rowBehind).toContainText('1 deal waiting');

    const waiting = details.getByRole('list', { name: 'CRM users waiting for an agent' }).getByRole('listitem').filter({ hasText: 'crm-7' });
    await expect(waiting).toContainText('1 deal, $1,500.00, waiting since');
    await expectNoAxeViolations(page);
    await details.screenshot({ path: test.info().outputPath('connector-details-1280.png') });

    // No agent picked: said under the picker, nothing sent.
    await waiting.getByRole('button', { name: 'Map crm-7 to the agent' }).click();
    await expect(waiting.getByText('Pick the agent first')).toBeVisible();
    await expect(waiting.getByLabel('Agent for crm-7')).toBeFocused();
    await waiting.getByLabel('Agent for crm-7').fill('Aiko Tan');
    await waiting.getByRole('option', { name: /Aiko Tanaka/ }).click();
    await waiting.getByRole('button', { name: 'Map crm-7 to the agent' }).click();
    await expect(toasts(page).getByText('Recorded 1 deal for Aiko Tanaka')).toBeVisible();
    await expect(details.getByText('No deal waits')).toBeVisible();
    await expect(details.getByRole('heading', { name: 'Waiting for an agent' })).toBeFocused();
    await expect(rowBehind).not.toContainText('waiting');

    // The same deal again (a CRM retry): nothing more is recorded.
    const replay = await sendDeal(url, secret, { id: dealId, amount: '1500.00', won: true, owner: { id: 'crm-7' }, occurredAt: new Date().toISOString() });
    expect(replay.status).toBe(202);
    await expect(delivery.first()).toContainText(`deal ${dealId}: already recorded`, { timeout: 15_000 });
    await expect(delivery).toHaveCount(2);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Details of ${name}` })).toBeFocused();

    // Recorded for the agent the owner picked, once.
    await openTab(page, 'Overview');
    const entries = page.getByRole('list', { name: 'Recent Transactions' }).getByRole('listitem').filter({ hasText: `${name}: deal ${dealId}` });
    await expect(entries).toHaveCount(1);
    await expect(entries).toContainText('Aiko Tanaka');

    // On a phone: nothing scrolls sideways but the long body and URL inside their own boxes.
    await openTab(page, 'Connectors');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(row).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('connectors-tab-375.png'), fullPage: true });
    await row.getByRole('button', { name: `Details of ${name}` }).click();
    await delivery.first().getByText('Body received').click();
    await expectWithinViewport(page, details);
    await expectNoHorizontalOverflow(page);
    await details.screenshot({ path: test.info().outputPath('connector-details-375.png') });
    await details.getByRole('button', { name: 'Close' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: test.info().outputPath('connectors-tab-1280.png'), fullPage: true });

    await row.getByRole('button', { name: `Delete the connector ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Connector' }).click();
    await expect(toasts(page).getByText(`Deliveries to ${name} are refused from now on.`)).toBeVisible();
    await expect(row).toHaveCount(0);
    // Its address is gone with it.
    expect((await sendDeal(url, secret, { id: dealId, occurredAt: new Date().toISOString() })).status).toBe(404);
  });

  test("refusals go under their fields: the contract's in the dialog, the server's about the metric too", async ({ page, pageErrors }) => {
    test.setTimeout(60_000);
    await signInAs(page);
    const metric = { key: 'connector-meetings', name: 'Connector meetings', unit: 'count', agentsMayRecord: false };
    const metrics = (await (await page.request.get('/api/metrics')).json()) as Array<{ key: string; active: boolean }>;
    const found = metrics.find((one) => one.key === metric.key);
    if (!found) expect((await page.request.post('/api/metrics', { data: metric })).status()).toBe(201);
    else if (!found.active) expect((await page.request.patch(`/api/metrics/${metric.key}`, { data: { active: true } })).status()).toBe(200);
    await openConnectors(page);

    await page.getByRole('button', { name: 'Add connector' }).click();
    const form = page.getByRole('dialog', { name: 'Add connector' });
    await form.getByRole('button', { name: 'Add connector' }).click();
    await expect(form.getByText('A connector needs a name')).toBeVisible();
    await expect(form.getByText('clientSecret is required for HubSpot')).toBeVisible();
    await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
    await form.getByLabel('CRM', { exact: true }).selectOption('salesforce');
    await form.getByLabel('Name', { exact: true }).fill(uniqueName('Opportunities').name);
    await form.getByLabel('Salesforce organisation id').fill('00Dnot-an-id');
    await form.getByRole('button', { name: 'Add connector' }).click();
    await expect(form.getByText('organizationId must be your Salesforce organisation id')).toBeVisible();
    await expectNoAxeViolations(page);

    // A metric switched off while the dialog was open: the server's reason (mapping.metric) goes under Metric.
    await form.getByLabel('Salesforce organisation id').fill('00D5e000000AbCd');
    await form.getByLabel('Metric').selectOption(metric.key);
    expect((await page.request.patch(`/api/metrics/${metric.key}`, { data: { active: false } })).status()).toBe(200);
    await form.getByRole('button', { name: 'Add connector' }).click();
    await expect(form.getByText('mapping.metric: the metric "Connector meetings" is switched off')).toBeVisible();
    await expect(form.getByLabel('Metric')).toBeFocused();
    await form.getByRole('button', { name: 'Cancel' }).click();
    // The refused request, as Chromium logs it.
    expectConsoleErrors(pageErrors, /status of 400/);
  });

  test('the owner edits a connector in place and switches it off: its deliveries are then refused', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAs(page);
    const { name } = uniqueName('Pipeline');
    const made = await page.request.post('/api/connectors', { data: { provider: 'generic', name, mapping: { agentBy: 'externalUserId' } } });
    expect(made.status()).toBe(201);
    const connector = (await made.json()) as CreatedConnector;
    await openConnectors(page);
    // A path: the e2e server has no PUBLIC_URL.
    const inbound = new URL(connector.inboundUrl, page.url()).toString();

    const row = connectorRow(page, name);
    await row.getByRole('button', { name: `Edit the connector ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit connector' });
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(dialog.getByLabel('Amount field (optional)')).toHaveValue('amount');
    await expect(dialog.getByLabel('CRM', { exact: true })).toHaveCount(0);
    const renamed = `${name} renamed`;
    await dialog.getByLabel('Name', { exact: true }).fill(renamed);
    await dialog.getByRole('radio', { name: 'Email' }).check();
    const patch = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith(`/api/connectors/${connector.id}`));
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    expect((await patch).postDataJSON()).toEqual({ name: renamed, mapping: { agentBy: 'email', metric: 'profit', amountField: 'amount', stage: 'true' } });
    await expect(toasts(page).getByText('Connector saved')).toBeVisible();
    const edited = connectorRow(page, renamed);
    await expect(edited).toContainText('Agents matched by email');

    await edited.getByRole('switch', { name: `Active: ${renamed}` }).click();
    await expect(toasts(page).getByText('Connector switched off')).toBeVisible();
    await expect(edited.getByRole('switch', { name: `Active: ${renamed}` })).not.toBeChecked();
    await expect(edited).toContainText('Switched off');
    const refused = await sendDeal(inbound, connector.secret!, { id: dealIdOf('off'), amount: '10.00', won: true, owner: { email: 'nobody@example.com' }, occurredAt: new Date().toISOString() });
    expect(refused.status).toBe(403);
    await edited.getByRole('button', { name: `Details of ${renamed}` }).click();
    const log = page.getByRole('dialog', { name: renamed }).getByRole('listitem', { name: /^Delivery \d+/ });
    await expect(log.first()).toContainText('Rejected');
    await expect(log.first()).toContainText('HTTP 403');
    await expect(log.first()).toContainText('This connector is switched off');
    await expectNoAxeViolations(page);
    await page.getByRole('dialog', { name: renamed }).getByRole('button', { name: 'Close' }).click();
    expect((await page.request.delete(`/api/connectors/${connector.id}`)).status()).toBe(204);
  });
});
