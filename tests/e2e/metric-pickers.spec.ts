// Metric pickers (docs/decisions/0072-metrics-and-activities.md) on the boards that showed only profit: the history chart
// of an agent's page (staff) and the agent's "My rank" card. Profit first; a count metric reads as whole numbers, a
// money metric as money; an inactive metric is not offered, and with no active metric besides profit there is no
// picker; axe, 1280 and 375 px with a 60-character metric name. Metrics are never deleted: afterAll makes the ones this
// file uses inactive and gives the long name a short one, as metrics.spec.ts does, so that the specs after this one see
// no Record Activity button and no picker from them.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Metric, MetricUnit } from '../../contract/metrics';
import { createAgent, expectNoHorizontalOverflow, expectWithinViewport, type TestAgent } from './support/helpers';
import { collectPageErrors, expect, expectNoAxeViolations, signInAgent, signInAs, test } from './support/fixtures';

type MetricDefinition = { key: string; name: string; unit: MetricUnit; agentsMayRecord: boolean };

const VISITS: MetricDefinition = { key: 'site-visits', name: 'Site visits', unit: 'count', agentsMayRecord: false };
const DEALS: MetricDefinition = { key: 'deal-value', name: 'Deal value', unit: 'money', agentsMayRecord: false };
/** 60 characters, the longest name there can be: the picker must not push a card sideways on a phone. */
const LONG: MetricDefinition = { key: 'picker-long', name: 'Signed statements of work with a named executive sponsor too', unit: 'count', agentsMayRecord: false };
const USED = [VISITS, DEALS, LONG];

async function readMetrics(request: APIRequestContext): Promise<Metric[]> {
  const response = await request.get('/api/metrics');
  expect(response.status()).toBe(200);
  return (await response.json()) as Metric[];
}

/** The metric made, or made active and so named, as the owner the request context is signed in as. */
async function ensureMetric(request: APIRequestContext, metric: MetricDefinition) {
  const found = (await readMetrics(request)).find((one) => one.key === metric.key);
  if (!found) {
    const response = await request.post('/api/metrics', { data: metric });
    expect(response.status(), await response.text()).toBe(201);
  } else if (!found.active || found.name !== metric.name) {
    const response = await request.patch(`/api/metrics/${metric.key}`, { data: { active: true, name: metric.name } });
    expect(response.status(), await response.text()).toBe(200);
  }
}

