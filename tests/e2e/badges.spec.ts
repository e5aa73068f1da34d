// Achievements (docs/decisions/0078-achievements.md): the owner makes badge rules from the Badges tab (a kind, then the
// settings it takes; the form's and the server's refusals said at their fields), renames one and switches it off; a
// manager reads the tab and changes nothing. An agent earns a badge as it happens: its dashboard celebrates it and
// lists it in My badges (the rules still to earn shown locked), its credential downloads as a VC-JWT, its profile and
// the staff's agent page list it, and a TV board celebrates it. Badges are awarded by the notifier's pass (about once
// a second), for what happens after the rule exists. Axe and 375 px on each screen.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { BadgeRule, BadgeRuleList } from '../../contract/badges';
import type { CreatedTvLink } from '../../contract/tv-links';
import { addIncome, createAgent, expectConsoleErrors, expectNoHorizontalOverflow, openDashboard, openTab, readDownload, toasts, uniqueName, type TestAgent } from './support/helpers';
import { collectPageErrors, expect, expectNoAxeViolations, signInAgent, signInAs, test } from './support/fixtures';

/** The rules this spec made on the shared server: switched off after it, so that other specs' agents earn none. */
const made: number[] = [];

test.afterAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signInAs(request);
  for (const id of made) expect((await request.patch(`/api/badges/${id}`, { data: { active: false } })).status()).toBe(200);
  await request.dispose();
});

/** A metric an activity streak can count (metrics are never deleted: a run before this one may have left it inactive). */
const METRIC = { key: 'badge-spec-calls', name: 'Badge calls', unit: 'count' };

async function makeRule(request: APIRequestContext, data: Record<string, unknown>): Promise<BadgeRule> {
  const response = await request.post('/api/badges', { data });
  expect(response.status(), await response.text()).toBe(201);
  const rule = (await response.json()) as BadgeRule;
  made.push(rule.id);
  return rule;
}

async function ruleIdsNamed(request: APIRequestContext, name: string): Promise<number[]> {
  const { badges } = (await (await request.get('/api/badges')).json()) as BadgeRuleList;
  return badges.filter((rule) => rule.name === name).map((rule) => rule.id);
}

const tab = (page: Page) => page.getByRole('tabpanel', { name: 'Badges' });
/** A rule in the tab's list, by name. */
const listed = (page: Page, name: string) => tab(page).getByRole('list', { name: 'Badge rules' }).getByRole('listitem', { name });

/** The agent's dashboard in a browser context of its own. */
async function agentDashboard(browser: Browser, agent: TestAgent, errors: string[]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  collectPageErrors(page, errors);
  await signInAgent(page.request, agent);
  await page.goto('/agent/dashboard');
  // The stream opens after the dashboard's first reads: on a busy machine that took longer than an assertion's 7 s.
  await expect(page.getByRole('status', { name: 'Live updates' })).toHaveText('Live', { timeout: 20_000 });
  return { page, close: () => context.close() };
}

