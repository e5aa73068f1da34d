// API tokens (docs/decisions/0017-tokens-lists-and-exports.md): the owner makes a token in the API Tokens tab, sees it
// once, and another system uses it as `Authorization: Bearer <token>` within its scopes until the owner revokes it.
import type { APIRequestContext, Page } from '@playwright/test';
import { API_SCOPES, type ApiToken, type ApiTokenList, type CreatedApiToken } from '../../contract/api-tokens';
import { createAgent, expectNoHorizontalOverflow, expectWithinViewport, openDashboard, openTab, toasts, uniqueName } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The contract's message when no scope is given (contract/api-tokens.ts). */
const NO_SCOPE_MESSAGE = `scopes must be a list of one or more of: ${API_SCOPES.join(', ')}`;

const tokenRow = (page: Page, name: string) => page.getByRole('list', { name: 'Active tokens' }).getByRole('listitem').filter({ hasText: name });

/** The tokens the signed-in owner's request context lists. */
async function listTokens(request: APIRequestContext): Promise<ApiToken[]> {
  const response = await request.get('/api/tokens');
  expect(response.status(), 'list API tokens').toBe(200);
  return ((await response.json()) as ApiTokenList).tokens;
}

async function openApiTokens(page: Page) {
  await page.goto('/');
  await openTab(page, 'API Tokens');
  await expect(page.getByRole('heading', { name: 'How API tokens work' })).toBeVisible();
}