async function setActive(request: APIRequestContext, key: string, active: boolean) {
  const response = await request.patch(`/api/metrics/${key}`, { data: { active } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Records an activity now, as the owner the request context is signed in as. */
async function recordActivity(request: APIRequestContext, agent: TestAgent, metric: MetricDefinition, value: number | string) {
  const response = await request.post('/api/activities', { data: { agentId: agent.id, metric: metric.key, value } });
  expect(response.status(), await response.text()).toBe(201);
}

test.afterAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signInAs(request);
  for (const metric of await readMetrics(request)) {
    const used = USED.find((one) => one.key === metric.key);
    if (!used) continue;
    const update = { ...(metric.active ? { active: false } : {}), ...(metric.name.length > 20 ? { name: metric.key } : {}) };
    if (Object.keys(update).length > 0) expect((await request.patch(`/api/metrics/${metric.key}`, { data: update })).status()).toBe(200);
  }
  await request.dispose();
});

const regionOf = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const pickerIn = (region: Locator) => region.getByLabel('Metric', { exact: true });
/** The bars of the chart in `region`, once drawn, and its axis' tick labels. */
const bars = (region: Locator) => region.getByRole('group').getByRole('img');
const ticks = (region: Locator) => region.locator('svg text[text-anchor="end"]');
const rankCard = (page: Page) => page.getByRole('region', { name: 'My rank' });

/** Waits until the metrics are read, so that a picker that is not there is not merely still loading. */
const metricsRead = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/api/metrics') && response.ok());

/** A screenshot into the test's output directory: of the card alone, readable at 375 px, or of the whole page. */
const shot = (page: Page, name: string, card?: Locator) =>
  (card ?? page).screenshot({ path: test.info().outputPath(`${name}.png`), ...(card ? {} : { fullPage: true }) });

test.describe('metric pickers', () => {
  test("an agent's history on its page: profit, then a count as whole numbers and money as money, following new activities", async ({ page, request }) => {
    await signInAs(page);
    await ensureMetric(page.request, VISITS);
    await ensureMetric(page.request, DEALS);
    const agent = await createAgent(page.request, 'Visitor', '1500.00');
    await recordActivity(page.request, agent, VISITS, 1);
    await recordActivity(page.request, agent, VISITS, 1);
    await recordActivity(page.request, agent, DEALS, '2500.50');

    await page.goto(`/dashboard/agents/${agent.id}`);
    const income = regionOf(page, 'Income history');
    await expect(pickerIn(income)).toHaveValue('profit');
    await expect(pickerIn(income).locator('option')).toContainText(['Profit', 'Site visits', 'Deal value']);
    await expect(income).toContainText('$1,500.00 in the last 12 weeks');
    await expect(bars(income)).toHaveCount(12);

    // Site visits: two this week, written "2" (not "$2.00"), on an axis of whole numbers.
    await pickerIn(income).selectOption({ label: 'Site visits' });
    const visits = regionOf(page, 'Site visits history');
    await expect(visits.getByRole('heading', { level: 2, name: 'Site visits history' })).toBeVisible();
    await expect(visits).toContainText("The agent's Site visits per week.");
    await expect(visits).toContainText(/2 Site visits in the last 12 weeks; the most in the week of .+: 2\./);
    await expect(bars(visits).last()).toHaveAttribute('aria-label', /: 2$/);
    await expect(ticks(visits)).toHaveText(['0', '1', '2']);
    await expect(visits).not.toContainText('$');
    await visits.getByRole('button', { name: 'Show as table' }).click();
    const table = visits.getByRole('table', { name: 'Site visits history by week' });
    await expect(table.getByRole('columnheader')).toHaveText(['Week of', 'Site visits']);
    await expect(table.getByRole('cell').last()).toHaveText('2');
    await expect(table).not.toContainText('.00');
    await expectNoAxeViolations(page);

    // A visit recorded elsewhere shows without a reload.
    await expect(page.getByRole('status', { name: 'Live updates' })).toHaveText('Live');
    await signInAs(request);
    await recordActivity(request, agent, VISITS, 1);
    await expect(table.getByRole('cell').last()).toHaveText('3');
    await expect(visits).toContainText('3 Site visits in the last 12 weeks');

    // Deal value: money, by month too.
    await pickerIn(visits).selectOption({ label: 'Deal value' });
    const deals = regionOf(page, 'Deal value history');
    await deals.getByRole('radio', { name: 'Month' }).check();
    await expect(deals.getByRole('table', { name: 'Deal value history by month' }).getByRole('cell').last()).toHaveText('$2,500.50');
    await expect(deals).toContainText('$2,500.50 in the last 12 months');

    // Back to profit: the agent's income again.
    await pickerIn(deals).selectOption({ label: 'Profit' });
    await expect(regionOf(page, 'Income history')).toContainText('$1,500.00 in the last 12 months');
  });

  test('the agent’s rank by a metric: its place, its figure and its neighbours’ in the metric’s unit', async ({ page, request }) => {
    await signInAs(request);
    await ensureMetric(request, VISITS);
    await ensureMetric(request, DEALS);
    const me = await createAgent(request, 'Ranked', '100.00');
    const ahead = await createAgent(request, 'Ahead');
    const behind = await createAgent(request, 'Behind');
    await recordActivity(request, ahead, VISITS, 40);
    await recordActivity(request, me, VISITS, 30);
    await recordActivity(request, behind, VISITS, 20);
    await recordActivity(request, me, DEALS, '1200.50');

    await signInAgent(page.request, me);
    await page.goto('/agent/dashboard');
    const card = rankCard(page);
    await expect(pickerIn(card)).toHaveValue('profit');
    await expect(card).toContainText('$100.00 earned this month');

    await pickerIn(card).selectOption({ label: 'Site visits' });
    await expect(card).toContainText(/The team's board of Site visits for \w+ \d{4}\./);
    await expect(card).toContainText('30 Site visits this month');
    await expect(card).toContainText('New on the board: no Site visits last month');
    await expect(card).toHaveAttribute('aria-busy', 'false');
    const rows = card.getByRole('list').getByRole('listitem');
    const mine = card.locator('li[aria-current="true"]');
    await expect(mine).toContainText('Rank 2');
    await expect(mine).toContainText(/30$/);
    await expect(rows.filter({ hasText: 'Rank 1' })).toContainText(/40$/);
    await expect(rows.filter({ hasText: 'Rank 3' })).toContainText(/20$/);
    await expect(card).not.toContainText('$');
    await expect(card).not.toContainText('.00');
    await expectNoAxeViolations(page);

    await pickerIn(card).selectOption({ label: 'Deal value' });
    await expect(card).toContainText('$1,200.50 Deal value this month');
    await expect(card.locator('[aria-current="true"]')).toContainText('$1,200.50');

    await pickerIn(card).selectOption({ label: 'Profit' });
    await expect(card).toContainText('$100.00 earned this month');
    await expect(card).toContainText(/The team's board for \w+ \d{4}\./);
  });

  test('the overview’s team chart, the team board and the agent’s own chart take a metric too', async ({ page, browser }) => {
    await signInAs(page);
    await ensureMetric(page.request, VISITS);
    const first = await createAgent(page.request, 'Teamvisit');
    const second = await createAgent(page.request, 'Teamvisit');
    const team = await page.request.post('/api/teams', { data: { name: `Visits team ${Date.now()}`, agentIds: [first.id, second.id] } });
    expect(team.status(), await team.text()).toBe(201);
    const teamName = ((await team.json()) as { name: string }).name;
    await recordActivity(page.request, first, VISITS, 2);
    await recordActivity(page.request, second, VISITS, 3);

    await page.goto('/');
    const teamIncome = regionOf(page, 'Team income');
    await expect(pickerIn(teamIncome)).toHaveValue('profit');
    await pickerIn(teamIncome).selectOption({ label: 'Site visits' });
    const teamVisits = regionOf(page, 'Team Site visits');
    await expect(teamVisits).toContainText('Site visits recorded for the whole team, per week.');
    await expect(teamVisits).not.toContainText('$');

    await page.getByRole('tab', { name: 'Teams', exact: true }).click();
    const board = page.getByRole('region', { name: 'Team against team' }).or(page.getByRole('region', { name: 'Your teams' }));
    await page.getByRole('main').getByLabel('Metric', { exact: true }).last().selectOption({ label: 'Site visits' });
    const row = page.getByRole('table', { name: 'Team against team' }).getByRole('row').filter({ hasText: teamName });
    await expect(page.getByRole('table', { name: 'Team against team' }).getByRole('columnheader')).toContainText(['Site visits']);
    await expect(row).toContainText('5');
    await expect(row).toContainText('2.5');
    await expect(board).not.toContainText('$');
    await expectNoAxeViolations(page);

    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    await signInAgent(agentPage.request, second);
    await agentPage.goto('/agent/dashboard');
    const mine = regionOf(agentPage, 'My income');
    await pickerIn(mine).selectOption({ label: 'Site visits' });
    const myVisits = regionOf(agentPage, 'My Site visits');
    await expect(myVisits).toContainText('Your Site visits per week, the last 12.');
    await expect(myVisits).toContainText(/3 Site visits in the last 12 weeks/);
    await agentContext.close();
  });

  test('an inactive metric is not offered, and with none active besides profit there is no picker', async ({ page, browser, pageErrors }) => {
    await signInAs(page);
    await ensureMetric(page.request, VISITS);
    await ensureMetric(page.request, DEALS);
    const agent = await createAgent(page.request, 'Pickless', '50.00');
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    collectPageErrors(agentPage, pageErrors);
    await signInAgent(agentPage.request, agent);
    const active = (await readMetrics(page.request)).filter((metric) => !metric.builtIn && metric.active);
    try {
      await setActive(page.request, DEALS.key, false);
      await page.goto(`/dashboard/agents/${agent.id}`);
      const options = pickerIn(regionOf(page, 'Income history')).locator('option');
      await expect(options).toContainText(['Profit', 'Site visits']);
      await expect(options.filter({ hasText: 'Deal value' })).toHaveCount(0);

      for (const metric of active) await setActive(page.request, metric.key, false);
      const read = metricsRead(page);
      await page.reload();
      await read;
      await expect(bars(regionOf(page, 'Income history'))).toHaveCount(12);
      await expect(page.getByLabel('Metric', { exact: true })).toHaveCount(0);

      const agentRead = metricsRead(agentPage);
      await agentPage.goto('/agent/dashboard');
      await agentRead;
      await expect(rankCard(agentPage)).toContainText('$50.00 earned this month');
      await expect(pickerIn(rankCard(agentPage))).toHaveCount(0);
    } finally {
      for (const metric of active) await setActive(page.request, metric.key, true);
      await agentContext.close();
    }
  });

  test('axe, 1280 and 375 px: both pickers with a 60-character metric name among the choices', async ({ page, browser, pageErrors }) => {
    test.setTimeout(60_000);
    await signInAs(page);
    for (const metric of USED) await ensureMetric(page.request, metric);
    const agent = await createAgent(page.request, 'Narrow', '750.00');
    await recordActivity(page.request, agent, VISITS, 3);
    await recordActivity(page.request, agent, LONG, 2);

    await page.goto(`/dashboard/agents/${agent.id}`);
    await pickerIn(regionOf(page, 'Income history')).selectOption({ label: 'Site visits' });
    await expect(bars(regionOf(page, 'Site visits history')).last()).toHaveAttribute('aria-label', /: 3$/);
    await expectNoAxeViolations(page);
    await shot(page, 'agent-history-metric-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await pickerIn(regionOf(page, 'Site visits history')).selectOption({ label: LONG.name });
    const long = regionOf(page, `${LONG.name} history`);
    await expect(bars(long).last()).toHaveAttribute('aria-label', /: 2$/);
    await expectWithinViewport(page, long);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await shot(page, 'agent-history-metric-375', long);

    const agentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const agentPage = await agentContext.newPage();
    collectPageErrors(agentPage, pageErrors);
    try {
      await signInAgent(agentPage.request, agent);
      await agentPage.goto('/agent/dashboard');
      const card = rankCard(agentPage);
      await pickerIn(card).selectOption({ label: 'Site visits' });
      await expect(card).toContainText('3 Site visits this month');
      await expectNoAxeViolations(agentPage);
      await card.scrollIntoViewIfNeeded();
      await shot(agentPage, 'my-rank-metric-1280');
      await agentPage.setViewportSize({ width: 375, height: 800 });
      await pickerIn(card).selectOption({ label: LONG.name });
      await expect(card).toContainText(`2 ${LONG.name} this month`);
      await expectWithinViewport(agentPage, card);
      await expectNoHorizontalOverflow(agentPage);
      await expectNoAxeViolations(agentPage);
      await shot(agentPage, 'my-rank-metric-375', card);
    } finally {
      await agentContext.close();
    }
  });
});
