import { expect, expectNoAxeViolations, test } from './support/fixtures';

test.describe('landing page', () => {
  test('shows the four entry buttons with their targets, the feature cards and the tiers from the database', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await expect(page.getByRole('link', { name: 'Owner/Manager Access' })).toHaveAttribute('href', '/api/login');
    await expect(page.getByRole('link', { name: 'Start Tracking Today' })).toHaveAttribute('href', '/api/login');
    await expect(page.getByRole('link', { name: 'Agent Portal' }).first()).toHaveAttribute('href', '/agents');
    await expect(page.getByRole('link', { name: 'Register as New Agent' }).first()).toHaveAttribute('href', '/agent-register');

    for (const title of ['12-Tier System', 'Leaderboards', 'Team Management', 'Role-Based Access']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }

    const tiers = page.getByRole('region', { name: 'The 12 tiers' }).getByRole('listitem');
    await expect(tiers).toHaveCount(12);
    await expect(tiers.first()).toHaveText(/Starter\s*\$5K/);
    await expect(tiers.nth(3)).toHaveText(/Gold\s*\$35K/);
    await expect(tiers.last()).toHaveText(/Legend\s*\$1M/);
    await expectNoAxeViolations(page);
  });

  test('works at 375 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start Tracking Today' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await expectNoAxeViolations(page);
  });
});

test.describe('unknown routes', () => {
  test('show the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL('/');
  });
});