test.describe('API tokens', () => {
  test('the owner makes a token, sees it once, and it reads and records entries until it is revoked', async ({ page, request }) => {
    // One owner's whole story, with four accessibility checks and a reload: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAs(page);
    await openApiTokens(page);
    await expect(page.getByRole('main').locator('pre')).toContainText('Idempotency-Key');
    await expect(page.getByRole('main').locator('pre')).toContainText('externalId');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'New API token' }).click();
    const form = page.getByRole('dialog', { name: 'New API token' });
    await expect(form.getByRole('combobox', { name: 'Expires after' })).toHaveText('90 days');
    for (const scope of ['Read dashboards, agents and entries', 'Record income entries', 'Add agents']) {
      await expect(form.getByRole('checkbox', { name: scope })).not.toBeChecked();
    }
    const { name } = uniqueName('CRM sync');
    await form.getByLabel('Name').fill(name);
    await form.getByRole('checkbox', { name: 'Read dashboards, agents and entries' }).check();
    await form.getByRole('checkbox', { name: 'Record income entries' }).check();
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Create token' }).click();

    const created = page.getByRole('dialog', { name: 'API token created' });
    const field = created.getByLabel(`Token for ${name}`);
    await expect(field).toHaveValue(/^tt_[A-Za-z0-9_-]{43}$/);
    await expect(field).toHaveAttribute('readonly', '');
    const token = await field.inputValue();
    await expect(created).toContainText('Shown only once');
    await created.getByRole('button', { name: 'Copy' }).click();
    await expect(created.getByRole('status')).toHaveText('Token copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expectNoAxeViolations(page);
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(created).toBeHidden();

    const row = tokenRow(page, name);
    await expect(row.getByRole('list', { name: `Scopes of ${name}` }).getByRole('listitem')).toHaveText([
      'Read dashboards, agents and entries',
      'Record income entries',
    ]);
    await expect(row).toContainText('Never used');
    await expect(row).toContainText('Expires');
    await expect(row).not.toContainText('Expired');
    // The token is not shown again.
    await expect(page.getByText(token)).toHaveCount(0);
    const listed = (await listTokens(page.request)).find((t) => t.name === name);
    expect(listed?.scopes).toEqual(['read', 'entries:write']);
    // "90 days" counts from the moment the form was sent.
    expect(Math.abs(new Date(listed!.expiresAt!).getTime() - (Date.now() + 90 * DAY_MS))).toBeLessThan(60_000);

    // Another system, with no cookie: the token alone.
    const agent = await createAgent(page.request, 'Token Agent');
    const auth = { Authorization: `Bearer ${token}` };
    // What a CRM would send: its deal's id, as the key and as the entry's externalId.
    const dealId = `deal-${name.replace(/\s+/g, '-')}`;
    const entry = { agentId: agent.id, amount: '750.00', description: 'CRM deal', externalId: dealId };
    const postEntry = () => request.post('/api/income-entries', { headers: { ...auth, 'Idempotency-Key': dealId }, data: entry });
    const readAgents = () => request.get(`/api/agents?search=${encodeURIComponent(agent.name)}`, { headers: auth });
    const recorded = await postEntry();
    expect(recorded.status(), await recorded.text()).toBe(201);
    expect(await recorded.json()).toMatchObject({ agentId: agent.id, amount: '750.00', externalId: dealId });
    // A retry after a timeout: the same answer, nothing recorded twice.
    const retried = await postEntry();
    expect(retried.status()).toBe(201);
    expect(retried.headers()['idempotent-replayed']).toBe('true');
    const agents = await readAgents();
    expect(agents.status()).toBe(200);
    expect(await agents.json()).toMatchObject({ agents: [{ id: agent.id, totalIncome: '750.00' }] });
    const { name: otherName, email } = uniqueName('Token Refused');
    const addAgent = await request.post('/api/agents', {
      headers: auth,
      data: { name: otherName, position: 'Field Agent', email, password: 'e2e-password-1' },
    });
    expect(addAgent.status(), 'a token without agents:write adds no agent').toBe(403);

    await page.reload();
    await openTab(page, 'API Tokens');
    await expect(row).toContainText('Last used');
    await expect(row).not.toContainText('Never used');

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Revoke ${name}?` });
    await expect(confirm).toContainText('refused from now on');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Revoke Token' }).click();
    await expect(toasts(page).getByText(`${name} revoked`)).toBeVisible();
    await expect(row).toHaveCount(0);

    // The same requests as before, refused now.
    expect((await postEntry()).status()).toBe(401);
    expect((await readAgents()).status()).toBe(401);
  });

  test('on a phone: with no scope ticked the form says so and makes nothing; "Never" makes a token that does not expire', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page);
    const before = await listTokens(page.request);
    await openApiTokens(page);
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page);

    await page.getByRole('button', { name: 'New API token' }).click();
    const form = page.getByRole('dialog', { name: 'New API token' });
    const { name } = uniqueName('Sheet script');
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Create token' }).click();
    await expect(form.getByText(NO_SCOPE_MESSAGE)).toBeVisible();
    await expect(form.getByRole('checkbox', { name: 'Add agents' })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await expectWithinViewport(page, form);
    expect(await listTokens(page.request), 'no token was made').toEqual(before);

    await form.getByRole('checkbox', { name: 'Add agents' }).check();
    await form.getByRole('combobox', { name: 'Expires after' }).click();
    await page.getByRole('option', { name: 'Never' }).click();
    await expect(form.getByRole('combobox', { name: 'Expires after' })).toHaveText('Never');
    await form.getByRole('button', { name: 'Create token' }).click();

    const created = page.getByRole('dialog', { name: 'API token created' });
    await expect(created.getByLabel(`Token for ${name}`)).toHaveValue(/^tt_/);
    await expectWithinViewport(page, created);
    await expectNoAxeViolations(page);
    await created.getByRole('button', { name: 'Done' }).click();

    const row = tokenRow(page, name);
    await expect(row).toContainText('Never expires');
    await expect(row).toContainText('Add agents');
    await expectNoHorizontalOverflow(page);
    const made = (await listTokens(page.request)).find((t) => t.name === name);
    expect(made).toMatchObject({ scopes: ['agents:write'], expiresAt: null, lastUsedAt: null });
    expect((await page.request.delete(`/api/tokens/${made!.id}`)).status()).toBe(204);
  });

  test('a token past its expiry is listed as expired until it is revoked', async ({ page }) => {
    await signInAs(page);
    const response = await page.request.post('/api/tokens', {
      data: { name: uniqueName('Old script').name, scopes: ['read'], expiresAt: new Date(Date.now() + DAY_MS).toISOString() },
    });
    expect(response.status()).toBe(201);
    const token = (await response.json()) as CreatedApiToken;
    // The browser's clock two days on: the server still takes the token, the list must call it expired.
    await page.clock.setFixedTime(Date.now() + 2 * DAY_MS);
    await openApiTokens(page);
    const row = tokenRow(page, token.name);
    await expect(row.getByText('Expired', { exact: true })).toBeVisible();
    await expect(row).toContainText(/Expired [A-Z][a-z]{2} \d/);
    await expectNoAxeViolations(page);
    expect((await page.request.delete(`/api/tokens/${token.id}`)).status()).toBe(204);
  });

  test('a manager sees no API Tokens tab and cannot list tokens', async ({ page }) => {
    await openDashboard(page, 'manager');
    await expect(page.getByRole('tab', { name: 'Tier Settings' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'API Tokens' })).toHaveCount(0);
    expect((await page.request.get('/api/tokens')).status()).toBe(403);
  });
});
