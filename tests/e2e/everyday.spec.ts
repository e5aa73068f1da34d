// Everyday use (issue 35), walked as a person would: each point of the issue that is fixed has its walk here, with
// axe and 375 px.
import type { Page } from '@playwright/test';
import type { IncomeEntryPage } from '../../contract/income-entries';
import { addIncome, createAgent, expectConsoleErrors, expectNoHorizontalOverflow, openTab, searchAgents, toasts } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

/** The browser's calendar day `shift` days from today, as the API names it ("2026-11-28"). */
const browserDay = (shift: number) => {
  const date = new Date();
  date.setDate(date.getDate() + shift);
  return date.toLocaleDateString('en-CA');
};
/** The same day as a date field writes it under the demo's locale, en-US: "11/28/2026". */
const shownDay = (shift: number) => {
  const [year, month, day] = browserDay(shift).split('-');
  return `${month}/${day}/${year}`;
};

const bellPopover = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
/** The notifier makes a notification from its event within a pass (at least every 2 s), then the stream tells the bell. */
const NOTIFIED_MS = 10_000;

test.describe('everyday use', () => {
  test('Add Income Entry takes the deal date: yesterday’s deal is dated yesterday, never a day to come', async ({ page }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Late');
    await page.goto('/');
    await page.getByRole('button', { name: 'Add Income Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Income Entry' });
    const day = dialog.getByLabel('Deal date');
    // Today unless picked, written the organisation's way (en-US), and no later than today: in the calendar, tomorrow
    // cannot be picked.
    await expect(day).toHaveValue(shownDay(0));
    await expect(day).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    await dialog.getByRole('button', { name: 'Open calendar' }).click();
    const calendar = dialog.getByRole('dialog');
    const tomorrow = new Date(`${browserDay(1)}T12:00:00`).toLocaleDateString('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    if (browserDay(1).slice(0, 7) === browserDay(0).slice(0, 7)) await expect(calendar.getByRole('button', { name: tomorrow, exact: true })).toBeDisabled();
    await expect(calendar.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Agent').fill(agent.name.slice(0, -2));
    await dialog.getByRole('option', { name: agent.name }).click();
    await dialog.getByLabel('Amount ($)').fill('480.00');
    await day.fill(shownDay(1));
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await expect(dialog.getByText('The deal date cannot be after today')).toBeVisible();
    await expect(day).toBeFocused();
    await day.fill('02/30/2026');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await expect(dialog.getByText('Enter the deal date as mm/dd/yyyy')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await dialog.screenshot({ path: test.info().outputPath('add-entry-date-375.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Yesterday, picked in the calendar with the keyboard: the focus starts on today, the left arrow moves a day back.
    await dialog.getByRole('button', { name: 'Open calendar' }).click();
    await expect(calendar.locator('button[aria-current="date"]')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(day).toHaveValue(shownDay(-1));
    await dialog.getByLabel('Description (optional)').fill('Signed yesterday');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/income-entries') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    expect((await posted).postDataJSON()).toMatchObject({ agentId: agent.id, amount: '480.00', day: browserDay(-1), description: 'Signed yesterday' });
    await expect(toasts(page).getByText('Income entry added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Stored on that day (its noon in the organisation's time zone: the same day for any zone within 12 hours of it).
    const listed = (await (await page.request.get(`/api/income-entries?agentId=${agent.id}`)).json()) as IncomeEntryPage;
    expect(listed.entries).toHaveLength(1);
    expect(listed.entries[0]).toMatchObject({ amount: '480.00', description: 'Signed yesterday' });
    const storedDay = new Date(listed.entries[0]!.date);
    expect(Math.abs(storedDay.getTime() - Date.parse(`${browserDay(-1)}T12:00:00`))).toBeLessThanOrEqual(14 * 3_600_000);
  });

  test('the owner hears of a tier an agent reaches, in the app; email only once chosen', async ({ page }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Climber');
    await page.goto('/');
    await expect(page.getByRole('status', { name: 'Live updates' })).toHaveText('Live');
    await page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ }).click();
    await expect(bellPopover(page)).toBeVisible();
    await addIncome(page.request, agent.id, '6000.00');
    // The open list follows the stream (the demo owner hears of other tests' agents: its count is not known).
    const reached = bellPopover(page).getByRole('listitem').filter({ hasText: `${agent.name} reached Starter` });
    await expect(reached).toContainText('Their total reached the Starter tier.', { timeout: NOTIFIED_MS });
    await expectNoAxeViolations(page);

    await bellPopover(page).getByRole('button', { name: 'Settings' }).click();
    const kind = bellPopover(page).getByRole('group', { name: 'An agent reaches a tier' });
    await expect(kind.getByRole('checkbox', { name: 'In the app' })).toBeChecked();
    await expect(kind.getByRole('checkbox', { name: 'Email', exact: true })).not.toBeChecked();
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await bellPopover(page).screenshot({ path: test.info().outputPath('owner-tier-notification-settings-375.png') });
  });

  test('Most improved lists only the agents who beat last month, not those who stood still or fell back', async ({ page }) => {
    await signInAs(page);
    const riser = await createAgent(page.request, 'Riser');
    const faller = await createAgent(page.request, 'Faller');
    // Last month: the 20th day before this month began, at noon UTC (the same day in any organisation's time zone).
    const first = new Date();
    first.setUTCDate(1);
    const lastMonth = new Date(first.getTime() - 20 * 86_400_000).toISOString().slice(0, 10);
    for (const [agent, amount] of [
      [riser, '1500.00'],
      [faller, '4000.00'],
    ] as const) {
      const res = await page.request.post('/api/income-entries', { data: { agentId: agent.id, amount, date: `${lastMonth}T12:00:00Z` } });
      expect(res.status(), await res.text()).toBe(201);
    }
    await addIncome(page.request, riser.id, '3000.00');
    await addIncome(page.request, faller.id, '100.00');

    await page.goto('/');
    await openTab(page, 'Leaderboard');
    const main = page.getByRole('main');
    await main.getByRole('switch', { name: 'Most improved' }).click();
    await searchAgents(page, riser.name);
    const rows = page.getByRole('list', { name: 'Monthly Leaderboard' }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(riser.name);
    await expect(rows.first()).toContainText('+100.0%');
    await searchAgents(page, faller.name);
    await expect(rows).toHaveCount(0);
    await expect(main.getByText('No matching agents')).toBeVisible();
    // The same in the overview's biggest movers: nobody there fell back.
    const movers = await (await page.request.get('/api/owner/leaderboard?period=month&mode=growth&limit=100')).json() as { agents: { growth: string | null }[] };
    expect(movers.agents.every((agent) => Number(agent.growth) > 0)).toBe(true);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
  });

  test('a past period of the leaderboard leads straight back to this one', async ({ page }) => {
    await signInAs(page);
    await page.goto('/');
    await openTab(page, 'Leaderboard');
    const main = page.getByRole('main');
    const shown = main.getByRole('group', { name: 'Period shown' });
    await expect(shown).toContainText('This month');
    await expect(shown.getByRole('button', { name: 'Back to this month' })).toHaveCount(0);
    for (let i = 0; i < 3; i++) await shown.getByRole('button', { name: 'Previous month' }).click();
    await expect(shown.getByRole('button', { name: 'Next month' })).toBeEnabled();
    await shown.getByRole('button', { name: 'Back to this month' }).click();
    await expect(shown).toContainText('This month');
    await expect(shown.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await main.getByRole('radio', { name: 'Week' }).check();
    await shown.getByRole('button', { name: 'Previous week' }).click();
    await expect(shown.getByRole('button', { name: 'Back to this week' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await shown.screenshot({ path: test.info().outputPath('period-back-375.png') });
  });

  test('a reason the server gives about a field shows under that field, focused, not in a toast', async ({ page, pageErrors }) => {
    await signInAs(page);
    await page.goto('/');
    await openTab(page, 'Tier Settings');
    await page.getByRole('button', { name: 'Add reward option to Legend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Reward Option' });
    await dialog.getByLabel('Title').fill('Team dinner');
    await dialog.getByLabel('Description').fill('For four');
    // The request reaches the real server with a title this screen would not send (as when the server's rule is
    // newer than the page): its refusal names the field.
    await page.route('**/api/rewards', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, title: 'T'.repeat(121) }) });
    });
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/rewards') && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Add Reward' }).click();
    expect((await answered).status()).toBe(400);
    const title = dialog.getByLabel('Title');
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toBeFocused();
    await expect(title).toHaveAccessibleDescription(/120/);
    await expect(toasts(page).filter({ hasText: 'Error' })).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await page.unroute('**/api/rewards');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expectConsoleErrors(pageErrors, /status of 400/);
  });
});

