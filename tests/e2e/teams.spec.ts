// Teams (docs/product.md §12.16, issue 18): the owner makes a team on the Teams tab with a manager and an agent; the manager signs
// in and sees only that team's agents on the overview, the leaderboard and the agents list, and the team board.
import { createAgent, expectNoHorizontalOverflow, openTab, searchAgents, toasts, uniqueName } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

test('the owner makes a team; its manager signs in and sees only the team', async ({ page, browser }) => {
  await signInAs(page);
  const inTeam = await createAgent(page.request, 'Teamed', '4321.00');
  const outside = await createAgent(page.request, 'Outsider', '98765.00');
  const manager = uniqueName('Team Lead');
  expect((await page.request.post('/api/users', { data: { email: manager.email, name: manager.name, role: 'manager', password: 'team-lead-pass-1' } })).status()).toBe(201);
  const teamName = uniqueName('Falcons').name;

  await page.goto('/');
  await openTab(page, 'Teams');
  await page.getByRole('button', { name: 'New Team' }).click();
  const dialog = page.getByRole('dialog', { name: 'New team' });
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(dialog.getByText('Team name is required')).toBeVisible();
  await dialog.getByLabel('Team name').fill(teamName);
  await dialog.getByRole('checkbox', { name: manager.name }).check();
  await dialog.getByLabel('Add agents').fill(inTeam.name);
  await dialog.getByRole('list', { name: 'Matching agents' }).getByRole('checkbox', { name: new RegExp(inTeam.name) }).check();
  await expect(dialog.getByRole('list', { name: 'Agents in the team' })).toContainText(inTeam.name);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(toasts(page).getByText(`${teamName} created`)).toBeVisible();

  const card = page.getByRole('list', { name: 'Teams list' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: teamName }) });
  await expect(card).toContainText(manager.name);
  await expect(card).toContainText(inTeam.name);
  const boardRow = page.getByRole('table', { name: 'Team against team' }).getByRole('row').filter({ hasText: teamName });
  await expect(boardRow).toContainText('$4,321.00');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('teams-tab-owner.png'), fullPage: true });

  // The owner filters the leaderboard by the team.
  await openTab(page, 'Leaderboard');
  const board = page.getByRole('list', { name: 'Monthly Leaderboard' });
  await expect(board.getByText(outside.name)).toBeVisible();
  await page.getByLabel('Team', { exact: true }).selectOption({ label: teamName });
  await expect(board.getByText(inTeam.name)).toBeVisible();
  await expect(board.getByText(outside.name)).toHaveCount(0);

  // The manager, in a browser of their own.
  const context = await browser.newContext();
  const managerPage = await context.newPage();
  expect((await managerPage.request.post('/api/auth/login', { data: { email: manager.email, password: 'team-lead-pass-1' } })).status()).toBe(200);
  await managerPage.goto('/');
  const totalAgents = managerPage.locator('dl > div').filter({ has: managerPage.locator('dt', { hasText: 'Total Agents' }) }).locator('dd');
  await expect(totalAgents).toHaveText('1Active sales agents');
  // Whose view it is, and which team (issue 35).
  await expect(managerPage.getByRole('banner')).toContainText(`Manager view · team ${teamName}`);
  await openTab(managerPage, 'Leaderboard');
  await expect(managerPage.getByLabel('Team', { exact: true }).locator('option').first()).toHaveText('All my teams');
  const managerBoard = managerPage.getByRole('list', { name: 'Monthly Leaderboard' });
  await expect(managerBoard.getByText(inTeam.name)).toBeVisible();
  await expect(managerBoard.getByText(outside.name)).toHaveCount(0);
  await openTab(managerPage, 'Agents');
  await expect(managerPage.getByRole('main')).toContainText(`The agents of your team ${teamName}, with their income by period.`);
  await searchAgents(managerPage, outside.name);
  await expect(managerPage.getByText('No matching agents')).toBeVisible();
  await searchAgents(managerPage, inTeam.name);
  await expect(managerPage.getByRole('heading', { name: inTeam.name })).toBeVisible();
  // Another team's agent, asked for by id: refused.
  expect((await managerPage.request.get(`/api/agents/${outside.id}`)).status()).toBe(403);

  await openTab(managerPage, 'Teams');
  await expect(managerPage.getByRole('button', { name: 'New Team' })).toHaveCount(0);
  // Their own team's figures only (issue 30): a one-agent team's income would be that agent's.
  const ledBoard = managerPage.getByRole('table', { name: 'Your teams' });
  await expect(ledBoard.getByRole('row').filter({ hasText: teamName })).toContainText('$4,321.00');
  await expect(ledBoard.locator('tbody').getByRole('row')).toHaveCount(1);
  await expect(managerPage.getByText("Other teams' figures are not shown.")).toBeVisible();
  await managerPage.screenshot({ path: test.info().outputPath('teams-tab-manager.png'), fullPage: true });
  await expect(managerPage.getByRole('list', { name: 'Teams list' }).getByRole('listitem')).toHaveCount(1);
  await expect(managerPage.getByRole('heading', { name: teamName })).toBeVisible();
  await managerPage.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(managerPage);
  await expectNoAxeViolations(managerPage);
  await context.close();

  // The owner deletes the team: its agent stays.
  await openTab(page, 'Teams');
  await card.getByRole('button', { name: `Delete ${teamName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Team' }).click();
  await expect(toasts(page).getByText(`${teamName} deleted`)).toBeVisible();
  await expect(page.getByRole('heading', { name: teamName })).toHaveCount(0);
  expect((await page.request.get(`/api/agents/${inTeam.id}`)).status()).toBe(200);
});

// Issue 35: adding Elena to South moved her out of North with no warning, and a North dialog opened from an old read
// still had her ticked, so saving it (even to rename) moved her back. The dialog reads the teams afresh when it opens,
// shows each agent's team in the picker, says who moves before saving, and sends only what it changed.
test('moving an agent between teams says who moves, and a rename from a dialog opened on an old read moves nobody', async ({ page }) => {
  // Two dialogs walked through, each checked with axe.
  test.setTimeout(90_000);
  await signInAs(page);
  const [elena, marco, ana] = [await createAgent(page.request, 'Elena'), await createAgent(page.request, 'Marco'), await createAgent(page.request, 'Ana')];
  const north = uniqueName('North').name;
  const south = uniqueName('South').name;
  const made = async (name: string, agentIds: number[]) => {
    const answer = await page.request.post('/api/teams', { data: { name, agentIds } });
    expect(answer.status()).toBe(201);
    return ((await answer.json()) as { id: number }).id;
  };
  const northId = await made(north, [elena.id, marco.id]);
  const southId = await made(south, [ana.id]);
  const teamOf = async (agentId: number) => {
    const teams = ((await (await page.request.get('/api/teams')).json()) as { teams: { name: string; agents: { id: number }[] }[] }).teams;
    return teams.find((team) => team.agents.some((agent) => agent.id === agentId))?.name ?? null;
  };
  // No live updates on this page (the stream's request is held): what it read first stays in its cache, as when the
  // stream is down, so only a fresh read when a dialog opens can show the change made below.
  await page.route('**/api/events*', () => {});
  await page.goto('/');
  await openTab(page, 'Teams');
  const cards = page.getByRole('list', { name: 'Teams list' }).getByRole('listitem');
  const northCard = cards.filter({ has: page.getByRole('heading', { name: north, exact: true }) });
  await expect(northCard).toContainText(elena.name);

  // The owner adds Elena to South: the picker shows she is in North, and the dialog says she moves.
  await cards.filter({ has: page.getByRole('heading', { name: south, exact: true }) }).getByRole('button', { name: `Edit ${south}` }).click();
  const southDialog = page.getByRole('dialog', { name: `Edit ${south}` });
  const moves = southDialog.getByRole('region', { name: 'On save' });
  await expect(moves).toContainText('No agent moves.');
  await southDialog.getByLabel('Add agents').fill(elena.email);
  const match = southDialog.getByRole('list', { name: 'Matching agents' }).getByRole('listitem').filter({ hasText: elena.name });
  await expect(match).toContainText(`In ${north}`);
  await match.getByRole('checkbox').check();
  await expect(moves).toContainText(`${elena.name} moves from ${north} to ${south}.`);
  await southDialog.getByRole('button', { name: `Remove ${ana.name}` }).click();
  await expect(moves).toContainText(`${ana.name} leaves ${south} and is in no team.`);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('team-moves.png') });
  // Ticking her again undoes it.
  await southDialog.getByLabel('Add agents').fill(ana.email);
  await southDialog.getByRole('list', { name: 'Matching agents' }).getByRole('checkbox', { name: new RegExp(ana.name) }).check();
  await expect(moves.getByRole('listitem')).toHaveCount(1);
  await southDialog.getByRole('button', { name: 'Save team' }).click();
  await expect(toasts(page).getByText(`${south} saved`)).toBeVisible();
  expect(await teamOf(elena.id)).toBe(south);
  expect(await teamOf(marco.id)).toBe(north);

  // Meanwhile, elsewhere, Marco moves to South too; this page hears nothing of it (its North card still names him).
  expect((await page.request.patch(`/api/agents/${marco.id}`, { data: { teamId: southId } })).status()).toBe(200);
  await expect(northCard).toContainText(marco.name);

  // Edit North reads the teams afresh: neither Elena nor Marco is ticked, and a rename moves nobody.
  await northCard.getByRole('button', { name: `Edit ${north}` }).click();
  const northDialog = page.getByRole('dialog', { name: `Edit ${north}` });
  await expect(northDialog.getByRole('group', { name: 'Agents (0)' })).toBeVisible();
  await expect(northDialog.getByRole('list', { name: 'Agents in the team' })).toHaveCount(0);
  const renamed = `${north} Region`;
  await northDialog.getByLabel('Team name').fill(renamed);
  await expect(northDialog.getByRole('region', { name: 'On save' })).toContainText('No agent moves.');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await northDialog.getByRole('button', { name: 'Save team' }).click();
  await expect(toasts(page).getByText(`${renamed} saved`)).toBeVisible();
  expect(await teamOf(elena.id)).toBe(south);
  expect(await teamOf(marco.id)).toBe(south);
  const north2 = ((await (await page.request.get('/api/teams')).json()) as { teams: { id: number; name: string }[] }).teams.find((team) => team.id === northId);
  expect(north2?.name).toBe(renamed);
});