test.describe('badges', () => {
  test('the owner makes badges from the dialog, told at the fields what the form and the server refuse; renames one and switches it off', async ({ page, pageErrors }) => {
    test.setTimeout(90_000);
    await signInAs(page);
    const metric = await page.request.post('/api/metrics', { data: METRIC });
    if (metric.status() === 409) expect((await page.request.patch(`/api/metrics/${METRIC.key}`, { data: { active: true } })).status()).toBe(200);
    else expect(metric.status(), await metric.text()).toBe(201);
    try {
      await openDashboard(page);
      await openTab(page, 'Badges');
      await expect(tab(page).getByRole('heading', { name: 'Badges' })).toBeVisible();

      await tab(page).getByRole('button', { name: 'New badge' }).click();
      const dialog = page.getByRole('dialog', { name: 'New badge' });
      // Nothing picked, no name: both said, nothing sent.
      await dialog.getByRole('button', { name: 'Make badge' }).click();
      await expect(dialog.getByText('Pick what the badge rewards')).toBeVisible();
      await expect(dialog.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('A badge needs a name');

      // An activity streak takes a count and a metric; one day is no streak (the contract's words, as the server says).
      await dialog.getByRole('radio', { name: /^Activity on several working days in a row/ }).check();
      const streak = uniqueName('On a roll').name;
      await dialog.getByLabel('Name', { exact: true }).fill(streak);
      await dialog.getByRole('button', { name: 'Make badge' }).click();
      await expect(dialog.getByText('Say how many in a row: 2 or more')).toBeVisible();
      await expect(dialog.getByText('Pick the metric whose activity counts')).toBeVisible();
      await dialog.getByRole('spinbutton', { name: 'Working days in a row' }).fill('1');
      await dialog.getByLabel('Metric', { exact: true }).selectOption({ label: METRIC.name });
      await dialog.getByRole('button', { name: 'Make badge' }).click();
      await expect(dialog.getByRole('spinbutton', { name: 'Working days in a row' })).toHaveAccessibleDescription('2 to 100. Must be at least 2 (a streak is more than one)');
      await expectNoAxeViolations(page);

      // The server's refusal (a metric made inactive meanwhile, say) is said at its field too.
      await page.route('**/api/badges', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({
                code: 'VALIDATION_FAILED',
                message: `params.metric: there is no metric "${METRIC.key}"`,
                issues: [{ path: 'params.metric', message: `params.metric: there is no metric "${METRIC.key}"` }],
              }),
            })
          : route.fallback(),
      );
      await dialog.getByRole('spinbutton', { name: 'Working days in a row' }).fill('5');
      await dialog.getByRole('button', { name: 'Make badge' }).click();
      await expect(dialog.getByLabel('Metric', { exact: true })).toHaveAccessibleDescription(`There is no metric "${METRIC.key}"`);
      await page.unroute('**/api/badges');
      await dialog.getByRole('button', { name: 'Make badge' }).click();
      await expect(toasts(page).filter({ hasText: `${streak} is awarded from now on.` })).toContainText('Badge made');
      await expect(dialog).toBeHidden();
      made.push(...(await ruleIdsNamed(page.request, streak)));
      const streakItem = listed(page, streak);
      await expect(streakItem).toContainText('Activity on several working days in a row');
      await expect(streakItem).toContainText(`Earned by:5 working days in a row of ${METRIC.name}`);
      await expect(streakItem).toContainText('Held by:nobody yet');
      await expect(streakItem.getByRole('switch', { name: `Awarded ${streak}` })).toBeChecked();

      // A tier reached: any tier, or the one picked.
      await tab(page).getByRole('button', { name: 'New badge' }).click();
      await dialog.getByRole('radio', { name: /^A tier reached/ }).check();
      await dialog.getByLabel('Tier', { exact: true }).selectOption({ label: 'Gold' });
      const gold = uniqueName('Gold club').name;
      await dialog.getByLabel('Name', { exact: true }).fill(gold);
      await dialog.getByRole('button', { name: 'Make badge' }).click();
      await expect(toasts(page).filter({ hasText: `${gold} is awarded from now on.` })).toContainText('Badge made');
      made.push(...(await ruleIdsNamed(page.request, gold)));
      await expect(listed(page, gold)).toContainText('Earned by:Reaching Gold');
      await expect(listed(page, gold)).toContainText('The Gold tier reached');

      // Renamed and redescribed: what earns it stays.
      await listed(page, gold).getByRole('button', { name: `Edit ${gold}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit badge' });
      const renamed = uniqueName('Golden').name;
      await edit.getByLabel('Name', { exact: true }).fill(renamed);
      await edit.getByLabel('Description', { exact: true }).fill('Reached Gold: $35,000 of profit.');
      await expectNoAxeViolations(page);
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(toasts(page).filter({ hasText: `${renamed} is changed.` })).toContainText('Badge saved');
      const renamedItem = listed(page, renamed);
      await expect(renamedItem).toContainText('Agents read:Reached Gold: $35,000 of profit.');
      await expect(renamedItem).toContainText('Earned by:Reaching Gold');

      // Switched off: no longer awarded (listed after those that are).
      await renamedItem.getByRole('switch', { name: `Awarded ${renamed}` }).click();
      await expect(toasts(page).filter({ hasText: `${renamed} is no longer awarded` })).toContainText('Badge switched off');
      await expect(renamedItem.getByRole('switch', { name: `Awarded ${renamed}` })).not.toBeChecked();
      await expect(renamedItem).toContainText('Off');
      await expectNoAxeViolations(page);

      await page.setViewportSize({ width: 375, height: 800 });
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: test.info().outputPath('badges-tab-375.png'), fullPage: true });
      await tab(page).getByRole('button', { name: 'New badge' }).click();
      await expect(dialog).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      // The mocked refusal, as Chromium logs it.
      expectConsoleErrors(pageErrors, /status of 400/);
    } finally {
      expect((await page.request.patch(`/api/metrics/${METRIC.key}`, { data: { active: false } })).status()).toBe(200);
    }
  });

  test('with no badge yet, the tab suggests some to start with, each opening the dialog filled in', async ({ page }) => {
    // The demo has badges: an organisation without any is shown by answering the list with none.
    await page.route('**/api/badges', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ badges: [] }) }) : route.fallback(),
    );
    await openDashboard(page);
    await openTab(page, 'Badges');
    await expect(tab(page)).toContainText('No badges yet');
    await expect(tab(page).getByRole('button', { name: 'New badge' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await tab(page).getByRole('button', { name: 'First sale' }).click();
    const dialog = page.getByRole('dialog', { name: 'New badge' });
    await expect(dialog.getByRole('radio', { name: /^A first sale recorded/ })).toBeChecked();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('First sale');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
  });

  test('a manager reads the badges and changes nothing', async ({ page, browser }) => {
    await signInAs(page);
    const rule = await makeRule(page.request, { kind: 'contest_podium', name: uniqueName('Podium').name, params: { places: 1 }, active: false });
    const context = await browser.newContext();
    const manager = await context.newPage();
    const errors: string[] = [];
    collectPageErrors(manager, errors);
    await openDashboard(manager, 'manager');
    await openTab(manager, 'Badges');
    const item = listed(manager, rule.name);
    await expect(item).toContainText('A place on a contest’s podium');
    await expect(item).toContainText('Earned by:1st place in a contest');
    await expect(item).toContainText('Off');
    await expect(tab(manager)).toContainText('Only the owner makes badges');
    await expect(tab(manager).getByRole('button')).toHaveCount(0);
    await expect(tab(manager).getByRole('switch')).toHaveCount(0);
    await expectNoAxeViolations(manager);
    await manager.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(manager);
    await context.close();
    expect(errors).toEqual([]);
  });

  test('an agent earns a badge live: celebrated on its dashboard and the TV, kept as a credential, listed on its profile and for staff', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signInAs(page);
    const rule = await makeRule(page.request, { kind: 'first_entry', name: uniqueName('First sale').name, description: 'Your first sale on the books.' });
    const agent = await createAgent(page.request, 'Badger');

    // A TV board, open before the sale.
    const link = (await (await page.request.post('/api/tv-links', { data: { name: uniqueName('Badge TV').name, showAmounts: false } })).json()) as CreatedTvLink;
    const tvContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const tv = await tvContext.newPage();
    const errors: string[] = [];
    collectPageErrors(tv, errors);
    await tv.goto(new URL(link.url).pathname);
    await expect(tv.getByRole('heading', { level: 1, name: 'Top 10 · This week' })).toBeVisible();
    await expect(tv.getByRole('contentinfo').getByRole('status')).toHaveText('Live');

    // Before: the badge is one still to earn, locked.
    const dashboard = await agentDashboard(browser, agent, errors);
    const agentPage = dashboard.page;
    const myBadges = agentPage.getByRole('region', { name: 'My badges' });
    await expect(myBadges.getByRole('list', { name: 'Badges still to earn' })).toContainText(`${rule.name} (not earned yet)Your first sale on the books.`);
    await expect(myBadges.getByRole('list', { name: 'Badges you hold' })).toHaveCount(0);

    // The first sale (below Starter: no tier to celebrate) earns it in the notifier's next pass. The TV celebrates it
    // over the board for a few seconds, the agent's dashboard until dismissed.
    await addIncome(page.request, agent.id, '500.00');
    const onTv = tv.getByRole('status').filter({ hasText: 'earned the' });
    await expect(onTv).toContainText(`${agent.name} earned the ${rule.name} badge!`, { timeout: 15_000 });
    await expect(onTv).toContainText('A first sale recorded');
    await expectNoAxeViolations(tv);
    await tvContext.close();

    const celebration = agentPage.getByRole('status').filter({ hasText: 'You earned the' });
    await expect(celebration).toContainText(`You earned the ${rule.name} badge!`, { timeout: 15_000 });
    await expect(celebration).toContainText('A first sale recorded.');
    const held = myBadges.getByRole('list', { name: 'Badges you hold' }).getByRole('listitem');
    await expect(held).toHaveCount(1);
    await expect(held).toContainText(rule.name);
    await expect(held).toContainText('A first sale recorded');
    await expect(myBadges.getByRole('list', { name: 'Badges still to earn' })).not.toContainText(rule.name);
    await expect(myBadges).toContainText('/.well-known/jwks.json');

    // A small entrance that people who ask for reduced motion do not get.
    const banner = celebration.locator('> div');
    await expect.poll(() => banner.evaluate((el) => getComputedStyle(el).animationName)).toBe('celebrate-in');
    await agentPage.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => banner.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expectNoAxeViolations(agentPage);

    await celebration.getByRole('button', { name: 'Show my badges' }).click();
    await expect(myBadges.getByRole('heading', { name: 'My badges' })).toBeFocused();

    // Its credential: a VC-JWT (three base64url parts) signed EdDSA, in a file named after the badge.
    const download = agentPage.waitForEvent('download');
    await held.getByRole('button', { name: `Download credential of ${rule.name}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${rule.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.jwt`);
    const jwt = await readDownload(file);
    expect(jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString('utf8'))).toMatchObject({ alg: 'EdDSA' });
    await expect(toasts(agentPage).filter({ hasText: rule.name })).toContainText('Credential saved');

    await celebration.getByRole('button', { name: 'Dismiss' }).click();
    await expect(agentPage.getByText(`You earned the ${rule.name} badge!`)).toHaveCount(0);

    await agentPage.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(agentPage);
    await agentPage.screenshot({ path: test.info().outputPath('agent-badges-375.png'), fullPage: true });

    // The agent's profile lists it, with its credential.
    await agentPage.goto('/agent/profile');
    const yours = agentPage.getByRole('region', { name: 'Your badges' });
    await expect(yours.getByRole('listitem')).toContainText(rule.name);
    await expect(yours.getByRole('button', { name: `Download credential of ${rule.name}` })).toBeVisible();
    await expectNoHorizontalOverflow(agentPage);
    await expectNoAxeViolations(agentPage);
    await dashboard.close();

    // Staff see it on the agent's page, and the rule's holder counted in the tab.
    await page.goto(`/dashboard/agents/${agent.id}`);
    const staffList = page.getByRole('region', { name: 'Badges' }).getByRole('list', { name: 'Badges held' });
    await expect(staffList.getByRole('listitem')).toContainText(`${rule.name}A first sale recorded`);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDashboard(page);
    await openTab(page, 'Badges');
    await expect(listed(page, rule.name)).toContainText('Held by:1 agent');
    expect(errors).toEqual([]);
  });
});
