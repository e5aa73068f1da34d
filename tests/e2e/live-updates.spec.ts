// Live updates (docs/product.md §11.19, §12.8; web/src/lib/live-updates.ts): the screens follow GET /api/events. Entries
// are recorded through the API by an owner in a context of its own, as another person would, while the screens
// under test stay open: what they show must change without a reload.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { AgentTierData } from '../../contract/agent-tier-data';
import type { OwnerDashboard } from '../../contract/dashboard';
import { addIncome, createAgent, expectConsoleErrors, type TestAgent } from './support/helpers';
import { collectPageErrors, expect, expectNoAxeViolations, signInAgent, signInAs, test } from './support/fixtures';

const liveStatus = (page: Page) => page.getByRole('status', { name: 'Live updates' });
const tile = (page: Page, label: string) => page.getByRole('region', { name: 'Summary' }).locator('div.rounded-xl').filter({ hasText: label });
const overviewValue = (page: Page, label: string) =>
  page.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd > span').first();
const recentTransactions = (page: Page) => page.getByRole('list', { name: 'Recent Transactions' }).getByRole('listitem');
const celebration = (page: Page) => page.getByRole('status').filter({ hasText: /You reached/ });

const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(cents / 100);
const toCents = (amount: string) => Math.round(Number(amount) * 100);

/** A mark on the window: a reload or a navigation would lose it. */
async function markWindow(page: Page) {
  await page.evaluate(() => Object.assign(window, { liveUpdatesMark: 'still here' }));
}
async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { liveUpdatesMark?: string }).liveUpdatesMark), 'the page was reloaded').toBe(
    'still here',
  );
}

/** The owner dashboard in the test's page, followed live. */
async function openOwnerDashboard(page: Page) {
  await signInAs(page);
  await page.goto('/');
  await expect(liveStatus(page)).toHaveText('Live');
}

/** The agent's tier dashboard in a browser context of its own (its errors fail the test too), followed live. */
async function openAgentDashboard(browser: Browser, agent: TestAgent, pageErrors: string[]): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  collectPageErrors(page, pageErrors);
  await signInAgent(page.request, agent);
  await page.goto('/agent/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${agent.name}!` })).toBeVisible();
  await expect(liveStatus(page)).toHaveText('Live');
  return page;
}

/** The whole-dollar threshold of a tier, as the agent's dashboard reads it. */
async function thresholdOf(agentPage: Page, tierName: string): Promise<number> {
  const data = (await (await agentPage.request.get('/api/agent-tier-data')).json()) as AgentTierData;
  const tier = data.tiers.find((t) => t.name === tierName);
  expect(tier, `tier ${tierName}`).toBeDefined();
  return Number(tier!.threshold);
}

/** A separate owner session, for the entries "someone else" records. */
async function ownerWriter(request: APIRequestContext) {
  await signInAs(request);
  return request;
}

