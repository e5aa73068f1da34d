// A failure stays inside the part that failed (issue 32): when a tab's code cannot be fetched (a deploy replaced the
// files the page was built with), that tab says so and offers a reload, while the header and the other tabs keep
// working; after the reload the tab opens. The same for a whole page.
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { openTab } from './support/helpers';

/** The errors a missing chunk leaves in the console (the 404 and the boundary's report): expected here, none other. */
function takeExpectedErrors(errors: string[]) {
  const taken = errors.splice(0);
  expect(taken.length).toBeGreaterThan(0);
  for (const error of taken) {
    expect(error).toMatch(/404|dynamically imported module|failed to render|The above error occurred/);
  }
}

test.describe('error boundaries', () => {
  test('a tab whose code is gone says so and offers a reload; the rest of the dashboard works', async ({ page, pageErrors }) => {
    // Two page loads, four tab switches and an accessibility check.
    test.setTimeout(90_000);
    await signInAs(page);
    await page.route(/\/assets\/audit-tab-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/');
    await openTab(page, 'Audit');

    const alert = page.getByRole('alert').filter({ hasText: 'A newer version of TierTrack is available.' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Part of this tab could not be loaded');
    await expect(alert.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('missing-tab-chunk.png') });

    // The header and the other tabs still work.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await openTab(page, 'Agents');
    await expect(page.getByRole('main').getByLabel('Find an agent')).toBeVisible();

    // The new version's files are there again: the reload brings the tab.
    await page.unroute(/\/assets\/audit-tab-[^/]*\.js$/);
    await openTab(page, 'Audit');
    await alert.getByRole('button', { name: 'Reload the page' }).click();
    await page.waitForLoadState('load');
    takeExpectedErrors(pageErrors);
    await openTab(page, 'Audit');
    await expect(page.getByRole('table', { name: 'Changes, newest first' })).toBeVisible();
  });

  test('a page whose code is gone says so instead of a blank screen', async ({ page, pageErrors }) => {
    await page.route(/\/assets\/forgot-password-page-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/forgot-password');
    const alert = page.getByRole('alert').filter({ hasText: 'A newer version of TierTrack is available.' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Part of this page could not be loaded');
    takeExpectedErrors(pageErrors);
    await page.unroute(/\/assets\/forgot-password-page-[^/]*\.js$/);
    await alert.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByRole('heading', { name: /password/i }).first()).toBeVisible();
  });
});
