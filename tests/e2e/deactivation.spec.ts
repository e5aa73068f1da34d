// Deactivation (docs/product.md §12.16, issue 18): the owner makes an agent inactive on the Agents tab. The agent is signed out,
// cannot sign in (and is told why), leaves the monthly leaderboard, keeps its figures, and can be made active again.
import { ACCOUNT_INACTIVE } from '../../contract/sign-up';
import { createAgent, openTab, searchAgents, toasts } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

test('the owner makes an agent inactive and active again; meanwhile it cannot sign in and is off the leaderboard', async ({ page, browser }) => {
  await signInAs(page);
  const agent = await createAgent(page.request, 'Leaving', '987654.00');

  // The agent is signed in elsewhere.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await agentPage.goto('/agents');
  await agentPage.getByLabel('Email').fill(agent.email);
  await agentPage.getByLabel('Password').fill(agent.password);
  await agentPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(agentPage.getByRole('heading', { level: 1, name: `Welcome, ${agent.name}` })).toBeVisible();

  await page.goto('/');
  await openTab(page, 'Leaderboard');
  const board = page.getByRole('list', { name: 'Monthly Leaderboard' });
  await expect(board.getByText(agent.name)).toBeVisible();

  await openTab(page, 'Agents');
  await searchAgents(page, agent.name);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: agent.name }) });
  await card.getByRole('button', { name: 'Make Inactive' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Make ${agent.name} inactive?` });
  await expect(confirm).toContainText('cannot sign in');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Make Inactive' }).click();
  await expect(toasts(page).getByText(`${agent.name} is inactive now`)).toBeVisible();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  // Its history stays on its card.
  await expect(card).toContainText('$987,654');
  await expect(card.getByRole('button', { name: `Make a password link for ${agent.name}` })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('inactive-agent-card.png') });

  await openTab(page, 'Leaderboard');
  await expect(board).toBeVisible();
  await expect(board.getByText(agent.name)).toHaveCount(0);

  // Its session has ended: the portal shows the sign-in form again, and signing in says why it fails.
  await agentPage.reload();
  await expect(agentPage.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await agentPage.getByLabel('Email').fill(agent.email);
  await agentPage.getByLabel('Password').fill(agent.password);
  await agentPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(agentPage.getByRole('alert')).toHaveText(ACCOUNT_INACTIVE);

  await openTab(page, 'Agents');
  await searchAgents(page, agent.name);
  await card.getByRole('button', { name: 'Make Active' }).click();
  await expect(toasts(page).getByText(`${agent.name} is active again`)).toBeVisible();
  await expect(card.getByText('Inactive', { exact: true })).toHaveCount(0);

  await agentPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(agentPage.getByRole('heading', { level: 1, name: `Welcome, ${agent.name}` })).toBeVisible();
  await openTab(page, 'Leaderboard');
  await expect(board.getByText(agent.name)).toBeVisible();
  await agentContext.close();
});
