// TV mode (docs/product.md §11.20, §12.8): the owner makes a link in the TV Links tab; a signed-out screen opens it and
// follows the link's event stream. Entries are recorded through the API by the owner while the board stays open: what
// it shows must change without a reload.
import type { APIRequestContext, Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import type { CreatedTvLink, TvSnapshot } from '../../contract/tv-links';
import { addIncome, createAgent, openTab, toasts, uniqueName } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

/** The rotation period of the boards (web/src/features/tv-board/components/rotating-boards.tsx). */
const ROTATE_MS = 15_000;
/** The board reads itself again at most once a second; give the event and the read a moment beyond that. */
const UPDATE_WITHIN_MS = 4_000;

/** What a TV board logs when its link is revoked: the refused stream and board reads (404). */
const REVOKED_NOISE = /status of 404|EventSource/;

interface TvScreen {
  page: Page;
  /** Errors and console errors of the board's page; the test checks them at its end. */
  errors: string[];
  close: () => Promise<void>;
}

/** Opens a link's board in a signed-out browser context of its own, the size of an office screen. */
async function openTvScreen(browser: Browser, url: string, options: BrowserContextOptions = {}): Promise<TvScreen> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Top 10 · This week' })).toBeVisible();
  await expect(liveStatus(page)).toHaveText('Live');
  // A mark on the window: a reload or a navigation would lose it.
  await page.evaluate(() => Object.assign(window, { tvMark: 'still here' }));
  return { page, errors, close: () => context.close() };
}

async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { tvMark?: string }).tvMark), 'the board was reloaded').toBe('still here');
}

const liveStatus = (page: Page) => page.getByRole('contentinfo').getByRole('status');
const weekBoard = (page: Page) => page.getByRole('list', { name: 'Top 10 · This week' });
/**
 * The week's board, once it is on screen, holds `text` (where `within` says): the boards take turns, and on a busy
 * machine the month's (or another slide) may be showing when the entry arrives; the week's comes back within a turn.
 */
async function expectOnWeekBoard(page: Page, text: string, within: (board: Locator) => Locator = (board) => board) {
  await expect(async () => {
    await expect(within(weekBoard(page))).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: ROTATE_MS * 4 });
}
const wins = (page: Page) => page.getByRole('list', { name: 'Latest wins' });
const celebration = (page: Page, text: string) => page.getByRole('status').getByText(text);

/**
 * An amount that puts a new agent at the top of this week's board, whatever other tests recorded on the shared server
 * this week (at least `minimum`, in whole dollars): the current leader's week, read through a link that shows amounts,
 * and a thousand more.
 */
async function amountToLeadTheWeek(request: APIRequestContext, minimum: number): Promise<number> {
  const link = await createTvLink(request, true);
  const response = await request.get(`/api/tv/${link.token}`);
  expect(response.status(), 'read the board').toBe(200);
  const snapshot = (await response.json()) as TvSnapshot;
  return Math.max(minimum, Math.ceil(Number(snapshot.week[0]?.amount ?? '0')) + 1000);
}

/** Makes a TV link through the API as the owner the request context is signed in as. */
async function createTvLink(request: APIRequestContext, showAmounts: boolean): Promise<CreatedTvLink> {
  const response = await request.post('/api/tv-links', { data: { name: uniqueName('TV').name, showAmounts } });
  expect(response.status(), 'create TV link').toBe(201);
  return (await response.json()) as CreatedTvLink;
}

