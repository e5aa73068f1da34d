// Owner-made password links (docs/product.md §12.9): the owner makes a one-time link for an agent or a manager who
// lost their password, copies it from the dialog, and the person sets a new password with it.
import { RESET_LINK_INVALID } from '../../contract/limits';
import { createAgent, expectNoHorizontalOverflow, openTab, searchAgents, uniqueName } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import type { Browser, Page } from '@playwright/test';

/** Opens the link in a browser of its own, sets the password, and closes it. */
async function setPasswordWith(browser: Browser, url: string, password: string): Promise<string> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  await tab.goto(new URL(url).pathname + new URL(url).hash);
  await tab.getByLabel('New password').fill(password);
  await tab.getByLabel('Confirm password').fill(password);
  await tab.getByRole('button', { name: 'Set password' }).click();
  const outcome = tab.getByText('Your password is set.').or(tab.getByText(RESET_LINK_INVALID));
  await expect(outcome).toBeVisible();
  const text = (await outcome.textContent()) ?? '';
  await context.close();
  return text;
}

/** The link shown in the dialog that just opened, which is then closed. */
async function linkFromDialog(page: Page, name: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: `Password link for ${name}` });
  await expect(dialog).toBeVisible();
  const url = await dialog.getByLabel(`Password link for ${name}`).inputValue();
  expect(url).toMatch(/\/reset-password#token=[A-Za-z0-9_-]+$/);
  await expect(dialog).toContainText('Copy the link now: it cannot be shown again.');
  return url;
}

test.describe('owner-made password links', () => {
  test('the owner makes a link for an agent on the Agents tab; it works once, and a newer link ends the older one', async ({ page, browser }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Forgetful');
    await page.goto('/');
    await openTab(page, 'Agents');
    await searchAgents(page, agent.name);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: agent.name }) });

    await card.getByRole('button', { name: `Make a password link for ${agent.name}` }).click();
    const first = await linkFromDialog(page, agent.name);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await card.getByRole('button', { name: `Make a password link for ${agent.name}` }).click();
    const second = await linkFromDialog(page, agent.name);
    expect(second).not.toBe(first);
    await page.getByRole('button', { name: 'Done' }).click();

    // The first link was ended by the second.
    expect(await setPasswordWith(browser, first, 'first link password')).toContain(RESET_LINK_INVALID);
    expect(await setPasswordWith(browser, second, 'second link password')).toContain('Your password is set.');
    expect((await page.request.post('/api/agents/login', { data: { email: agent.email, password: 'second link password' } })).status()).toBe(200);
    // Once only.
    expect(await setPasswordWith(browser, second, 'third try password')).toContain(RESET_LINK_INVALID);
  });

  test('the owner makes a link for a manager on the Staff tab, and the manager signs in to the dashboard with the new password', async ({ page, browser }) => {
    await signInAs(page);
    const { name, email } = uniqueName('Manager Link');
    const created = await page.request.post('/api/users', { data: { email, name, role: 'manager', password: 'manager-pass-1' } });
    expect(created.status()).toBe(201);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await openTab(page, 'Staff');
    const member = page.getByRole('list', { name: 'Staff' }).getByRole('listitem').filter({ hasText: email });
    await member.getByRole('button', { name: `Make a password link for ${name}` }).click();
    const url = await linkFromDialog(page, name);
    await expectNoHorizontalOverflow(page);

    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(new URL(url).pathname + new URL(url).hash);
    await tab.getByLabel('New password').fill('manager new password');
    await tab.getByLabel('Confirm password').fill('manager new password');
    await tab.getByRole('button', { name: 'Set password' }).click();
    await expect(tab.getByText('Your password is set.')).toBeVisible();
    await tab.getByRole('link', { name: 'sign in to the dashboard' }).click();
    await expect(tab).toHaveURL(/\/login$/);
    await context.close();
    expect((await page.request.post('/api/auth/login', { data: { email, password: 'manager new password' } })).status()).toBe(200);
    expect((await page.request.post('/api/auth/login', { data: { email, password: 'manager-pass-1' } })).status()).toBe(401);
  });
});
