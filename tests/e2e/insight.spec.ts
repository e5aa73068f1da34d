// Insight (docs/product.md §12.14): the owner's board of every period with its podium and each agent's
// movement, the agent's rank card and entries, and the agent's profile (public boards, name, password).
import type { APIRequestContext, Page } from '@playwright/test';
import type { LeaderboardBoardPage, MyProfile } from '../../contract/insight';
import { addIncome, createAgent, expectConsoleErrors, expectNoHorizontalOverflow, openTab, searchAgents, toasts, type TestAgent } from './support/helpers';
import { expect, expectNoAxeViolations, signInAgent, signInAs, test } from './support/fixtures';

const leaderboardRows = (page: Page, heading = 'Monthly Leaderboard') => page.getByRole('list', { name: heading }).getByRole('listitem');
const rankCard = (page: Page) => page.getByRole('region', { name: 'My rank' });

/** The board as the signed-in owner reads it through the API. */
async function board(request: APIRequestContext, query: string): Promise<LeaderboardBoardPage> {
  const response = await request.get(`/api/owner/leaderboard?${query}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LeaderboardBoardPage;
}

/** A local day as words, the way the screens name periods in en-US ("November 2026", "Week of Nov 16, 2026"). */
const day = (value: string) => new Date(`${value.slice(0, 10)}T12:00:00Z`);
const monthWords = (start: string) => day(start).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekWords = (start: string) => `Week of ${day(start).toLocaleString('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`;

/** An entry dated on a given local day (noon UTC: the e2e server's organisation time zone is UTC). */
async function addIncomeOn(request: APIRequestContext, agentId: number, amount: string, localDay: string) {
  const response = await request.post('/api/income-entries', { data: { agentId, amount, description: 'E2E back-dated', date: `${localDay}T12:00:00Z` } });
  expect(response.status(), await response.text()).toBe(201);
}

const places = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`;

test.describe('the leaderboard of every period', () => {
  test('switches the period, goes back a month and forward again, and offers Most improved but not for all time', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAs(page);
    await page.goto('/');
    await openTab(page, 'Leaderboard');
    const main = page.getByRole('main');
    const shown = main.getByRole('group', { name: 'Period shown' });
    const thisMonth = await board(page.request, 'period=month&limit=25');
    const previousMonth = await board(page.request, `period=month&at=${thisMonth.period.previous}&limit=25`);

    // This month by default: the tab's heading and labels as before, the month in words, no next month yet.
    await expect(main.getByRole('heading', { level: 2, name: 'Monthly Leaderboard' })).toBeVisible();
    await expect(main.getByRole('radio', { name: 'Month' })).toBeChecked();
    await expect(shown).toContainText(monthWords(thisMonth.period.start!));
    await expect(shown).toContainText('This month');
    await expect(main.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await expect(leaderboardRows(page).first()).toContainText('This Month');
    await expectNoAxeViolations(page);

    // The month before: its own ranking and words; Next comes back.
    await main.getByRole('button', { name: 'Previous month' }).click();
    await expect(shown).toContainText(monthWords(previousMonth.period.start!));
    await expect(main.getByText(`Agents ranked by income earned in ${monthWords(previousMonth.period.start!)}.`)).toBeVisible();
    await expect(leaderboardRows(page).first()).toContainText(previousMonth.agents[0]!.name);
    await expect(leaderboardRows(page).first()).toContainText(monthWords(previousMonth.period.start!));
    await expect(leaderboardRows(page)).toHaveCount(previousMonth.agents.length);
    await expect(main.getByRole('button', { name: 'Next month' })).toBeEnabled();
    await expectNoAxeViolations(page);

    await main.getByRole('button', { name: 'Next month' }).click();
    await expect(shown).toContainText(monthWords(thisMonth.period.start!));
    await expect(main.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await expect(leaderboardRows(page).first()).toContainText('This Month');

    // The week: its heading and words, and growth against the week before.
    await main.getByRole('radio', { name: 'Week' }).check();
    const thisWeek = await board(page.request, 'period=week&limit=25');
    await expect(main.getByRole('heading', { level: 2, name: 'Weekly Leaderboard' })).toBeVisible();
    await expect(shown).toContainText(weekWords(thisWeek.period.start!));
    const growth = main.getByRole('switch', { name: 'Most improved' });
    await expect(growth).toHaveAttribute('aria-checked', 'false');
    await growth.click();
    await expect(growth).toHaveAttribute('aria-checked', 'true');
    await expect(main.getByText(/Agents ranked by how much their income grew against the week before/)).toBeVisible();
    await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // All time: no previous period, so neither Most improved nor the period's arrows; growth goes back to income.
    await main.getByRole('radio', { name: 'All time' }).check();
    await expect(main.getByRole('heading', { level: 2, name: 'All-time Leaderboard' })).toBeVisible();
    await expect(growth).toHaveCount(0);
    await expect(shown).toHaveCount(0);
    const allTime = await board(page.request, 'period=all&limit=25');
    await expect(leaderboardRows(page, 'All-time Leaderboard').first()).toContainText(allTime.agents[0]!.name);
    await expect(leaderboardRows(page, 'All-time Leaderboard').first()).toContainText('All Time');
    await expectNoAxeViolations(page);

    // A phone: the switch wraps rather than pushing the page sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await main.getByRole('radio', { name: 'Quarter' }).check();
    await expect(main.getByRole('heading', { level: 2, name: 'Quarterly Leaderboard' })).toBeVisible();
    await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });

  test('a podium for the first three, and each row says how far it moved since last month', async ({ page }) => {
    await signInAs(page);
    const { period } = await board(page.request, 'period=month&limit=1');
    const lastMonth = period.previous!;
    // A climber (nothing much last month, a lot now), a faller (the reverse) and a newcomer (this month only).
    const climber = await createAgent(page.request, 'Climber');
    await addIncomeOn(page.request, climber.id, '1.00', lastMonth);
    await addIncome(page.request, climber.id, '5000000.00');
    const faller = await createAgent(page.request, 'Faller');
    await addIncomeOn(page.request, faller.id, '4000000.00', lastMonth);
    await addIncome(page.request, faller.id, '1.00');
    const newcomer = await createAgent(page.request, 'Newcomer', '2500.00');

    await page.goto('/');
    await openTab(page, 'Leaderboard');
    const main = page.getByRole('main');

    // The podium: the board's first three, in rank order, each with its medal.
    const top = (await board(page.request, 'period=month&limit=3')).agents;
    const podium = main.getByRole('region', { name: 'Top three this month' }).getByRole('listitem');
    await expect(podium).toHaveCount(3);
    for (const [index, medal] of ['1st place', '2nd place', '3rd place'].entries()) {
      await expect(podium.nth(index)).toContainText(top[index]!.name);
      await expect(podium.nth(index)).toContainText(`Rank ${top[index]!.rank}`);
      await expect(podium.nth(index)).toContainText(medal);
    }
    // The first row is still the leader's, with its medal (docs/product.md §11.7).
    await expect(leaderboardRows(page).first()).toContainText('Rank 1');
    await expect(leaderboardRows(page).first()).toContainText('1st place');
    await expectNoAxeViolations(page);

    const standing = async (agent: TestAgent) => (await board(page.request, `period=month&search=${encodeURIComponent(agent.name)}`)).agents[0]!;
    const up = await standing(climber);
    expect(up.previousRank! - up.rank).toBeGreaterThan(0);
    await searchAgents(page, climber.name);
    await expect(leaderboardRows(page)).toHaveCount(1);
    await expect(leaderboardRows(page).first()).toContainText(`Up ${places(up.previousRank! - up.rank)} since last month`);
    // No podium while searching: the page is not the top of the board.
    await expect(main.getByRole('region', { name: 'Top three this month' })).toHaveCount(0);

    const down = await standing(faller);
    await searchAgents(page, faller.name);
    await expect(leaderboardRows(page).first()).toContainText(`Down ${places(down.rank - down.previousRank!)} since last month`);

    await searchAgents(page, newcomer.name);
    await expect(leaderboardRows(page).first()).toContainText('New on the board: no income last month');
    await expectNoAxeViolations(page);
  });
});

test.describe("the agent's rank, entries and profile", () => {
  test('the rank card shows the place and its neighbours; an opted-out neighbour is "Anonymous agent" to others, named to the owner', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await signInAs(request);
    // Two agents next to each other on this month's board: the shy one a cent above.
    const agent = await createAgent(request, 'Ranked', '123456.78');
    const shy = await createAgent(request, 'Shy', '123456.79');

    // The shy agent turns "Show me on public boards" off; it stays off after a reload.
    await signInAgent(page.request, shy);
    await page.goto('/agent/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    const publicSwitch = page.getByRole('switch', { name: 'Show me on public boards' });
    await expect(publicSwitch).toHaveAttribute('aria-checked', 'true');
    await expectNoAxeViolations(page);
    await publicSwitch.click();
    await expect(publicSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(toasts(page).filter({ hasText: 'You are hidden from public boards' })).toBeVisible();
    await expect(page.getByText('Off: you are shown as "Anonymous agent".')).toBeVisible();
    await page.reload();
    await expect(publicSwitch).toHaveAttribute('aria-checked', 'false');
    expect(((await (await page.request.get('/api/agents/me')).json()) as MyProfile).publicProfile).toBe(false);

    // The other agent's rank card: its place, and the shy one above it without a name.
    await signInAgent(page.request, agent);
    await page.goto('/agent/dashboard');
    const mine = (await (await page.request.get('/api/agents/me/rank?period=month')).json()) as { rank: number; of: number };
    await expect(rankCard(page)).toContainText(`Rank ${mine.rank} of ${mine.of} this month`);
    await expect(rankCard(page)).toContainText('$123,456.78 earned this month');
    const neighbours = rankCard(page).getByRole('list', { name: 'Around you' }).getByRole('listitem');
    const me = neighbours.filter({ hasText: agent.name });
    await expect(me).toHaveAttribute('aria-current', 'true');
    await expect(me).toContainText('You');
    await expect(me).toContainText(`Rank ${mine.rank}`);
    const above = neighbours.filter({ hasText: '$123,456.79' });
    await expect(above).toContainText('Anonymous agent');
    await expect(rankCard(page)).not.toContainText(shy.name);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // The owner still sees the shy agent's name on the leaderboard.
    await signInAs(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await openTab(page, 'Leaderboard');
    await searchAgents(page, shy.name);
    await expect(leaderboardRows(page).first()).toContainText(shy.name);
  });

  test('my entries: newest first, a page at a time, a voided entry struck through with its reason and reversal', async ({ page, request }) => {
    await signInAs(request);
    const agent = await createAgent(request, 'Entries');
    for (let n = 1; n <= 10; n += 1) await addIncome(request, agent.id, `${n}00.00`, `Deal number ${n}`);
    const last = await addIncome(request, agent.id, '1100.00', 'Deal entered twice');
    const voided = await request.post(`/api/income-entries/${last.id}/void`, { data: { reason: 'Entered twice by mistake' } });
    expect(voided.status(), await voided.text()).toBe(200);

    await signInAgent(page.request, agent);
    await page.goto('/agent/dashboard');
    const entries = page.getByRole('list', { name: 'My entries' }).getByRole('listitem');
    await expect(entries).toHaveCount(10);
    // Newest first: the reversal, then the entry it voids.
    await expect(entries.first()).toContainText(`Reversal of entry #${last.id}`);
    await expect(entries.first()).toContainText('Deduction');
    await expect(entries.nth(1)).toContainText('Voided');
    await expect(entries.nth(1)).toContainText('Addition, voided: +$1,100.00');
    await expect(entries.nth(1)).toContainText('Entered twice by mistake');
    await expect(entries.nth(1).locator('del')).toHaveText('+$1,100.00');
    await expectNoAxeViolations(page);

    const pager = page.getByRole('navigation', { name: 'Entries pages' });
    await expect(pager).toContainText('1-10 of 12');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText('11-12 of 12');
    await expect(entries).toHaveCount(2);
    await expect(entries.last()).toContainText('Deal number 1');
    await expect(entries.last()).toContainText('+$100.00');
  });

  test('the profile saves the name and position, and changes the password with the server’s refusals in the form', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.setTimeout(45_000);
    await signInAs(request);
    const agent = await createAgent(request, 'Profile');
    await signInAgent(page.request, agent);
    // A second device, signed in as the same agent.
    await signInAgent(request, agent);

    await page.goto('/agent/dashboard');
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/agent/profile');
    const details = page.getByRole('region', { name: 'Your details' });
    await expect(details.getByLabel('Name')).toHaveValue(agent.name);
    await details.getByLabel('Position').fill('Team Lead');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(toasts(page).filter({ hasText: 'Profile updated' })).toBeVisible();
    await page.reload();
    await expect(details.getByLabel('Position')).toHaveValue('Team Lead');
    // An empty name is refused before anything is sent.
    await details.getByLabel('Name').fill(' ');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(details.getByText('Name is required')).toBeVisible();

    const password = page.getByRole('region', { name: 'Change password' });
    await expect(password).toContainText('Changing your password signs you out on your other devices.');
    // The server refuses a wrong current password: its message under the field.
    await password.getByLabel('Current password').fill('not-my-password');
    await password.getByLabel('New password', { exact: true }).fill('brand-new-secret-7');
    await password.getByLabel('Confirm new password').fill('brand-new-secret-7');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('The password is not correct')).toBeVisible();
    await expect(password.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    // Two different new passwords never leave the page.
    await password.getByLabel('Current password').fill(agent.password);
    await password.getByLabel('Confirm new password').fill('brand-new-secret-8');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('The passwords do not match')).toBeVisible();

    await password.getByLabel('Confirm new password').fill('brand-new-secret-7');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(toasts(page).filter({ hasText: 'Password changed' })).toBeVisible();
    await expect(password.getByLabel('Current password')).toHaveValue('');
    // This device stays signed in; the other one is signed out; the new password signs in.
    expect((await page.request.get('/api/agents/session')).status()).toBe(200);
    expect((await request.get('/api/agents/session')).status()).toBe(401);
    await signInAgent(request, { email: agent.email, password: 'brand-new-secret-7' });

    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    expectConsoleErrors(pageErrors, /status of 400/);
  });

  test('signed out, the profile page says how to sign in', async ({ page }) => {
    await page.goto('/agent/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to see your profile' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the Agent Portal' })).toHaveAttribute('href', '/agents');
    await expectNoAxeViolations(page);
  });
});