test.describe('TV mode', () => {
  test('the owner makes a link; a signed-out screen shows the boards, follows entries and celebrates a tier, with no amounts', async ({
    page,
    browser,
  }) => {
    // Up to a turn of the boards for the week's to come back (expectOnWeekBoard).
    test.setTimeout(120_000);
    await signInAs(page);
    await page.goto('/');
    await openTab(page, 'TV Links');
    await expect(page.getByRole('heading', { name: 'How TV links work' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'New TV link' }).click();
    const form = page.getByRole('dialog', { name: 'New TV link' });
    await expect(form.getByLabel('Show amounts')).not.toBeChecked();
    await form.getByRole('button', { name: 'Create link' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    const { name } = uniqueName('Floor TV');
    await form.getByLabel('Name').fill(name);
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Create link' }).click();

    const created = page.getByRole('dialog', { name: 'TV link created' });
    const address = created.getByLabel(`Address of ${name}`);
    await expect(address).toHaveValue(/^http:\/\/[^/]+\/tv\/[A-Za-z0-9_-]{32}$/);
    const url = await address.inputValue();
    await expect(created).toContainText('Shown only once');
    await expect(created.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect(created.getByRole('link', { name: /Open the board/ })).toHaveAttribute('href', url);
    await expectNoAxeViolations(page);
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(created).toBeHidden();
    const row = page.getByRole('list', { name: 'Active links' }).getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('Amounts hidden');
    // The address is not shown again.
    await expect(page.getByText(url)).toHaveCount(0);

    const tv = await openTvScreen(browser, url);
    await expect(tv.page.getByRole('heading', { name: 'Latest wins' })).toBeVisible();
    await expect(tv.page.getByRole('contentinfo')).toContainText(name);
    await expectNoAxeViolations(tv.page);

    const agent = await createAgent(page.request, 'TV Agent');
    await addIncome(page.request, agent.id, '1200.00');
    await expect(wins(tv.page).getByRole('listitem').first()).toContainText(agent.name, { timeout: UPDATE_WITHIN_MS });
    await expect(wins(tv.page).getByRole('listitem').first()).toContainText('just now');
    await expectNoReload(tv.page);

    // 1,200 + 4,000 passes Starter ($5,000).
    await addIncome(page.request, agent.id, '4000.00');
    const shown = celebration(tv.page, `${agent.name} reached Starter!`);
    await expect(shown).toBeVisible({ timeout: UPDATE_WITHIN_MS });
    await expect(shown.getByText('Starter', { exact: true })).toHaveCSS('background-color', 'rgb(100, 116, 139)');
    await expectNoAxeViolations(tv.page);
    // The link hides amounts: no dollar figure anywhere on the board, the celebration included.
    await expect(tv.page.locator('body')).not.toContainText('$');
    await expect(shown).toBeHidden({ timeout: 10_000 });
    await expectNoReload(tv.page);

    // Enough to lead the week: the agent joins the week's board.
    await addIncome(page.request, agent.id, `${await amountToLeadTheWeek(page.request, 1000)}.00`);
    await expectOnWeekBoard(tv.page, agent.name);
    await expect(tv.page.locator('body')).not.toContainText('$');
    await expectNoReload(tv.page);

    await tv.close();
    expect(tv.errors, 'the board logged errors').toEqual([]);
  });

  test('a link that shows amounts shows them on the boards and in the wins', async ({ page, browser }) => {
    // Up to a turn of the boards for the week's to come back (expectOnWeekBoard).
    test.setTimeout(120_000);
    await signInAs(page);
    const link = await createTvLink(page.request, true);
    const tv = await openTvScreen(browser, link.url);
    const agent = await createAgent(page.request, 'TV Amounts');
    // Enough to be on this week's board beside what other tests recorded on the shared server.
    const amount = await amountToLeadTheWeek(page.request, 1500);
    await addIncome(page.request, agent.id, `${amount}.00`);
    const shown = `$${amount.toLocaleString('en-US')}`;
    const win = wins(tv.page).getByRole('listitem').filter({ hasText: agent.name });
    await expect(win).toContainText(`+${shown}`, { timeout: UPDATE_WITHIN_MS });
    await expectOnWeekBoard(tv.page, shown, (board) => board.getByRole('listitem').filter({ hasText: agent.name }));
    await tv.close();
    expect(tv.errors, 'the board logged errors').toEqual([]);
  });

  test('the boards take turns: the week, then the month; with reduced motion they switch without moving', async ({ page, browser }) => {
    await signInAs(page);
    const link = await createTvLink(page.request, false);
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion });
      const tvPage = await context.newPage();
      await tvPage.clock.install();
      await tvPage.goto(link.url);
      const boards = tvPage.getByRole('list', { name: 'Boards' });
      await expect(tvPage.getByRole('heading', { level: 1, name: 'Top 10 · This week' })).toBeVisible();
      await expect(boards.locator('[aria-current="true"]')).toHaveText('This week');
      await expect(tvPage.getByText('Next: This month')).toBeVisible();
      const panel = tvPage.locator('section[aria-labelledby="tv-board-heading"] > div').last();
      await expect(panel).toHaveCSS('animation-name', reducedMotion === 'reduce' ? 'none' : 'tv-board-in');

      await tvPage.clock.fastForward(ROTATE_MS);
      await expect(tvPage.getByRole('heading', { level: 1, name: 'Top 10 · This month' })).toBeVisible();
      await expect(boards.locator('[aria-current="true"]')).toHaveText('This month');
      await expect(tvPage.getByText('Next: This week')).toBeVisible();
      await tvPage.clock.fastForward(ROTATE_MS);
      await expect(tvPage.getByRole('heading', { level: 1, name: 'Top 10 · This week' })).toBeVisible();

      const overflows = await tvPage.evaluate(() => document.documentElement.scrollHeight > window.innerHeight);
      expect(overflows, 'the board scrolls at 1280x720').toBe(false);
      await context.close();
    }
  });

  test('a link made with a metric gives its week’s board a slide of its own, counts shown without amounts', async ({ page, browser }) => {
    await signInAs(page);
    const metric = { key: 'tv-slide-calls', name: 'Dials', unit: 'count' };
    const made = await page.request.post('/api/metrics', { data: metric });
    // Metrics are never deleted: a run before this one made it, and left it inactive.
    if (made.status() === 409) expect((await page.request.patch(`/api/metrics/${metric.key}`, { data: { active: true } })).status()).toBe(200);
    else expect(made.status(), await made.text()).toBe(201);
    try {
      const agent = await createAgent(page.request, 'Dialer');
      const activity = await page.request.post('/api/activities', { data: { agentId: agent.id, metric: metric.key, value: 1204 } });
      expect(activity.status(), await activity.text()).toBe(201);
      const response = await page.request.post('/api/tv-links', { data: { name: uniqueName('Dials TV').name, showAmounts: false, metrics: [metric.key] } });
      expect(response.status(), await response.text()).toBe(201);
      const link = (await response.json()) as CreatedTvLink;
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const tvPage = await context.newPage();
      await tvPage.clock.install();
      await tvPage.goto(link.url);
      await expect(tvPage.getByRole('list', { name: 'Boards' }).getByRole('listitem')).toHaveText(['This week', 'This month', 'Dials']);
      await tvPage.clock.fastForward(ROTATE_MS);
      await expect(tvPage.getByRole('heading', { level: 1, name: 'Top 10 · This month' })).toBeVisible();
      await tvPage.clock.fastForward(ROTATE_MS);
      await expect(tvPage.getByRole('heading', { level: 1, name: 'Top 10 · Dials this week' })).toBeVisible();
      const row = tvPage.getByRole('list', { name: 'Top 10 · Dials this week' }).getByRole('listitem').filter({ hasText: agent.name });
      // A count is not money: shown although the link hides amounts.
      await expect(row).toContainText('1,204');
      await expectNoAxeViolations(tvPage);
      await tvPage.screenshot({ path: test.info().outputPath('tv-metric-slide.png') });
      await context.close();
    } finally {
      expect((await page.request.patch(`/api/metrics/${metric.key}`, { data: { active: false } })).status()).toBe(200);
    }
  });

  test('a running contest shown on TV takes a slide with its countdown and its race toward the target, moving live', async ({ page, browser }) => {
    await signInAs(page);
    const metric = { key: 'tv-contest-meetings', name: 'Meetings', unit: 'count' };
    const made = await page.request.post('/api/metrics', { data: metric });
    if (made.status() === 409) expect((await page.request.patch(`/api/metrics/${metric.key}`, { data: { active: true } })).status()).toBe(200);
    else expect(made.status(), await made.text()).toBe(201);
    const agent = await createAgent(page.request, 'Racer');
    const name = uniqueName('TV race').name;
    // The organisation's today: the UTC day before, of or after, whichever a published contest may start on.
    let contestId: number | undefined;
    for (const offset of [-1, 0, 1]) {
      const day = (shift: number) => new Date(Date.now() + shift * 86_400_000).toISOString().slice(0, 10);
      const response = await page.request.post('/api/contests', {
        data: { name, metric: metric.key, startsAt: day(offset), endsAt: day(offset + 3), format: 'race', target: 10, participants: { kind: 'agents', ids: [agent.id] }, showOnTv: true },
      });
      if (response.status() !== 201) continue;
      const contest = (await response.json()) as { id: number; state: string };
      contestId = contest.id;
      if (contest.state === 'running') break;
    }
    expect(contestId, 'a running contest was made').toBeDefined();
    try {
      const record = async (value: number) => expect((await page.request.post('/api/activities', { data: { agentId: agent.id, metric: metric.key, value } })).status()).toBe(201);
      await record(4);
      const link = await createTvLink(page.request, false);
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const tvPage = await context.newPage();
      await tvPage.clock.install();
      await tvPage.goto(link.url);
      const boards = tvPage.getByRole('list', { name: 'Boards' }).getByRole('listitem');
      await expect(boards.last()).toHaveText(name);
      // The contest's slide comes after the week's and the month's boards (and any metric's: none on this link).
      await tvPage.clock.fastForward(ROTATE_MS);
      await tvPage.clock.fastForward(ROTATE_MS);
      await expect(tvPage.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(tvPage.getByLabel('Time left')).toContainText(/^Ends in (\d+d )?\d\d:\d\d:\d\d$/);
      await expect(tvPage.getByText('Meetings · First to 10')).toBeVisible();
      const row = tvPage.getByRole('list', { name: `${name} standings` }).getByRole('listitem').filter({ hasText: agent.name });
      await expect(row).toContainText('4');
      await expect(row).toContainText('40%');
      // Live: the race moves on the screen as the activity arrives, and its winner is named once the target is reached.
      await record(7);
      await expect(row).toContainText('110%', { timeout: UPDATE_WITHIN_MS });
      await expect(row).toContainText('11');
      await expect(tvPage.getByText(`${agent.name} won the race!`)).toBeVisible({ timeout: UPDATE_WITHIN_MS });
      await expectNoAxeViolations(tvPage);
      await tvPage.screenshot({ path: test.info().outputPath('tv-contest-slide.png') });
      await context.close();
    } finally {
      expect((await page.request.post(`/api/contests/${contestId}/cancel`)).status()).toBe(200);
      expect((await page.request.patch(`/api/metrics/${metric.key}`, { data: { active: false } })).status()).toBe(200);
    }
  });

  test('after the owner revokes the link, the board says so and stops trying', async ({ page, browser }) => {
    await signInAs(page);
    const link = await createTvLink(page.request, false);
    const tv = await openTvScreen(browser, link.url);

    await page.goto('/');
    await openTab(page, 'TV Links');
    const row = page.getByRole('list', { name: 'Active links' }).getByRole('listitem').filter({ hasText: link.name });
    await row.getByRole('button', { name: `Revoke ${link.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Revoke ${link.name}?` });
    await expect(confirm).toContainText('stop within a few seconds');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Revoke Link' }).click();
    await expect(toasts(page).getByText(`${link.name} revoked`)).toBeVisible();
    await expect(row).toHaveCount(0);

    await expect(tv.page.getByRole('heading', { level: 1, name: 'This TV link was revoked' })).toBeVisible({ timeout: 10_000 });
    await expectNoAxeViolations(tv.page);
    await expectNoReload(tv.page);
    // Neither the stream nor the board is asked for again.
    const requests: string[] = [];
    tv.page.on('request', (request) => {
      if (request.url().includes('/api/tv/')) requests.push(request.url());
    });
    await tv.page.waitForTimeout(5_000);
    expect(requests).toEqual([]);

    await tv.close();
    expect(tv.errors.filter((error) => !REVOKED_NOISE.test(error)), 'the board logged errors').toEqual([]);
  });
});
