// Dark mode (docs/decisions/0087-dark-mode.md, issue 35): the system's preference turns every screen dark, the header's
// switch overrides it (kept in this browser), axe stays at zero violations in both looks, and the TV keeps its own.
import type { Page } from '@playwright/test';
import { addIncomeAsOwner, expectNoHorizontalOverflow, openDashboard, openTab, registerAgentViaApi } from './support/helpers';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('dark mode', () => {
  test('follows the system, passes axe on the owner’s screens in both looks, and the switch overrides it', async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: 'dark' });
    await openDashboard(page);
    await expect.poll(() => isDark(page)).toBe(true);
    const dark = await background(page);
    for (const tab of ['Overview', 'Leaderboard', 'Agents', 'Tier Settings', 'Reward Claims', 'Settings']) {
      await openTab(page, tab);
      await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoAxeViolations(page);
    }

    // The switch: as the system (dark here), then light, then dark; the choice outlives a reload.
    const themeButton = page.getByRole('button', { name: /^Screens as the system; switch to light$/ });
    await themeButton.click();
    await expect.poll(() => isDark(page)).toBe(false);
    expect(await background(page)).not.toBe(dark);
    await page.reload();
    await expect(page.getByRole('button', { name: /^Screens light; switch to dark$/ })).toBeVisible();
    expect(await isDark(page)).toBe(false);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /^Screens light; switch to dark$/ }).click();
    await expect.poll(() => isDark(page)).toBe(true);
    // Dark even though the system now says light: the choice wins.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
    expect(await isDark(page)).toBe(true);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('dark-overview-375.png'), fullPage: false });
    // Back to the system's look, for the other tests of this browser profile.
    await page.getByRole('button', { name: /^Screens dark; switch to as the system$/ }).click();
    await expect.poll(() => isDark(page)).toBe(false);
  });

  test('the agent’s tier dashboard is dark with the system, and passes axe', async ({ page, request }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const agent = await registerAgentViaApi(page.request, 'dark-agent', 'Noor');
    await addIncomeAsOwner(request, agent.id, '12000.00');
    await page.goto('/agent/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${agent.name}!` })).toBeVisible();
    expect(await isDark(page)).toBe(true);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });

  test('the landing page follows the system too', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect.poll(() => isDark(page)).toBe(true);
    await expectNoAxeViolations(page);
  });
});
