import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { pseudoText } from '../../web/src/lib/i18n/pseudo';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { addIncomeAsOwner, registerAgentViaApi, type TestAgent } from './support/helpers';

// docs/product.md §12.22: the boards' shared parts (components/boards: a rank's movement; components/insight: the trend
// card and the Metric select; components/charts: the bar chart; lib/periods: the periods' words) in German and in the
// pseudo-locale (English accented, ~40% longer, in brackets) at 375 px, on the agent's dashboard (rank card, income
// chart) and the owner's (a trend card, the leaderboard with its period switch): nothing wider than the screen, none of
// those parts cut off, axe clean, screenshots kept. The cards around them belong to other folders and may still be
// English: they are found by what these parts say, and the owner's tabs by their English or translated names.

const METRIC = { key: 'lang-boards-calls', name: 'Calls', unit: 'count', agentsMayRecord: false } as const;

/** A count metric besides profit, so that every board offers the Metric select; made inactive again after the file. */
async function ensureMetric(request: APIRequestContext, active: boolean) {
  const metrics = (await (await request.get('/api/metrics')).json()) as { key: string; active: boolean }[];
  const found = metrics.find((metric) => metric.key === METRIC.key);
  if (!found && active) expect((await request.post('/api/metrics', { data: METRIC })).status()).toBe(201);
  else if (found && found.active !== active) expect((await request.patch(`/api/metrics/${METRIC.key}`, { data: { active } })).status()).toBe(200);
}

test.afterAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signInAs(request);
  await ensureMetric(request, false);
  expect((await request.patch('/api/auth/user', { data: { language: null } })).status()).toBe(200);
  await request.dispose();
});

/** Elements inside `root` whose text is wider than their box and not allowed to scroll (cut off), by their text. */
const cutOffIn = (root: Locator) =>
  root.evaluate((element) =>
    [element, ...element.querySelectorAll<HTMLElement>('h1, h2, h3, h4, p, a, button, label, legend, li, span, th, td, caption, select, [role="heading"]')]
      .filter((node): node is HTMLElement => node instanceof HTMLElement)
      .filter((node) => {
        const style = getComputedStyle(node);
        // Text for screen readers only (a 1 px box) is not shown at all.
        if (node.clientWidth <= 1) return false;
        return node.scrollWidth > node.clientWidth + 1 && style.overflowX !== 'auto' && style.overflowX !== 'scroll';
      })
      .map((node) => node.textContent?.trim().slice(0, 60)),
  );

