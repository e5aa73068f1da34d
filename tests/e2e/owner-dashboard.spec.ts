import type { Page } from '@playwright/test';
import type { OwnerDashboard } from '../../contract/dashboard';
import { agentByName, allowConsoleErrors, createAgent, openDashboard, openTab, searchAgents, toasts } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';


/** Holds navigations matching the pattern until the returned function is called. */
async function holdNavigation(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('owner dashboard: header, overview and income entries', () => {
  test('shows the header and the four overview cards from the dashboard data', async ({ page }) => {
    await openDashboard(page);
    await expect(page.getByRole('heading', { level: 1, name: 'TierTrack' })).toBeVisible();
    await expect(page.getByText('Owner Dashboard')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/api/logout');
    // In five groups, each a tab list named by its heading (docs/decisions/0084-dashboard-navigation.md).
    const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
    await expect(nav.getByRole('tablist')).toHaveCount(5);
    const groups: [string, string[]][] = [
      ['Performance', ['Overview', 'Leaderboard', 'Goals', 'Contests', 'Badges']],
      ['People', ['Agents', 'Teams', 'Staff']],
      ['Rewards', ['Tier Settings', 'Reward Claims', 'Profit Calculator']],
      ['Data and integrations', ['Import', 'API Tokens', 'Webhooks', 'Connectors', 'TV Links', 'Audit']],
      ['Organisation', ['Settings']],
    ];
    for (const [group, names] of groups) await expect(nav.getByRole('tablist', { name: group }).getByRole('tab')).toHaveText(names);
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

    const data = (await (await page.request.get('/api/owner/dashboard')).json()) as OwnerDashboard;
    const money = (value: string) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(Number(value));
    const cards = [
      ['Total Agents', String(data.overview.totalAgents), 'Active sales agents'],
      ['Weekly Income', money(data.timePeriods.weekly.income), "This week's total"],
      ['Monthly Income', money(data.timePeriods.monthly.income), "This month's total"],
      ['New Tier Achievements', String(data.overview.newTierAchievements), 'Agents promoted this month'],
    ];
    for (const [label, value, hint] of cards) {
      const card = page.locator('dl > div').filter({ has: page.locator('dt', { hasText: label! }) });
      await expect(card.locator('dd')).toHaveText(`${value}${hint}`);
    }

    const transactions = page.getByRole('list', { name: 'Recent Transactions' }).getByRole('listitem');
    await expect(transactions).toHaveCount(Math.min(10, data.recentEntries.length));
    await expect(transactions.first()).toContainText(data.recentEntries[0]!.agentName);
    await expectNoAxeViolations(page);
  });

  test('Add Income Entry validates, records an entry and a deduction, and refreshes the figures', async ({ page }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Income');
    await page.goto('/');

    await page.getByRole('button', { name: 'Add Income Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Income Entry' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await expect(dialog.getByText('Please select an agent')).toBeVisible();
    await expect(dialog.getByText('Amount is required')).toBeVisible();
    // The first field on screen with an error takes the focus.
    await expect(dialog.getByRole('combobox', { name: 'Agent' })).toBeFocused();

    // The agent is found by typing part of the name (a team may have thousands), then picked from the matches.
    await dialog.getByLabel('Agent').fill(agent.name.slice(0, -2));
    await dialog.getByRole('option', { name: agent.name }).click();
    await expect(dialog.getByLabel('Agent')).toHaveValue(agent.name);
    await dialog.getByLabel('Amount ($)').fill('0');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await expect(dialog.getByText('Amount cannot be zero')).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByLabel('Amount ($)').fill('1234.56');
    await dialog.getByLabel('Description (optional)').fill('Big renewal');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/income-entries') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ agentId: agent.id, amount: '1234.56', description: 'Big renewal' });
    // The deal date is today unless picked (the server takes today as now).
    expect(body.day).toBe(await page.evaluate(() => new Date().toLocaleDateString('en-CA')));
    await expect(toasts(page).getByText('Income entry added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const first = page.getByRole('list', { name: 'Recent Transactions' }).getByRole('listitem').first();
    await expect(first).toContainText(agent.name);
    await expect(first).toContainText('+$1,234.56');
    await expect(first).toContainText('Big renewal');
    await expect(first).toContainText('New total $1,234.56');

    // A negative amount is a deduction; the description is optional.
    await page.getByRole('button', { name: 'Add Income Entry' }).click();
    await dialog.getByLabel('Agent').fill(agent.email);
    await dialog.getByRole('option', { name: agent.name }).click();
    await dialog.getByLabel('Amount ($)').fill('-34.56');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await expect(toasts(page).getByText('Income entry added successfully')).toBeVisible();
    await expect(first).toContainText('-$34.56');
    await expect(first).toContainText('New total $1,200.00');

    expect((await agentByName(page.request, agent.name))?.totalIncome).toBe('1200.00');
  });

  test('a refused income entry shows the server message', async ({ page, pageErrors }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Refused');
    await page.goto('/');
    await page.route('**/api/income-entries', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'Agent not found', code: 'NOT_FOUND' }) }),
    );
    await page.getByRole('button', { name: 'Add Income Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Income Entry' });
    await dialog.getByLabel('Agent').fill(agent.name);
    await dialog.getByRole('option', { name: agent.name }).click();
    await dialog.getByLabel('Amount ($)').fill('10');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await expect(toasts(page).getByText('Agent not found')).toBeVisible();
    await expect(dialog).toBeVisible();
    allowConsoleErrors(pageErrors, /status of 404/);
  });

  test('the recent transactions list and the leaderboard have empty states', async ({ page }) => {
    await signInAs(page);
    // A team with no agents yet cannot be made on the shared demo server, so the real answer is emptied.
    await page.route('**/api/owner/dashboard', async (route) => {
      const response = await route.fetch();
      const data = (await response.json()) as OwnerDashboard;
      await route.fulfill({ response, json: { ...data, overview: { ...data.overview, totalAgents: 0 }, recentEntries: [], agents: [] } });
    });
    await page.goto('/');
    await expect(page.getByText('No transactions yet')).toBeVisible();
    await expect(page.getByText('Start adding profit entries to see activity')).toBeVisible();
    await expectNoAxeViolations(page);
    await openTab(page, 'Leaderboard');
    await expect(page.getByText('No agents yet')).toBeVisible();
    await expect(page.getByText('Add agents to see the monthly leaderboard')).toBeVisible();
  });
});

test.describe('monthly leaderboard', () => {
  test('ranks agents by monthly income with medals for the top four, naming places (not metals) and each agent’s tier', async ({ page }) => {
    await signInAs(page);
    // Far above anyone else's month (other specs add up to $1M on the shared server): this agent must be first.
    const leader = await createAgent(page.request, 'Leader', '90000000.00');
    await page.goto('/');
    await openTab(page, 'Leaderboard');

    const rows = page.getByRole('list', { name: 'Monthly Leaderboard' }).getByRole('listitem');
    const data = (await (await page.request.get('/api/owner/dashboard')).json()) as OwnerDashboard;
    await expect(rows).toHaveCount(data.agents.length);
    await expect(rows.first()).toContainText('Rank 1');
    await expect(rows.first()).toContainText(leader.name);
    await expect(rows.first()).toContainText('$90,000,000.00');
    await expect(rows.first()).toContainText('This Month');
    // The medals' styling stays; their words are places, so a tier's name (Bronze, Gold...) is only ever a tier.
    for (const [index, medal] of ['1st place', '2nd place', '3rd place', '4th place'].entries()) {
      await expect(rows.nth(index)).toContainText(`Rank ${index + 1}`);
      await expect(rows.nth(index)).toContainText(medal);
    }
    await expect(rows.nth(4)).not.toContainText(/\d(st|nd|rd|th) place/);
    await expect(page.getByRole('main')).not.toContainText(/Platinum place|Gold place|Silver place|Bronze place/);
    // Each agent's tier beside its position: $90M is past the last threshold.
    await expect(rows.first()).toContainText('Tier Legend');

    // Monthly income never increases down the list.
    const amounts = (await rows.allTextContents()).map((text) => Number(/\$([\d,]+\.\d{2})/.exec(text)![1]!.replace(/,/g, '')));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    await expectNoAxeViolations(page);
  });

  test('finds an agent by name with its rank in the whole team, and pages through the ranking', async ({ page }) => {
    await signInAs(page);
    const modest = await createAgent(page.request, 'Modest', '0.01');
    await page.goto('/');
    await openTab(page, 'Leaderboard');
    const rows = page.getByRole('list', { name: 'Monthly Leaderboard' }).getByRole('listitem');

    await searchAgents(page, modest.name);
    await expect(rows).toHaveCount(1);
    const ranked = (await (await page.request.get(`/api/owner/leaderboard?search=${encodeURIComponent(modest.name)}`)).json()) as {
      agents: Array<{ rank: number }>;
    };
    await expect(rows.first()).toContainText(`Rank ${ranked.agents[0]!.rank}`);
    await expect(rows.first()).toContainText('$0.01');
    await expectNoAxeViolations(page);

    await searchAgents(page, '');
    const total = ((await (await page.request.get('/api/owner/leaderboard?limit=1')).json()) as { total: number }).total;
    if (total > 25) {
      const pager = page.getByRole('navigation', { name: 'Leaderboard pages' });
      await pager.getByRole('button', { name: 'Next' }).click();
      await expect(pager).toContainText(`26-${Math.min(50, total)} of ${total}`);
      // Ties share a rank (the agents with nothing this month all stand at one), so the 26th agent's is the API's.
      const next = (await (await page.request.get('/api/owner/leaderboard?offset=25&limit=1')).json()) as { agents: Array<{ rank: number }> };
      await expect(rows.first()).toContainText(`Rank ${next.agents[0]!.rank}`);
    }
  });
});

test.describe('dashboard loading and access', () => {
  test('a failed load says so, retries once, and Retry reloads the page', async ({ page, pageErrors }) => {
    await signInAs(page);
    let calls = 0;
    await page.route('**/api/owner/dashboard', (route) => {
      calls += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error","code":"INTERNAL"}' });
    });
    await page.goto('/');
    await expect(page.getByText('Failed to load dashboard data')).toBeVisible({ timeout: 10_000 });
    expect(calls).toBe(2);
    await expectNoAxeViolations(page);

    await page.unroute('**/api/owner/dashboard');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
    allowConsoleErrors(pageErrors, /status of 500/);
  });

  test('a session that ends before the dashboard loads: Access Denied, then the sign-in page, no retry', async ({ page }) => {
    await signInAs(page);
    let dashboardCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/owner/dashboard')) dashboardCalls += 1;
    });
    // The user check passes with a live session; the session then ends on the server before the dashboard is read
    // (the two are sent together: the dashboard's call waits here until the session has ended).
    let sessionEnded = () => {};
    const ended = new Promise<void>((resolve) => (sessionEnded = resolve));
    await page.route(
      '**/api/auth/user',
      async (route) => {
        const response = await route.fetch();
        expect((await page.request.get('/api/logout', { maxRedirects: 0 })).status()).toBe(302);
        sessionEnded();
        await route.fulfill({ response });
      },
      { times: 1 },
    );
    await page.route(
      '**/api/owner/dashboard',
      async (route) => {
        await ended;
        await route.continue();
      },
      { times: 1 },
    );
    // The redirect's navigation is held until the toast has been read: the page stays as it is until then, so a
    // slow machine cannot make the check miss the one second the toast is on screen.
    const releaseRedirect = await holdNavigation(page, '**/api/login');
    await page.goto('/');
    await expect(toasts(page).filter({ hasText: 'Access Denied' })).toContainText('Owner access required. Redirecting to login...');
    releaseRedirect();
    await expect(page).toHaveURL('/login', { timeout: 5_000 });
    expect(dashboardCalls).toBe(1);
  });

  test('a 403 from the dashboard also redirects to sign-in without retrying', async ({ page, pageErrors }) => {
    await signInAs(page);
    let calls = 0;
    await page.route('**/api/owner/dashboard', (route) => {
      calls += 1;
      return route.fulfill({ status: 403, contentType: 'application/json', body: '{"message":"Owner access required","code":"FORBIDDEN"}' });
    });
    const started = Date.now();
    const releaseRedirect = await holdNavigation(page, '**/api/login');
    await page.goto('/');
    await expect(toasts(page).getByText('Access Denied')).toBeVisible();
    releaseRedirect();
    await expect(page).toHaveURL('/login', { timeout: 5_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(calls).toBe(1);
    allowConsoleErrors(pageErrors, /status of 403/);
  });
});

test.describe('manager view', () => {
  test('a manager sees the figures on five tabs and no control that changes data', async ({ page }) => {
    await openDashboard(page, 'manager');
    await expect(page.getByRole('tab')).toHaveText(['Overview', 'Leaderboard', 'Goals', 'Contests', 'Badges', 'Agents', 'Teams', 'Tier Settings']);
    const main = page.getByRole('main');

    await expect(page.getByText('Recent Transactions')).toBeVisible();
    // Previous and Next only move through the pages of a list; Show as table only changes how a chart is shown.
    const changesData = main.getByRole('button').filter({ hasNotText: /^(Previous|Next|Show as table)$/ });
    await expect(changesData).toHaveCount(0);
    await expectNoAxeViolations(page);

    for (const tab of ['Leaderboard', 'Agents', 'Teams', 'Tier Settings']) {
      await openTab(page, tab);
      await expect(main.getByRole('heading', { level: 2, name: tab })).toBeVisible();
      await expect(changesData).toHaveCount(0);
      // A list read again is dimmed meanwhile (its contrast is not what it shows): axe reads the settled page.
      await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
    // The tiers tab shows the reward options read-only.
    await expect(main.getByText('Swag Pack', { exact: true })).toBeVisible();
    await expect(main.getByText('$5,000', { exact: true })).toBeVisible();
  });
});

test.describe('managers who record', () => {
  test('the owner lets managers record: the manager then adds an entry and handles claims, and is refused again once it is off', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await openDashboard(page);
    const agent = await createAgent(page.request, 'Recorded');
    await openTab(page, 'Settings');
    const managersRecord = page.getByRole('switch', { name: 'Managers may record entries, voids and claims for their teams' });
    await expect(managersRecord).not.toBeChecked();
    await managersRecord.click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(toasts(page).getByText('Managers may now record entries, voids and claims for their teams.')).toBeVisible();
    await expectNoAxeViolations(page);

    const context = await browser.newContext({ baseURL });
    const manager = await context.newPage();
    try {
      await openDashboard(manager, 'manager');
      // Whose view it is: the demo manager leads no team, so every team.
      await expect(manager.getByRole('banner')).toContainText('Manager view · every team');
      await expect(manager.getByRole('tab', { name: 'Reward Claims' })).toBeVisible();
      await expect(manager.getByRole('tab', { name: 'Staff' })).toHaveCount(0);
      await expect(manager.getByRole('tab', { name: 'Connectors' })).toHaveCount(0);

      await manager.getByRole('button', { name: 'Add Income Entry' }).click();
      const dialog = manager.getByRole('dialog', { name: 'Add Income Entry' });
      await dialog.getByLabel('Agent').fill(agent.name.slice(0, -2));
      await dialog.getByRole('option', { name: agent.name }).click();
      await dialog.getByLabel('Amount ($)').fill('321.00');
      await dialog.getByRole('button', { name: 'Add Entry' }).click();
      await expect(toasts(manager).getByText('Income entry added successfully')).toBeVisible();
      expect((await agentByName(page.request, agent.name))?.totalIncome).toBe('321.00');

      await openTab(manager, 'Reward Claims');
      await expect(manager.getByRole('heading', { level: 2, name: 'Reward Claims' })).toBeVisible();
      // The export of every claim stays the owner's.
      await expect(manager.getByRole('main').getByRole('button', { name: /Export CSV/ })).toHaveCount(0);
      await expect(manager.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoAxeViolations(manager);
      await manager.setViewportSize({ width: 375, height: 800 });
      await expectNoAxeViolations(manager);
      const overflow = await manager.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
    } finally {
      // Off again for every other test of this server: managers watch.
      const off = await page.request.patch('/api/settings', { data: { managersRecord: false } });
      expect(off.status()).toBe(200);
    }
    // Off: the manager's screen loses the controls (settings.changed), and the server refuses the write.
    await expect(manager.getByRole('button', { name: 'Add Income Entry' })).toHaveCount(0);
    await expect(manager.getByRole('tab', { name: 'Reward Claims' })).toHaveCount(0);
    const refused = await manager.request.post('/api/income-entries', { data: { agentId: agent.id, amount: '5.00' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/the owner can let managers record/);
    await context.close();
  });
});

test.describe('small screens and keyboard', () => {
  test('every tab fits 375 px without sideways scrolling and passes axe', async ({ page }) => {
    // Fourteen tabs, each loaded and checked by axe: longer than one screen's test, and more on a busy machine.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page);
    // A long unbroken name must wrap rather than push the page sideways.
    await createAgent(page.request, 'Maximiliana-Alexandrovna-Konstantinopoulou', '250.00');
    await page.goto('/');
    for (const tab of ['Overview', 'Leaderboard', 'Agents', 'Tier Settings', 'Profit Calculator', 'Reward Claims', 'Teams', 'Staff', 'TV Links', 'API Tokens', 'Import', 'Webhooks', 'Connectors', 'Audit']) {
      await openTab(page, tab);
      await expect(page.getByRole('main').getByRole('heading', { level: 2, name: tab })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, `${tab} scrolls sideways`).toBe(false);
      await expectNoAxeViolations(page);
    }
  });

  test('tabs and the income dialog work with the keyboard alone', async ({ page }) => {
    await openDashboard(page);
    // A column of tabs on a wide screen: the arrows up and down move along a group, Tab to the next group.
    await page.getByRole('tab', { name: 'Overview' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('tab', { name: 'Leaderboard' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Leaderboard' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tab', { name: 'Agents' })).toBeFocused();
    // A row that scrolls sideways on a phone: left and right.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('tab', { name: 'Overview' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Leaderboard' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole('button', { name: 'Add Income Entry' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Income Entry' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Agent')).toBeFocused();

    // The agent picker: type, move through the matches with the arrow keys, Enter picks; Escape closes the
    // matches first and the dialog only after.
    await page.keyboard.type('@');
    const options = dialog.getByRole('option');
    await expect(options.first()).toBeVisible();
    const second = (await options.nth(1).locator('span').first().textContent())!;
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByLabel('Agent')).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Agent')).toHaveValue(second);
    await expect(options).toHaveCount(0);
    await page.keyboard.type('x');
    await expect(dialog.getByRole('listbox').or(dialog.getByRole('status'))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add Income Entry' })).toBeFocused();
  });
});
