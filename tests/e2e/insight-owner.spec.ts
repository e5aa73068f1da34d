// Insight for owners (docs/product.md §12.14; docs/decisions/0024-charts.md): the overview's team income by week and month, agents
// by tier and the month's biggest movers; and one agent's page, opened from the Agents tab, with its figures, history,
// entries by days, tiers reached and claims, following live updates. Every chart reads the same as its table.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { AgentDetail, LeaderboardBoardPage, TierDistribution, Trend } from '../../contract/insight';
import type { TierSetting } from '../../contract/tiers';
import {
  addIncome,
  claimTierReward,
  createAgent,
  expectConsoleErrors,
  expectNoHorizontalOverflow,
  openTab,
  searchAgents,
} from './support/helpers';
import { expect, expectNoAxeViolations, signInAgent, signInAs, test } from './support/fixtures';

const money = (amount: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));
const monthShort = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
/** A trend point's label as the charts write it in en-US: "Nov 16" for a week, "Nov" for a month. */
const pointLabel = (start: string, granularity: Trend['granularity']) =>
  granularity === 'week' ? `${monthShort(start)} ${Number(start.slice(8, 10))}` : monthShort(start);
/** Every bar's accessible name, oldest first: "Nov 16: $1,200.00". */
const barNames = (trend: Trend) => trend.points.map((point) => `${pointLabel(point.start, trend.granularity)}: ${money(point.income)}`);

/** A local day (the e2e server's organisation time zone is UTC) `days` before today. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** The bars of the chart in `region`, once drawn. */
const bars = (region: Locator) => region.getByRole('group').getByRole('img');

/** The chart's table view shows the same values as the bars, in the same order. */
async function expectTableOf(region: Locator, caption: string, trend: Trend) {
  const table = region.getByRole('table', { name: caption });
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(trend.points.length + 1);
  await expect(table.getByRole('rowheader')).toHaveText(trend.points.map((point) => pointLabel(point.start, trend.granularity)));
  await expect(table.getByRole('cell')).toHaveText(trend.points.map((point) => money(point.income)));
}