async function expectUnbroken(page: Page, name: string, parts: Locator[]) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page scrolls sideways').toBe(true);
  for (const part of parts) expect(await cutOffIn(part)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${name}-375.png`), fullPage: true });
  // Each part alone too, readable at its size.
  for (const [index, part] of parts.entries()) await part.screenshot({ path: test.info().outputPath(`${name}-part${index + 1}-375.png`) });
  await expectNoAxeViolations(page);
}

/** The card (region) holding a trend card's Week/Month switch, found by the switch's legend ("… nach"). */
const trendCard = (page: Page, legend: RegExp) => page.getByRole('region').filter({ has: page.getByRole('group', { name: legend }) }).last();

/** An agent with income this month only: new on every board, so its movement is "new". Signed in on the page. */
let added = 0;
async function newAgent(page: Page, request: APIRequestContext, tag: string): Promise<TestAgent> {
  const agent = await registerAgentViaApi(page.request, tag, 'Greta');
  // First on the owner's board (above any other spec's agent but owner-dashboard's $90M leader), and never the same
  // amount twice: that leaderboard test expects no tie among its first places.
  added += 1;
  await addIncomeAsOwner(request, agent.id, `${9_000_000 + added * 1_013}.37`);
  await ensureMetric(request, true);
  return agent;
}

const escape = (text: string) => text.replace(/[[\]().*+?^$|\\]/g, '\\$&');

/** A tab of the owner's dashboard by its English or translated name. */
const tab = (page: Page, ...names: string[]) => page.getByRole('tab', { name: new RegExp(`^\\[?(${names.map(escape).join('|')})\\]?$`) });

test.describe('the boards in other languages', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the agent's rank card and income chart in German at 375 px", async ({ page, request }) => {
    await newAgent(page, request, 'lang-boards-de');
    expect((await page.request.patch('/api/agents/me', { data: { language: 'de' } })).status()).toBe(200);
    await page.goto('/agent/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    const rank = page.getByRole('region', { name: 'Mein Rang' });
    await expect(rank).toContainText('Neu in der Rangliste: im Vormonat ohne Einkommen');
    await expect(rank.getByLabel('Kennzahl', { exact: true })).toBeVisible();

    const income = trendCard(page, /^Mein Einkommen nach$/);
    await expect(income.getByRole('radio', { name: 'Woche' })).toBeChecked();
    await expect(income).toContainText(/in den letzten 12 Wochen; am meisten in der Woche vom \d+\. \S+ \d{4}: /);
    await expect(income.getByRole('group', { name: 'Mein Einkommen pro Woche' })).toBeVisible();
    await expect(income.getByLabel('Kennzahl', { exact: true })).toBeVisible();
    await expectUnbroken(page, 'boards-agent-de', [rank, income]);

    await income.getByRole('radio', { name: 'Monat' }).check();
    await expect(income).toContainText(/in den letzten 12 Monaten; am meisten im \S+ \d{4}: /);
    await income.getByRole('button', { name: 'Als Tabelle zeigen' }).click();
    await expect(income.getByRole('table', { name: 'Mein Einkommen pro Monat' })).toBeVisible();
    await expect(income.getByRole('columnheader', { name: 'Monat' })).toBeVisible();
    await expect(income.getByRole('columnheader', { name: 'Einkommen' })).toBeVisible();
    await expectUnbroken(page, 'boards-agent-table-de', [rank, income]);
  });

  test("the agent's rank card and income chart in the pseudo-locale at 375 px", async ({ page, request }) => {
    await newAgent(page, request, 'lang-boards-pseudo');
    await page.goto('/agent/dashboard?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');

    const rank = page.getByRole('region', { name: `[${pseudoText('My rank')}]` });
    await expect(rank).toContainText(pseudoText('New on the board: no'));
    await expect(rank).toContainText(pseudoText('last month'));
    await expect(rank.getByLabel(`[${pseudoText('Metric')}]`, { exact: true })).toBeVisible();

    const income = trendCard(page, new RegExp(`${escape(pseudoText(' by'))}\\]$`));
    await expect(income).toContainText(pseudoText('the last 12 weeks'));
    // A placeholder's own words are in their own brackets: "…; the most [in the week of …]".
    await expect(income).toContainText(pseudoText('the most'));
    await expect(income).toContainText(pseudoText('in the week of'));
    await expectUnbroken(page, 'boards-agent-pseudo', [rank, income]);

    await income.getByRole('radio', { name: `[${pseudoText('Month')}]` }).check();
    await expect(income).toContainText(pseudoText('the last 12 months'));
    await income.getByRole('button', { name: `[${pseudoText('Show as table')}]` }).click();
    await expect(income.getByRole('columnheader', { name: `[${pseudoText('Month')}]` })).toBeVisible();
    await expectUnbroken(page, 'boards-agent-table-pseudo', [rank, income]);
  });

  test("the owner's trend card and leaderboard in German at 375 px", async ({ page, request }) => {
    await newAgent(page, request, 'lang-boards-owner-de');
    await signInAs(page);
    expect((await page.request.patch('/api/auth/user', { data: { language: 'de' } })).status()).toBe(200);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    const trend = trendCard(page, / nach$/);
    await expect(trend.getByRole('radio', { name: 'Woche' })).toBeChecked();
    await expect(trend).toContainText(/in den letzten 12 Wochen; am meisten in der Woche vom /);
    await expect(trend.getByLabel('Kennzahl', { exact: true })).toBeVisible();
    await trend.getByRole('radio', { name: 'Monat' }).check();
    await expect(trend).toContainText(/in den letzten 12 Monaten; am meisten im /);
    await expectUnbroken(page, 'boards-owner-overview-de', [trend]);

    await tab(page, 'Leaderboard', 'Rangliste').click();
    const board = page.locator('section[aria-labelledby="leaderboard-heading"]');
    const firstRow = board.locator('ol[aria-labelledby="leaderboard-heading"] > li').first();
    await expect(firstRow).toContainText('Neu in der Rangliste: im Vormonat ohne');
    await expect(board.getByLabel('Kennzahl', { exact: true })).toBeVisible();
    await board.getByRole('radio', { name: /^(Woche|Week)$/ }).check();
    await expect(board.getByRole('group').filter({ hasText: /Woche vom \d+\. \S+ \d{4}/ }).first()).toBeVisible();
    await expect(firstRow).toContainText('Neu in der Rangliste: in der Vorwoche ohne');
    await expect(board.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectUnbroken(page, 'boards-owner-leaderboard-de', [board]);
  });

  test("the owner's trend card and leaderboard in the pseudo-locale at 375 px", async ({ page, request }) => {
    await newAgent(page, request, 'lang-boards-owner-pseudo');
    await signInAs(page);
    await page.goto('/?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');

    const trend = trendCard(page, new RegExp(`${escape(pseudoText(' by'))}\\]$`));
    await expect(trend).toContainText(pseudoText('the last 12 weeks'));
    await expect(trend.getByLabel(`[${pseudoText('Metric')}]`, { exact: true })).toBeVisible();
    await expectUnbroken(page, 'boards-owner-overview-pseudo', [trend]);

    await tab(page, 'Leaderboard', pseudoText('Leaderboard')).click();
    const board = page.locator('section[aria-labelledby="leaderboard-heading"]');
    const firstRow = board.locator('ol[aria-labelledby="leaderboard-heading"] > li').first();
    await expect(firstRow).toContainText(pseudoText('New on the board: no'));
    await board.getByRole('radio', { name: new RegExp(`^\\[?(Week|${escape(pseudoText('Week'))})\\]?$`) }).check();
    await expect(board.getByRole('group').filter({ hasText: pseudoText('Week of') }).first()).toBeVisible();
    await expect(firstRow).toContainText(pseudoText('last week'));
    await expect(board.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectUnbroken(page, 'boards-owner-leaderboard-pseudo', [board]);
  });
});