test.describe('live updates', () => {
  test('an entry recorded elsewhere shows on the owner dashboard and on the agent dashboard without a reload', async ({
    page,
    browser,
    request,
    pageErrors,
  }) => {
    const writer = await ownerWriter(request);
    const agent = await createAgent(writer, 'Live', '1000.00');
    await openOwnerDashboard(page);
    const agentPage = await openAgentDashboard(browser, agent, pageErrors);
    await expect(tile(agentPage, 'Total Profit Earned')).toContainText('$1,000');

    const before = (await (await writer.get('/api/owner/dashboard')).json()) as OwnerDashboard;
    await expect(overviewValue(page, 'Monthly Income')).toHaveText(money(toCents(before.timePeriods.monthly.income)));
    await markWindow(page);
    await markWindow(agentPage);

    await addIncome(writer, agent.id, '2500.00', 'Closed live');

    const newest = recentTransactions(page).first();
    await expect(newest).toContainText(agent.name);
    await expect(newest).toContainText('+$2,500.00');
    await expect(newest).toContainText('Closed live');
    await expect(overviewValue(page, 'Monthly Income')).toHaveText(money(toCents(before.timePeriods.monthly.income) + 250_000));
    await expect(overviewValue(page, 'Weekly Income')).toHaveText(money(toCents(before.timePeriods.weekly.income) + 250_000));
    await expect(tile(agentPage, 'Total Profit Earned')).toContainText('$3,500');

    await expectNoReload(page);
    await expectNoReload(agentPage);
    await agentPage.context().close();
  });

  test('nothing moves while the indicator connects: on a phone (412 px wide, as in Lighthouse) the header keeps one line (no layout shift)', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await signInAs(page);
    await page.goto('/');
    await expect(liveStatus(page)).toHaveText('Live');
    // The badge is its dot alone here; its label is still read out.
    await expect(liveStatus(page).getByText('Live')).toHaveClass(/sr-only/);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  });

  test('the agent portal follows the stream too: its total and achieved tiers change without a reload', async ({ page, request }) => {
    const writer = await ownerWriter(request);
    const agent = await createAgent(writer, 'Portal');
    await signInAgent(page.request, agent);
    const starter = await thresholdOf(page, 'Starter');
    await page.goto('/agents');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${agent.name}` })).toBeVisible();
    await expect(page.getByTestId('total-profit')).toHaveText('$0');
    await expect(liveStatus(page)).toHaveText('Live');
    await markWindow(page);

    await addIncome(writer, agent.id, starter.toFixed(2), 'Portal live');
    await expect(page.getByTestId('total-profit')).toHaveText(money(starter * 100).replace(/\.00$/, ''));
    const tiers = page.getByRole('list', { name: 'Achieved tiers' });
    await expect(tiers.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Starter' }) })).toContainText('ACHIEVED');
    await expectNoReload(page);
    await expectNoAxeViolations(page);
  });

  test('an entry recorded after the screen read its data but before its stream opened still shows', async ({ page, request }) => {
    const writer = await ownerWriter(request);
    const agent = await createAgent(writer, 'Between');
    await signInAs(page);
    // The stream opens after the page has loaded: its first request waits here until the entry is written.
    let streamUrl = '';
    await page.route('**/api/events*', async (route) => {
      if (!streamUrl) {
        streamUrl = route.request().url();
        await addIncome(writer, agent.id, '777.00', 'Between read and stream');
      }
      await route.continue();
    });
    await page.goto('/');
    await expect(recentTransactions(page).first()).toBeVisible();
    await markWindow(page);
    await expect(liveStatus(page)).toHaveText('Live');
    expect(streamUrl, 'the first stream starts from the reads').toMatch(/\/api\/events\?lastEventId=\d+$/);
    await expect(recentTransactions(page).first()).toContainText('Between read and stream');
    await expectNoReload(page);
  });

  test('reaching a tier celebrates on the agent dashboard, accessibly, and only for the agent itself', async ({ page, request }) => {
    const writer = await ownerWriter(request);
    const agent = await createAgent(writer, 'Climber');
    const other = await createAgent(writer, 'Neighbour');
    await signInAgent(page.request, agent);
    const starter = await thresholdOf(page, 'Starter');
    const bronze = await thresholdOf(page, 'Bronze');
    await addIncome(writer, agent.id, (starter - 1000).toFixed(2));
    await page.goto('/agent/dashboard');
    await expect(liveStatus(page)).toHaveText('Live');
    await expect(tile(page, 'Tiers Ready to Claim')).toContainText('0');
    await expect(celebration(page)).toHaveCount(0);
    await markWindow(page);

    // Another agent's tiers reach this agent's stream too (their public fields): no celebration for them.
    await addIncome(writer, other.id, bronze.toFixed(2));
    await addIncome(writer, agent.id, '1500.00');

    await expect(celebration(page)).toContainText('You reached Starter!');
    await expect(celebration(page)).not.toContainText('Bronze');
    await expect(tile(page, 'Tiers Ready to Claim')).toContainText('1');
    await expect(page.getByRole('article', { name: 'Starter', exact: true })).toContainText('READY TO CLAIM');
    await expectNoReload(page);

    // A small entrance that people who ask for reduced motion do not get.
    const banner = celebration(page).locator('> div');
    await expect.poll(() => banner.evaluate((el) => getComputedStyle(el).animationName)).toBe('celebrate-in');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => banner.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Show Starter' }).click();
    await expect(page.getByRole('article', { name: 'Starter', exact: true })).toBeFocused();
    // The tier's own Dismiss: the agent's contest card may tell of a move up beside it, with a Dismiss of its own.
    await celebration(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByText('You reached Starter!')).toHaveCount(0);
  });

  test('the indicator says Live, Offline while the browser is offline, and catches up when it is back', async ({ page, request }) => {
    const writer = await ownerWriter(request);
    const agent = await createAgent(writer, 'Offline', '100.00');
    await openOwnerDashboard(page);
    await expect(liveStatus(page)).toHaveText('Live');
    await expectNoAxeViolations(page);
    await markWindow(page);

    await page.context().setOffline(true);
    await expect(liveStatus(page)).toHaveText('Offline');
    // Recorded while this browser hears nothing: shown once it is back.
    await addIncome(writer, agent.id, '321.00', 'While offline');
    await page.context().setOffline(false);
    await expect(liveStatus(page)).toHaveText('Live');
    await expect(recentTransactions(page).first()).toContainText('While offline');
    await expectNoReload(page);
  });

  test('a refused stream (too many tabs) is retried: Reconnecting, then Live again', async ({ page, request, pageErrors }) => {
    const writer = await ownerWriter(request);
    const agent = await createAgent(writer, 'Refused', '100.00');
    let refusals = 0;
    await page.route('**/api/events*', async (route) => {
      if (refusals >= 2) return route.continue();
      refusals += 1;
      await route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'close another tab or screen', code: 'RATE_LIMITED' }),
      });
    });
    await signInAs(page);
    await page.goto('/');
    await expect(liveStatus(page)).toHaveText('Reconnecting…');
    await expect(liveStatus(page)).toHaveText('Live', { timeout: 15_000 });
    expect(refusals).toBe(2);

    await addIncome(writer, agent.id, '55.00', 'After the retry');
    await expect(recentTransactions(page).first()).toContainText('After the retry');
    expectConsoleErrors(pageErrors, /status of 429/);
  });
});