async function recordOn(request: APIRequestContext, agentId: number, amount: string, day: string) {
  const response = await request.post('/api/income-entries', { data: { agentId, amount, description: `Entry of ${day}`, date: `${day}T12:00:00Z` } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

const regionOf = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('the overview charts', () => {
  test('team income by week and month, reachable by keyboard and the same as its table', async ({ page }) => {
    await signInAs(page);
    await page.goto('/');
    const weeks = await getJson<Trend>(page.request, '/api/owner/trends?granularity=week&count=12');
    const income = regionOf(page, 'Team income');
    await expect(income.getByRole('heading', { level: 3, name: 'Team income' })).toBeVisible();
    await expect(income.getByRole('radio', { name: 'Week' })).toBeChecked();
    await expect(bars(income)).toHaveCount(12);
    // Each bar is named by its week and its income, oldest first.
    const names = barNames(weeks);
    for (const [index, name] of names.entries()) await expect(bars(income).nth(index)).toHaveAttribute('aria-label', name);

    // The first bar follows the table button in the tab order; the arrow keys, Home and End move between the bars.
    await income.getByRole('button', { name: 'Show as table' }).focus();
    await page.keyboard.press('Tab');
    await expect(income.getByRole('img', { name: names[0] })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(income.getByRole('img', { name: names[1] })).toBeFocused();
    await page.keyboard.press('End');
    await expect(income.getByRole('img', { name: names[11] })).toBeFocused();
    await expectNoAxeViolations(page);

    // The text alternative: the same periods and values as a table.
    await income.getByRole('button', { name: 'Show as table' }).click();
    await expect(income.getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-pressed', 'true');
    await expectTableOf(income, 'Team income by week', weeks);
    await expectNoAxeViolations(page);

    // By month: twelve months, the table still on.
    const months = await getJson<Trend>(page.request, '/api/owner/trends?granularity=month&count=12');
    await income.getByRole('radio', { name: 'Month' }).check();
    await expectTableOf(income, 'Team income by month', months);
    await income.getByRole('button', { name: 'Show as table' }).click();
    await expect(bars(income)).toHaveCount(12);
    for (const [index, name] of barNames(months).entries()) await expect(bars(income).nth(index)).toHaveAttribute('aria-label', name);
  });

  test('agents by tier in the tiers’ colours, and the biggest movers of the month with their growth', async ({ page }) => {
    await signInAs(page);
    await page.goto('/');
    const distribution = await getJson<TierDistribution>(page.request, '/api/owner/tier-distribution');
    const tiers = await getJson<TierSetting[]>(page.request, '/api/tier-settings');

    // A list that reads the same without its bars: "No tier yet" first, then every tier by order, each with its count.
    const byTier = regionOf(page, 'Agents by tier').getByRole('list', { name: 'Agents by highest tier reached' }).getByRole('listitem');
    await expect(byTier).toHaveText([
      `No tier yet: ${distribution.none}`,
      ...[...distribution.tiers].sort((a, b) => a.order - b.order).map((tier) => `${tier.name}: ${tier.agents}`),
    ]);
    const gold = tiers.find((tier) => tier.name === 'Gold')!;
    const goldBar = byTier.filter({ hasText: 'Gold' }).locator('span[aria-hidden="true"] > span');
    const rgb = await goldBar.evaluate((element) => getComputedStyle(element).backgroundColor);
    const hex = gold.color.replace('#', '');
    expect(rgb).toBe(`rgb(${[0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`);

    // The top five of this month's growth board: name (a link to the agent), growth, and last month's income to this one's.
    const board = await getJson<LeaderboardBoardPage>(page.request, '/api/owner/leaderboard?period=month&mode=growth&limit=5');
    const movers = regionOf(page, 'Biggest movers this month').getByRole('listitem');
    await expect(movers).toHaveCount(board.agents.length);
    for (const [index, agent] of board.agents.entries()) {
      const row = movers.nth(index);
      await expect(row.getByRole('link', { name: agent.name })).toHaveAttribute('href', `/dashboard/agents/${agent.id}`);
      await expect(row).toContainText(`${Number(agent.growth) > 0 ? '+' : ''}${agent.growth}%`);
      await expect(row).toContainText(`Last month ${money(agent.previousIncome!)}`);
      await expect(row).toContainText(`this month ${money(agent.periodIncome)}`);
    }
    // The names of Recent Transactions lead to the agents' pages too.
    const firstEntry = page.getByRole('list', { name: 'Recent Transactions' }).getByRole('listitem').first();
    await expect(firstEntry.getByRole('link')).toHaveAttribute('href', /^\/dashboard\/agents\/\d+$/);
    await expectNoAxeViolations(page);

    // 375 px wide: the cards fit, nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(bars(regionOf(page, 'Team income'))).toHaveCount(12);
    await expectNoHorizontalOverflow(page);
  });

  test('the biggest movers say so when nobody earned $1,000 last month', async ({ page }) => {
    await signInAs(page);
    const growthBoard = (url: URL) => url.pathname === '/api/owner/leaderboard' && url.searchParams.get('mode') === 'growth';
    await page.route(growthBoard, async (route) => {
      const real = (await (await route.fetch()).json()) as LeaderboardBoardPage;
      await route.fulfill({ json: { ...real, agents: [], total: 0 } });
    });
    await page.goto('/');
    const movers = regionOf(page, 'Biggest movers this month');
    await expect(movers.getByText('No movers yet')).toBeVisible();
    await expect(movers.getByText(/Agents who earned at least \$1,000 last month appear here/)).toBeVisible();
    await expect(movers.getByRole('listitem')).toHaveCount(0);
  });
});

test.describe("an agent's page", () => {
  test('opens from the Agents tab with its figures, history, entries by days, tiers and claims, and follows live updates', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await signInAs(page);
    // $6,000 forty days ago, $5,000 today and a $500 deduction today that is voided; ten small entries to page through.
    const agent = await createAgent(page.request, 'Detail');
    const earlyDay = daysAgo(40);
    await recordOn(page.request, agent.id, '6000.00', earlyDay);
    await addIncome(page.request, agent.id, '5000.00', 'Big deal');
    const deduction = await addIncome(page.request, agent.id, '-500.00', 'Chargeback');
    const voided = await page.request.post(`/api/income-entries/${deduction.id}/void`, { data: { reason: 'Entered twice' } });
    expect(voided.status(), await voided.text()).toBe(200);
    for (let i = 0; i < 8; i++) await addIncome(page.request, agent.id, '10.00', `Small ${i}`);
    // The agent claims Starter's reward.
    await signInAgent(request, agent);
    const rewardTitle = await claimTierReward(request, agent, 'Starter');

    await page.goto('/');
    await openTab(page, 'Agents');
    await searchAgents(page, agent.name);
    await page.getByRole('link', { name: agent.name }).click();
    await expect(page).toHaveURL(`/dashboard/agents/${agent.id}`);
    await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeFocused();
    const detail = await getJson<AgentDetail>(page.request, `/api/agents/${agent.id}`);

    // Figures: total, this week, month and year.
    const figure = (label: string) => page.locator('dl dt', { hasText: label }).locator('xpath=following-sibling::dd');
    await expect(figure('Total income')).toHaveText('$11,080.00');
    await expect(figure('This week')).toHaveText(money(detail.agent.weeklyIncome));
    await expect(figure('This month')).toHaveText(money(detail.agent.monthlyIncome));
    await expect(figure('This year')).toHaveText(money(detail.agent.yearlyIncome));

    // History: twelve weeks, then twelve months, each the same as its table.
    const history = regionOf(page, 'Income history');
    const weeks = await getJson<Trend>(page.request, `/api/agents/${agent.id}/history?granularity=week&count=12`);
    await expect(bars(history)).toHaveCount(12);
    await expect(bars(history).last()).toHaveAttribute('aria-label', barNames(weeks)[11]!);
    await history.getByRole('radio', { name: 'Month' }).check();
    const months = await getJson<Trend>(page.request, `/api/agents/${agent.id}/history?granularity=month&count=12`);
    await expect(bars(history).last()).toHaveAttribute('aria-label', barNames(months)[11]!);
    await history.getByRole('button', { name: 'Show as table' }).click();
    await expectTableOf(history, 'Income history by month', months);

    // Tiers reached, the highest first, each with its colour and day.
    const tierRows = regionOf(page, 'Tiers reached').getByRole('listitem');
    await expect(tierRows).toHaveCount(detail.tiers.length);
    await expect(tierRows.first()).toContainText('Bronze');
    await expect(tierRows.last()).toContainText('Starter');
    await expect(tierRows.first()).toContainText('Reached');
    // Claims with where each stands.
    const claims = regionOf(page, 'Reward claims').getByRole('listitem');
    await expect(claims).toHaveCount(1);
    await expect(claims.first()).toContainText(rewardTitle);
    await expect(claims.first()).toContainText('Starter');
    await expect(claims.first()).toContainText('PENDING');
    await expectNoAxeViolations(page);

    // Entries: twelve (the voided deduction and its reversal included), ten a page, newest first.
    const entries = regionOf(page, 'Income entries');
    const rows = entries.getByRole('list').getByRole('listitem');
    await expect(rows).toHaveCount(10);
    await expect(entries.getByText('Entries 1–10')).toBeVisible();
    await entries.getByRole('button', { name: 'Next' }).click();
    await expect(entries.getByText('Entries 11–12')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.last()).toContainText('+$6,000.00');
    await entries.getByRole('button', { name: 'Previous' }).click();
    await expect(rows.filter({ hasText: 'Voided' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Voided' })).toContainText('Entered twice');
    await expect(rows.filter({ hasText: `Reversal of entry #${deduction.id}` })).toHaveCount(1);

    // Narrowed to the day of the first entry; a From after the To is refused before asking.
    await entries.getByLabel('From').fill(earlyDay);
    await entries.getByLabel('To').fill(earlyDay);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('+$6,000.00');
    await expect(entries.getByText('Entries 1–1')).toBeVisible();
    await entries.getByLabel('From').fill(daysAgo(0));
    await expect(entries.getByRole('alert')).toHaveText('The From date must be on or before the To date.');
    await entries.getByRole('button', { name: 'Clear dates' }).click();
    await expect(entries.getByLabel('From')).toBeFocused();
    await expect(rows).toHaveCount(10);
    await expectNoAxeViolations(page);

    // An entry recorded elsewhere shows without a reload: figures, history and entries.
    await expect(page.getByRole('status', { name: 'Live updates' })).toHaveText('Live');
    await signInAs(request);
    await addIncome(request, agent.id, '250.00', 'Recorded elsewhere');
    await expect(figure('Total income')).toHaveText('$11,330.00');
    await expect(rows.first()).toContainText('Recorded elsewhere');

    // Back returns to the Agents tab it came from.
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('tab', { name: 'Agents', exact: true })).toHaveAttribute('aria-selected', 'true');
  });

  test('reads well at 375 px, and says when the agent does not exist', async ({ page, pageErrors }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Narrow', '1500.00');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/dashboard/agents/${agent.id}`);
    await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();
    await expect(bars(regionOf(page, 'Income history'))).toHaveCount(12);
    await expect(regionOf(page, 'Tiers reached').getByText('No tier yet')).toBeVisible();
    await expect(regionOf(page, 'Reward claims').getByText('No claims yet')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    await page.goto('/dashboard/agents/999999');
    await expect(page.getByText('Agent not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/');
    expectConsoleErrors(pageErrors, /status of 404/);
  });
});

test.describe('the agent’s own income chart', () => {
  test('shows the agent’s income by week and month on the tier dashboard, as bars and as the same table', async ({ page, request }) => {
    await signInAs(request);
    const agent = await createAgent(request, 'Charted');
    await recordOn(request, agent.id, '1200.00', daysAgo(0));
    await recordOn(request, agent.id, '300.00', daysAgo(14));
    await signInAgent(page.request, agent);
    await page.goto('/agent/dashboard');
    const chart = regionOf(page, 'My income');
    await expect(chart.getByRole('heading', { level: 2, name: 'My income' })).toBeVisible();
    const weeks = await getJson<Trend>(page.request, '/api/agents/me/history?granularity=week&count=12');
    expect(weeks.points.map((point) => point.income).filter((income) => income !== '0.00')).toEqual(['300.00', '1200.00']);
    await expect(bars(chart)).toHaveCount(12);
    for (const [index, name] of barNames(weeks).entries()) await expect(bars(chart).nth(index)).toHaveAttribute('aria-label', name);
    await chart.getByRole('button', { name: 'Show as table' }).click();
    await expectTableOf(chart, 'My income by week', weeks);
    const months = await getJson<Trend>(page.request, '/api/agents/me/history?granularity=month&count=12');
    await chart.getByRole('radio', { name: 'Month' }).check();
    await expectTableOf(chart, 'My income by month', months);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
  });
});
