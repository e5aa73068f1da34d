// Goals (docs/decisions/0074-goals.md): the owner sets an agent's goal from the Goals tab, sees it move live as income
// arrives, changes its target and removes it; sets a whole team's goals at once; the agent sees its goals first on its
// dashboard; a manager has the tab too. The pace itself depends on the day the tests run (working days), so it is
// judged by the integration tests (tests/integration/goals.test.ts), not here. Axe and 375 px.
import type { APIRequestContext, Page } from '@playwright/test';
import type { GoalList } from '../../contract/goals';
import { addIncomeAsOwner, createAgent, expectNoHorizontalOverflow, openDashboard, openTab, toasts, type TestAgent } from './support/helpers';
import { expect, expectNoAxeViolations, signInAgent, signInAs, test } from './support/fixtures';

const goalsList = (page: Page) => page.getByRole('main').getByRole('list', { name: 'Goals', exact: true });
const goalOf = (page: Page, holder: string) => goalsList(page).getByRole('listitem').filter({ hasText: holder });

/** Picks an agent in a dialog's picker as a person does: part of the name typed, then the match clicked. */
async function pickAgent(page: Page, agent: TestAgent) {
  const dialog = page.getByRole('dialog');
  const picker = dialog.getByRole('combobox', { name: 'Agent' });
  await picker.fill(agent.name.slice(0, -2));
  await dialog.getByRole('option', { name: agent.name }).click();
  await expect(picker).toHaveValue(agent.name);
}

async function goalIdsOf(request: APIRequestContext, agentIds: number[]): Promise<number[]> {
  const response = await request.get('/api/goals');
  expect(response.status()).toBe(200);
  const { goals } = (await response.json()) as GoalList;
  return goals.filter((goal) => goal.agentId !== null && agentIds.includes(goal.agentId)).map((goal) => goal.id);
}

const made: number[] = [];
/** Team goals this spec set (removed after it). */
const teamGoals: number[] = [];

test.afterAll(async ({ playwright }, testInfo) => {
  // The goals of this spec's agents go, so that later specs' Goals tab shows only theirs.
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signInAs(request);
  for (const id of [...(await goalIdsOf(request, made)), ...teamGoals]) expect([204, 404]).toContain((await request.delete(`/api/goals/${id}`)).status());
  await request.dispose();
});

