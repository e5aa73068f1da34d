import {
  addIncome,
  agentByName,
  allowConsoleErrors,
  chooseAgentAction,
  createAgent,
  expectConsoleErrors,
  expectNoHorizontalOverflow,
  openTab,
  readDownload,
  searchAgents,
  tierByName,
  uniqueName,
  toasts,
} from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

test.describe('agents tab', () => {
  test('shows a card per agent with its figures', async ({ page }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Figures', '2500.40');
    await addIncome(page.request, agent.id, '-500.40');
    await page.goto('/');
    await openTab(page, 'Agents');
    await searchAgents(page, agent.name);

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: agent.name }) });
    await expect(card).toContainText('Field Agent');
    await expect(card.getByText('Agent', { exact: true })).toBeVisible();
    await expect(card.locator('dl > div').filter({ has: page.locator('dt', { hasText: 'Total Profit' }) }).locator('dd')).toHaveText('$2,000');
    for (const period of ['Weekly', 'Monthly', 'Yearly']) {
      await expect(card.locator('dl > div').filter({ has: page.locator('dt', { hasText: period }) }).locator('dd')).toHaveText('$2,000');
    }
    await expect(card.locator('dl > div').filter({ has: page.locator('dt', { hasText: 'Total entries' }) }).locator('dd')).toHaveText('2');
    await expect(card.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Tier$/ }) }).locator('dd')).toHaveText('None yet');
    await expect(card.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Team$/ }) }).locator('dd')).toHaveText('None');
    // Delete is in the card's menu, not on its face (issue 35).
    await expect(card.getByRole('button', { name: 'Delete Agent' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: `More actions for ${agent.name}` })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a card shows the agent's highest tier reached and its team", async ({ page }) => {
    await signInAs(page);
    const silver = await tierByName(page.request, 'Silver');
    const agent = await createAgent(page.request, 'Climber', silver.threshold);
    const team = uniqueName('Climbers').name;
    expect((await page.request.post('/api/teams', { data: { name: team, agentIds: [agent.id] } })).status()).toBe(201);
    await page.goto('/');
    await openTab(page, 'Agents');
    await searchAgents(page, agent.name);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: agent.name }) });
    const tier = card.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Tier$/ }) }).locator('dd');
    await expect(tier).toHaveText(silver.name);
    await expect(card.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Team$/ }) }).locator('dd')).toHaveText(team);
    // A deduction below the threshold does not take the tier reached away (as on the agent's page and in the export).
    await addIncome(page.request, agent.id, '-100.00');
    const lowered = (BigInt(silver.threshold.split('.')[0]!) - 100n).toLocaleString('en-US');
    await expect(card.locator('dl > div').filter({ has: page.locator('dt', { hasText: 'Total Profit' }) }).locator('dd')).toHaveText(`$${lowered}`);
    await expect(tier).toHaveText(silver.name);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });

  test('Edit agent changes the name, email, position and team; a taken email is refused under its field', async ({ page, request, pageErrors }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Editable');
    const other = await createAgent(page.request, 'Taken');
    const team = uniqueName('Editors').name;
    expect((await page.request.post('/api/teams', { data: { name: team } })).status()).toBe(201);
    await page.goto('/');
    await openTab(page, 'Agents');
    // Found by name: the new name begins with the old one, so the card stays in the list after the edit.
    await searchAgents(page, agent.name);
    const card = page.getByRole('list', { name: 'Agents' }).getByRole('listitem').first();
    await expect(card.getByRole('heading', { name: agent.name })).toBeVisible();

    // The menu works from the keyboard: arrows move among its actions, Escape gives the focus back.
    const more = card.getByRole('button', { name: `More actions for ${agent.name}` });
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = card.getByRole('menu', { name: `More actions for ${agent.name}` });
    await expect(menu.getByRole('menuitem', { name: 'Edit agent' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Delete Agent' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();

    await chooseAgentAction(card, agent.name, 'Edit agent');
    const dialog = page.getByRole('dialog', { name: `Edit ${agent.name}` });
    await expect(dialog.getByLabel('Name')).toHaveValue(agent.name);
    await expect(dialog.getByLabel('Email')).toHaveValue(agent.email);
    await expect(dialog.getByLabel('Position')).toHaveValue('Field Agent');
    await expect(dialog.getByLabel('Team')).toHaveValue('');

    // Checked as on Add Agent, before anything is sent.
    await dialog.getByLabel('Name').fill('   ');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save agent' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Invalid email address')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expectNoAxeViolations(page);

    // Another agent's email: the server's reason under the email, focus on it, nothing changed.
    const renamed = { name: `${agent.name} Ortega`, email: uniqueName('Edited').email };
    await dialog.getByLabel('Name').fill(`  ${agent.name}   Ortega `);
    await dialog.getByLabel('Email').fill(other.email);
    await dialog.getByRole('button', { name: 'Save agent' }).click();
    await expect(dialog.getByText('An account with this email already exists')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(await agentByName(page.request, agent.name)).toBeDefined();
    expectConsoleErrors(pageErrors, /status of 409/);

    await dialog.getByLabel('Email').fill(renamed.email.toUpperCase());
    await dialog.getByLabel('Position').fill('Team Lead');
    await dialog.getByLabel('Team').selectOption({ label: team });
    await dialog.getByRole('button', { name: 'Save agent' }).click();
    await expect(toasts(page).getByText(`${renamed.name} saved`)).toBeVisible();
    await expect(dialog).toBeHidden();
    // The card follows (the list was read again), the focus back on its menu's button; the Teams tab names the agent.
    const edited = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: renamed.name }) });
    await expect(edited.getByRole('button', { name: `More actions for ${renamed.name}` })).toBeFocused();
    await expect(edited).toContainText('Team Lead');
    await expect(edited.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Team$/ }) }).locator('dd')).toHaveText(team);
    await openTab(page, 'Teams');
    await expect(page.getByRole('list', { name: 'Teams list' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: team }) })).toContainText(renamed.name);
    // The agent signs in with the new address.
    expect((await request.post('/api/agents/login', { data: { email: renamed.email, password: agent.password } })).status()).toBe(200);

    // The same dialog on a phone: no sideways scrolling, axe clean.
    await openTab(page, 'Agents');
    await page.setViewportSize({ width: 375, height: 800 });
    await searchAgents(page, renamed.name);
    await chooseAgentAction(edited, renamed.name, 'Edit agent');
    await expect(page.getByRole('dialog', { name: `Edit ${renamed.name}` }).getByLabel('Team')).toHaveValue(/\d+/);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });

  test('Export CSV downloads every agent with its total, and the overview downloads every entry', async ({ page }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Exported', '1234.50');
    await page.goto('/');
    const entries = page.waitForEvent('download');
    await page.getByRole('link', { name: /^Export all entries/ }).click();
    const entriesFile = await entries;
    expect(entriesFile.suggestedFilename()).toMatch(/^income-entries-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await readDownload(entriesFile)).toContain(`,${agent.id},${agent.name},${agent.email},1234.50,addition,`);

    await openTab(page, 'Agents');
    const agents = page.waitForEvent('download');
    await page.getByRole('link', { name: /^Export CSV/ }).click();
    const agentsFile = await agents;
    expect(agentsFile.suggestedFilename()).toMatch(/^agents-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readDownload(agentsFile);
    expect(text.startsWith('\uFEFFid,name,email,position,status,totalIncome')).toBe(true);
    expect(text).toContain(`${agent.id},${agent.name},${agent.email},Field Agent,active,1234.50,1,`);
  });

  test('Add Agent validates and adds an agent who can sign in at once', async ({ page, request, pageErrors }) => {
    await signInAs(page);
    await page.goto('/');
    await openTab(page, 'Agents');
    await page.getByRole('button', { name: 'Add Agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Agent' });
    await dialog.getByRole('button', { name: 'Add Agent' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Position is required')).toBeVisible();
    await expect(dialog.getByText('Invalid email address')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();
    await expectNoAxeViolations(page);

    const { name, email } = uniqueName('Newcomer');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Position').fill('Account Executive');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Initial password').fill('first-password-1');
    await dialog.getByRole('button', { name: 'Add Agent' }).click();
    await expect(toasts(page).getByText(`Agent ${name} added successfully`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await searchAgents(page, name);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toContainText('Account Executive');
    await expect(card).toContainText('$0');

    // The new agent signs in at the portal with the initial password (a separate, agent-only session).
    const login = await request.post('/api/agents/login', { data: { email, password: 'first-password-1' } });
    expect(login.status()).toBe(200);

    // The same email twice is refused with the server's message.
    await page.getByRole('button', { name: 'Add Agent' }).click();
    await dialog.getByLabel('Name').fill(`${name} again`);
    await dialog.getByLabel('Position').fill('Account Executive');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Initial password').fill('first-password-1');
    await dialog.getByRole('button', { name: 'Add Agent' }).click();
    // The server's reason under the field it names, which takes the focus.
    await expect(dialog.getByText('An account with this email already exists')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('heading', { name: `${name} again` })).toHaveCount(0);
    allowConsoleErrors(pageErrors, /status of 409/);
  });

  test('Add Agent states the password rule it checks, and shows the server’s reason under the field', async ({ page, pageErrors }) => {
    await signInAs(page);
    await page.goto('/');
    await openTab(page, 'Agents');
    await page.getByRole('button', { name: 'Add Agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Agent' });
    const password = dialog.getByLabel('Initial password');
    // The hint says both parts of the rule, so a password it allows is not refused for a reason it did not say.
    await expect(password).toHaveAccessibleDescription(/At least 8 characters, and not a common password: a word with digits or a year added \(Welcome-2026!\) counts as common\./);
    const { name, email } = uniqueName('Common');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Position').fill('Account Executive');
    await dialog.getByLabel('Email').fill(email);
    await password.fill('Welcome-2026!');
    await dialog.getByRole('button', { name: 'Add Agent' }).click();
    await expect(dialog.getByText('This password is one of the most common (it appears in lists of leaked passwords); choose another')).toBeVisible();
    await expect(password).toBeFocused();
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoAxeViolations(page);
    await password.fill('a less guessable phrase');
    await dialog.getByRole('button', { name: 'Add Agent' }).click();
    await expect(toasts(page).getByText(`Agent ${name} added successfully`)).toBeVisible();
    allowConsoleErrors(pageErrors, /status of 400/);
  });

  test('Delete Agent asks first, then removes the agent and its entries', async ({ page }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Leaving', '750.00');
    await page.goto('/');
    await openTab(page, 'Agents');
    await searchAgents(page, agent.name);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: agent.name }) });

    await chooseAgentAction(card, agent.name, 'Delete Agent');
    const confirm = page.getByRole('alertdialog', { name: `Delete ${agent.name}?` });
    await expect(confirm).toContainText('cannot be undone');
    await expect(confirm).toContainText("all of the agent's income entries");
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: `More actions for ${agent.name}` })).toBeFocused();

    await chooseAgentAction(card, agent.name, 'Delete Agent');
    await confirm.getByRole('button', { name: 'Delete Agent' }).click();
    await expect(toasts(page).getByText('Agent deleted successfully')).toBeVisible();
    await expect(card).toHaveCount(0);

    await expect(page.getByText('No matching agents')).toBeVisible();
    expect(await agentByName(page.request, agent.name)).toBeUndefined();
    // The dashboard was refreshed too: the agent's entries are gone from the recent transactions.
    await openTab(page, 'Overview');
    await expect(page.getByRole('list', { name: 'Recent Transactions' })).not.toContainText(agent.name);
  });

  test('a failed delete says so and keeps the card', async ({ page, pageErrors }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Staying');
    await page.goto('/');
    await openTab(page, 'Agents');
    await searchAgents(page, agent.name);
    await page.route(`**/api/agents/${agent.id}`, (route) =>
      route.fulfill({ status: 500, json: { message: 'Something went wrong on our side', code: 'INTERNAL' } }),
    );
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: agent.name }) });
    await chooseAgentAction(card, agent.name, 'Delete Agent');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Agent' }).click();
    await expect(toasts(page).getByText('Error', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText('Something went wrong on our side')).toBeVisible();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `More actions for ${agent.name}` }).click();
    await expect(card.getByRole('menuitem', { name: 'Delete Agent' })).toBeEnabled();
    allowConsoleErrors(pageErrors, /status of 500/);
  });

  test('shows an empty state when there are no agents', async ({ page }) => {
    await signInAs(page);
    // The shared demo server always has agents, so the list is emptied on its way to the page.
    await page.route('**/api/agents?*', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: { agents: [], total: 0, offset: 0, limit: 24 } }) : route.fallback(),
    );
    await page.goto('/');
    await openTab(page, 'Agents');
    await expect(page.getByText('No agents yet')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('pages through the agents and finds them by name or email', async ({ page }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Findable', '10.00');
    await page.goto('/');
    await openTab(page, 'Agents');
    const total = ((await (await page.request.get('/api/agents?limit=1')).json()) as { total: number }).total;
    const cards = page.getByRole('list', { name: 'Agents' }).getByRole('listitem');
    await expect(cards).toHaveCount(Math.min(24, total));
    if (total > 24) {
      const pager = page.getByRole('navigation', { name: 'Agents pages' });
      await expect(pager).toContainText(`1-24 of ${total}`);
      await pager.getByRole('button', { name: 'Next' }).click();
      await expect(pager).toContainText(`25-${Math.min(48, total)} of ${total}`);
      await expect(pager.getByRole('button', { name: 'Previous' })).toBeEnabled();
    }

    await searchAgents(page, agent.email.toUpperCase());
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(agent.name);
    await expectNoAxeViolations(page);

    await searchAgents(page, 'no-agent-is-called-this');
    await expect(page.getByText('No matching agents')).toBeVisible();
  });
});
