// One-time password links (docs/decisions/0065-one-time-password-links.md): an agent imported without a password
// opens the link the owner handed over, sets a password, and signs in with it; the link then no longer works.
import type { AgentImportReport } from '../../contract/imports';
import { RESET_LINK_INVALID } from '../../contract/limits';
import { expectNoHorizontalOverflow, uniqueName } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

test.describe('one-time password links', () => {
  test('an imported agent sets a password with the link, once, and signs in', async ({ page, browser }) => {
    await signInAs(page);
    const { name, email } = uniqueName('Linked Agent');
    const imported = await page.request.post('/api/imports/agents', { headers: { 'content-type': 'text/csv' }, data: `name,email\n${name},${email}\n` });
    expect(imported.status()).toBe(201);
    const [link] = ((await imported.json()) as AgentImportReport).links;
    expect(link!.email).toBe(email);

    const agent = await browser.newContext();
    const tab = await agent.newPage();
    await tab.setViewportSize({ width: 375, height: 800 });
    await tab.goto(new URL(link!.url).pathname + new URL(link!.url).hash);
    await expect(tab.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    // The token leaves the address bar once read.
    expect(new URL(tab.url()).hash).toBe('');
    await expectNoAxeViolations(tab);
    await expectNoHorizontalOverflow(tab);

    await tab.getByLabel('New password').fill('short');
    await tab.getByLabel('Confirm password').fill('other');
    await tab.getByRole('button', { name: 'Set password' }).click();
    await expect(tab.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(tab.getByText('The passwords do not match')).toBeVisible();

    await tab.getByLabel('New password').fill('linked agent password');
    await tab.getByLabel('Confirm password').fill('linked agent password');
    await tab.getByRole('button', { name: 'Set password' }).click();
    await expect(tab.getByText('Your password is set.')).toBeVisible();

    const signIn = await agent.request.post('/api/agents/login', { data: { email, password: 'linked agent password' } });
    expect(signIn.status()).toBe(200);
    await tab.getByRole('link', { name: 'Sign in on the Agent Portal' }).click();
    await expect(tab).toHaveURL(/\/agents$/);

    // The same link again: refused with the one message.
    await tab.goto(new URL(link!.url).pathname + new URL(link!.url).hash);
    await tab.getByLabel('New password').fill('another long password');
    await tab.getByLabel('Confirm password').fill('another long password');
    await tab.getByRole('button', { name: 'Set password' }).click();
    await expect(tab.getByText(RESET_LINK_INVALID)).toBeVisible();
    await agent.close();
  });

  test('a link without a token says it is not valid and offers no form', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText(RESET_LINK_INVALID)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set password' })).toHaveCount(0);
  });
});