test.describe('goals', () => {
  test('the owner sets an agent’s goal, sees it move as income arrives, changes the target and removes it', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signInAs(page);
    const agent = await createAgent(page.request, 'Goal');
    made.push(agent.id);
    await openDashboard(page);
    await openTab(page, 'Goals');
    await expect(page.getByRole('heading', { name: 'Goals' })).toBeVisible();

    await page.getByRole('button', { name: 'Set goal', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Set goal' });
    await expect(dialog).toBeVisible();
    // Nothing picked, no target: both said at their fields, nothing sent.
    await dialog.getByRole('button', { name: 'Set goal', exact: true }).click();
    await expect(dialog.getByText('Please select an agent')).toBeVisible();
    await expect(dialog.getByText('Enter a target')).toBeVisible();
    await pickAgent(page, agent);
    await dialog.getByLabel('Metric', { exact: true }).selectOption({ label: 'Profit' });
    await dialog.getByLabel('Period', { exact: true }).selectOption({ label: 'Monthly' });
    await dialog.getByLabel('Target ($)', { exact: true }).fill('0');
    await dialog.getByRole('button', { name: 'Set goal', exact: true }).click();
    await expect(dialog.getByText('An amount above zero, at most two decimals')).toBeVisible();
    await dialog.getByLabel('Target ($)', { exact: true }).fill('1000');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Set goal', exact: true }).click();
    await expect(toasts(page).filter({ hasText: `${agent.name}: $1,000 Profit, monthly.` })).toContainText('Goal set');
    await expect(dialog).toBeHidden();

    const goal = goalOf(page, agent.name);
    await expect(goal).toContainText('Profit · Monthly');
    await expect(goal).toContainText('$0 of $1,000 (0%)');
    await expect(goal.getByRole('progressbar', { name: 'Profit: 0% of the target' })).toBeVisible();

    // Income recorded elsewhere moves the goal on this screen (the live stream).
    await addIncomeAsOwner(page.request, agent.id, '500.00');
    await expect(goal).toContainText('$500 of $1,000 (50%)');
    await expect(goal.getByRole('progressbar', { name: 'Profit: 50% of the target' })).toBeVisible();

    await goal.getByRole('button', { name: `Change the target of ${agent.name}’s Profit goal` }).click();
    const edit = page.getByRole('dialog', { name: 'Change target' });
    await edit.getByLabel('Target', { exact: true }).fill('2000');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page).filter({ hasText: `${agent.name}’s Profit goal.` }).first()).toContainText('Target changed');
    await expect(goal).toContainText('$500 of $2,000 (25%)');
    await expectNoAxeViolations(page);

    // The agent sees it first on its dashboard.
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    await signInAgent(agentPage.request, agent);
    await agentPage.goto('/agent/dashboard');
    const mine = agentPage.getByRole('region', { name: 'Your goals' });
    await expect(mine).toContainText('Profit · Monthly');
    await expect(mine).toContainText('$500 of $2,000 (25%)');
    await expect(mine).toContainText('Expected by now');
    await expectNoAxeViolations(agentPage);
    await agentPage.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(agentPage);
    await agentPage.screenshot({ path: test.info().outputPath('agent-goals-375.png'), fullPage: true });
    await agentContext.close();

    await goal.getByRole('button', { name: `Remove ${agent.name}’s Profit goal` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove goal' }).click();
    await expect(toasts(page).filter({ hasText: `${agent.name}’s Profit goal.` }).filter({ hasText: 'Goal removed' })).toBeVisible();
    await expect(goalOf(page, agent.name)).toHaveCount(0);
  });

  test('the owner sets a team’s goals at once, each agent’s target its own; the TV shows the team’s goal; a manager has the tab', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signInAs(page);
    const first = await createAgent(page.request, 'Teamgoal');
    const second = await createAgent(page.request, 'Teamgoal');
    made.push(first.id, second.id);
    const team = await page.request.post('/api/teams', { data: { name: `Goal team ${Date.now()}`, agentIds: [first.id, second.id] } });
    expect(team.status(), await team.text()).toBe(201);
    const teamName = ((await team.json()) as { name: string }).name;
    await openDashboard(page);
    await openTab(page, 'Goals');
    await page.getByRole('button', { name: 'Goals for a team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Goals for a team' });
    await dialog.getByLabel('Team', { exact: true }).selectOption({ label: teamName });
    await dialog.getByLabel('Metric', { exact: true }).selectOption({ label: 'Profit' });
    await dialog.getByLabel('Period', { exact: true }).selectOption({ label: 'Weekly' });
    const targets = dialog.getByRole('list', { name: 'Targets by agent' });
    await expect(targets.getByRole('listitem')).toHaveCount(2);
    // New agents have no history: nothing is suggested, the manager types the targets.
    await expect(targets).toContainText('No history to suggest from');
    await dialog.getByLabel(first.name).fill('300');
    await dialog.getByLabel(second.name).fill('-5');
    await dialog.getByRole('button', { name: 'Set goals' }).click();
    await expect(dialog.getByText('An amount above zero, at most two decimals')).toBeVisible();
    await dialog.getByLabel(second.name).fill('450.50');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Set goals' }).click();
    await expect(toasts(page).filter({ hasText: '2 weekly Profit goals.' })).toContainText('Goals set');
    await expect(goalOf(page, first.name)).toContainText('$0 of $300 (0%)');
    await expect(goalOf(page, second.name)).toContainText('of $451');

    // Filtered to the team: its agents' goals only.
    await page.getByRole('main').getByLabel('Team', { exact: true }).selectOption({ label: teamName });
    await expect(goalsList(page).getByRole('listitem')).toHaveCount(2);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: test.info().outputPath('goals-tab-375.png'), fullPage: true });

    // The team's own goal is on the TV, a slide of its own among the boards.
    const teamGoal = await page.request.post('/api/goals', { data: { teamId: ((await team.json()) as { id: number }).id, metric: 'profit', period: 'month', target: '5000' } });
    expect(teamGoal.status(), await teamGoal.text()).toBe(201);
    teamGoals.push(((await teamGoal.json()) as { id: number }).id);
    const link = await page.request.post('/api/tv-links', { data: { name: 'Goals TV', showAmounts: true } });
    expect(link.status()).toBe(201);
    const tvContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const tv = await tvContext.newPage();
    await tv.clock.install();
    await tv.goto(`/tv/${((await link.json()) as { token: string }).token}`);
    await expect(tv.getByRole('list', { name: 'Boards' })).toContainText('Team goals');
    // The boards take turns every 15 s (the page's clock, moved on): the goals' slide comes third.
    await expect(tv.getByRole('heading', { level: 1, name: 'Top 10 · This week' })).toBeVisible();
    await tv.clock.fastForward(15_000);
    await expect(tv.getByRole('heading', { level: 1, name: 'Top 10 · This month' })).toBeVisible();
    await tv.clock.fastForward(15_000);
    await expect(tv.getByRole('heading', { level: 1, name: 'Team goals' })).toBeVisible();
    await expect(tv.getByRole('list', { name: 'Team goals' }).getByRole('listitem').filter({ hasText: teamName })).toContainText('0% · $0 of $5,000');
    await tv.screenshot({ path: test.info().outputPath('tv-team-goals.png') });
    await tvContext.close();

    // A manager who leads no team reads every goal and may set them.
    const managerContext = await browser.newContext();
    const manager = await managerContext.newPage();
    await openDashboard(manager, 'manager');
    await openTab(manager, 'Goals');
    await expect(goalOf(manager, first.name)).toContainText('$0 of $300 (0%)');
    await expect(manager.getByRole('button', { name: 'Set goal', exact: true })).toBeVisible();
    await managerContext.close();
  });
});
