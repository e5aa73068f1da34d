import { addIncome, addIncomeAsOwner, expectConsoleErrors, expectNoHorizontalOverflow, registerAgentViaApi, tierByName, tierCard, uniqueEmail } from './support/helpers';
import type { Page } from '@playwright/test';
import type { RewardOption } from '../../contract/rewards';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const tile = (page: Page, label: string) => page.getByRole('region', { name: 'Summary' }).locator('div.rounded-xl').filter({ hasText: label });

test.describe('agent tier dashboard, signed out', () => {
  test('shows the sign-in form; signing in goes to /agents?logged_in=true', async ({ page, request }) => {
    const agent = await registerAgentViaApi(request, 'dash-login', 'Harper');
    await page.goto('/agent/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Agent Sign In' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Email').fill(agent.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

    await page.getByLabel('Password').fill(agent.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/agents?logged_in=true');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${agent.name}` })).toBeVisible();
  });

  test('registers through the toggle, then shows the dashboard after the session refresh', async ({ page }) => {
    await page.goto('/agent/dashboard');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Your Agent Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText("Please confirm your password")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('First Name').fill('Toggle');
    await page.getByLabel('Last Name').fill('Flow');
    await page.getByLabel('Email').fill(uniqueEmail('dash-register'));
    await page.getByLabel('Position').fill('Sales Agent');
    await page.getByLabel('Password', { exact: true }).fill('toggle-pass-1');
    await page.getByLabel('Confirm Password').fill('toggle-pass-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Registration Successful!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Toggle Flow!' })).toBeVisible({ timeout: 5_000 });
    await expect(tile(page, 'Next Target')).toContainText('Starter');
    await expect(tile(page, 'Next Target')).toContainText('$5,000 to go');

    await page.getByRole('button', { name: 'Sign in' }).count().then((n) => expect(n).toBe(0));
  });

  test('shows Authentication Required with Login to Continue when the tier data cannot be read', async ({ page }) => {
    await registerAgentViaApi(page.request, 'dash-auth-required');
    // The session was valid when checked, but the tier data call is refused (for example, it expired in between).
    await page.route('**/api/agent-tier-data', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Unauthorized', code: 'UNAUTHENTICATED' }) }),
    );
    await page.goto('/agent/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Authentication Required' })).toBeVisible();
    await expect(page.getByText('Please log in to access your tier dashboard')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await page.getByRole('link', { name: 'Login to Continue' }).click();
    await expect(page).toHaveURL('/agents');
  });
});

test.describe('agent tier dashboard, signed in', () => {
  test('shows the tiles and the tier cards with state, progress, remaining amount, rewards and icons', async ({ page, request }) => {
    const agent = await registerAgentViaApi(page.request, 'dash-view', 'Sasha');
    await addIncomeAsOwner(request, agent.id, '12000.00');
    await page.goto('/agent/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${agent.name}!` })).toBeVisible();

    await expect(tile(page, 'Total Profit Earned')).toContainText('$12,000');
    await expect(tile(page, 'Tiers Ready to Claim')).toContainText('2');
    await expect(tile(page, 'Rewards Claimed')).toContainText('0');
    await expect(tile(page, 'Next Target')).toContainText('Silver');
    await expect(tile(page, 'Next Target')).toContainText('$8,000 to go');

    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(12);
    await expect(cards.first()).toHaveAccessibleName('Starter');
    await expect(cards.last()).toHaveAccessibleName('Legend');

    await expect(tierCard(page, 'Starter')).toContainText('READY TO CLAIM');
    await expect(tierCard(page, 'Bronze')).toContainText('READY TO CLAIM');
    await expect(tierCard(page, 'Bronze')).toContainText('$10,000');
    await expect(tierCard(page, 'Bronze').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(tierCard(page, 'Silver')).toContainText('IN PROGRESS');
    // (12,000 - 10,000) / (20,000 - 10,000)
    await expect(tierCard(page, 'Silver').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
    await expect(tierCard(page, 'Silver')).toContainText('20%');
    await expect(tierCard(page, 'Silver')).toContainText('$8,000 to go');
    await expect(tierCard(page, 'Gold').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await expect(tierCard(page, 'Silver').getByRole('button', { name: 'Claim This Reward' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Claim This Reward' })).toHaveCount(2);

    // What a tier offers is its active reward options (docs/decisions/0081-tier-offers.md); a tier without any says
    // Coming Soon.
    await expect(tierCard(page, 'Bronze').getByRole('listitem')).toHaveText(['Amazon Gift Card: $100 Amazon gift card']);
    await expect(tierCard(page, 'Starter').getByRole('listitem')).toHaveText([/^Swag Pack: /, /^Coffee Gift Card: /]);
    await expect(tierCard(page, 'Sapphire')).toContainText('Coming Soon');

    // Icons by order: 12 the crown, 9 and up the gem, 6 and up the medal, a star below.
    await expect(tierCard(page, 'Legend').locator('svg.lucide-crown')).toHaveCount(1);
    await expect(tierCard(page, 'Diamond').locator('svg.lucide-gem')).toHaveCount(1);
    await expect(tierCard(page, 'Ruby').locator('svg.lucide-medal')).toHaveCount(1);
    await expect(tierCard(page, 'Platinum').locator('svg.lucide-star')).toHaveCount(1);

    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });

  test('claims through the dialog: required fields gate submit, the tier becomes CLAIMED, a second claim is refused', async ({ page, request, pageErrors }) => {
    const agent = await registerAgentViaApi(page.request, 'dash-claim', 'Jamie');
    await addIncomeAsOwner(request, agent.id, '12000.00');
    await page.goto('/agent/dashboard');

    // Keyboard: the claim button opens the dialog, Escape closes it and focus returns.
    const claimBronze = tierCard(page, 'Bronze').getByRole('button', { name: 'Claim This Reward' });
    await claimBronze.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Claim your Bronze reward' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(claimBronze).toBeFocused();

    await claimBronze.click();
    await expect(dialog.getByRole('radio', { name: /Amazon Gift Card/ })).toBeChecked();
    await expect(dialog.getByLabel('Full Name')).toHaveValue(agent.name);
    const submit = dialog.getByRole('button', { name: 'Submit Claim' });
    await expect(submit).toBeDisabled();
    await expectNoAxeViolations(page);

    await dialog.getByLabel('Email Address').fill(agent.email);
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Mailing Address').fill('2 Side Road\nRivertown 54321');
    await expect(submit).toBeEnabled();
    await dialog.getByLabel('Full Name').fill(' ');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Full Name').fill('Jamie Receiver');

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/agents/claim-reward') && r.method() === 'POST');
    await submit.click();
    const body = (await sent).postDataJSON() as { tierId: number; rewardOptionId: number; agentData: Record<string, unknown> };
    expect(body.agentData).toMatchObject({ name: 'Jamie Receiver', email: agent.email, address: '2 Side Road\nRivertown 54321' });
    expect(typeof body.rewardOptionId).toBe('number');

    await expect(notifications(page).getByText('Reward Claimed!', { exact: true })).toBeVisible();
    await expect(notifications(page).getByText('Your reward claim has been submitted successfully.', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(tierCard(page, 'Bronze')).toContainText('CLAIMED');
    await expect(tierCard(page, 'Bronze').getByRole('button', { name: 'Claim This Reward' })).toHaveCount(0);
    await expect(tile(page, 'Rewards Claimed')).toContainText('1');
    await expect(tile(page, 'Tiers Ready to Claim')).toContainText('1');

    // Starter is claimed elsewhere while its dialog is open here (the card follows the live stream, the open dialog
    // does not): the refusal is shown, and the card shows the claim.
    await tierCard(page, 'Starter').getByRole('button', { name: 'Claim This Reward' }).click();
    const starterDialog = page.getByRole('dialog', { name: 'Claim your Starter reward' });
    await starterDialog.getByRole('radio', { name: /Swag Pack/ }).check();
    await starterDialog.getByLabel('Email Address').fill(agent.email);
    await starterDialog.getByLabel('Mailing Address').fill('2 Side Road');
    const starterOptions = (await (await page.request.get('/api/rewards/tier/1')).json()) as { id: number }[];
    const direct = await page.request.post('/api/agents/claim-reward', {
      data: { tierId: 1, rewardOptionId: starterOptions[0]!.id, agentData: { name: 'J', email: agent.email, address: 'A' } },
    });
    expect(direct.status()).toBe(201);
    await starterDialog.getByRole('button', { name: 'Submit Claim' }).click();
    // Nothing is left to retry after an earlier claim: the dialog closes and the toast explains.
    await expect(starterDialog).toBeHidden();
    await expect(notifications(page).getByText('Error', { exact: true })).toBeVisible();
    await expect(
      notifications(page).getByText('Failed to claim reward. Please try again. You have already claimed the reward for the Starter tier', { exact: true }),
    ).toBeVisible();
    await expect(tierCard(page, 'Starter')).toContainText('CLAIMED');
    await expect(tile(page, 'Rewards Claimed')).toContainText('2');
    expectConsoleErrors(pageErrors, /status of 409/);
  });

  test('keeps the dialog and its details open after a network failure, with the reason inside it', async ({ page, request, pageErrors }) => {
    const agent = await registerAgentViaApi(page.request, 'dash-claim-offline', 'Robin');
    await addIncomeAsOwner(request, agent.id, '6000.00');
    await page.goto('/agent/dashboard');
    await tierCard(page, 'Starter').getByRole('button', { name: 'Claim This Reward' }).click();
    const dialog = page.getByRole('dialog', { name: 'Claim your Starter reward' });
    await dialog.getByRole('radio', { name: /Coffee Gift Card/ }).check();
    await dialog.getByLabel('Email Address').fill(agent.email);
    await dialog.getByLabel('Mailing Address').fill('3 Hill Street');
    await page.route('**/api/agents/claim-reward', (route) => route.abort('internetdisconnected'));
    await dialog.getByRole('button', { name: 'Submit Claim' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to claim reward. Please try again.');
    await expect(dialog.getByLabel('Mailing Address')).toHaveValue('3 Hill Street');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(notifications(page).getByText('Failed to claim reward. Please try again.', { exact: true })).toBeVisible();
    await expect(tierCard(page, 'Starter')).toContainText('READY TO CLAIM');
    expectConsoleErrors(pageErrors, /ERR_INTERNET_DISCONNECTED/);
  });

  test('shows Max Level once every tier is reached', async ({ page, request }) => {
    const agent = await registerAgentViaApi(page.request, 'dash-max', 'Morgan');
    await addIncomeAsOwner(request, agent.id, '1000000.00');
    await page.goto('/agent/dashboard');
    await expect(tile(page, 'Max Level')).toContainText('All tiers reached');
    await expect(page.getByText('Next Target')).toHaveCount(0);
    // Legend offers no reward option in the demo: reached, and nothing to claim yet.
    await expect(tierCard(page, 'Legend')).toContainText('REACHED');
    await expect(tierCard(page, 'Legend').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(tierCard(page, 'Legend').getByRole('button', { name: 'Claim This Reward' })).toHaveCount(0);
  });

  test('a reached tier without reward options cannot be claimed and says why; the portal counts the same rewards waiting', async ({ page, request }) => {
    const agent = await registerAgentViaApi(page.request, 'dash-no-options', 'Dana');
    // Past Diamond ($200,000): Sapphire and Diamond offer nothing in the demo.
    await addIncomeAsOwner(request, agent.id, '210000.00');
    await page.goto('/agent/dashboard');

    for (const name of ['Sapphire', 'Diamond']) {
      await expect(tierCard(page, name)).toContainText('REACHED');
      await expect(tierCard(page, name)).toContainText('Reached — no reward to pick yet; your owner has not added one.');
      await expect(tierCard(page, name).getByRole('button')).toHaveCount(0);
    }
    const claimButtons = page.getByRole('button', { name: 'Claim This Reward' });
    await expect(tierCard(page, 'Emerald').getByRole('button', { name: 'Claim This Reward' })).toBeVisible();
    const waiting = await claimButtons.count();
    expect(waiting).toBe(7);
    await expect(tile(page, 'Tiers Ready to Claim')).toContainText(String(waiting));
    await expectNoAxeViolations(page);

    // The portal counts the same tiers, and says the same of Diamond.
    await page.getByRole('link', { name: 'Agent Portal' }).click();
    await expect(page.getByText(`You have ${waiting} tier rewards waiting to be claimed.`)).toBeVisible();
    const diamond = page.getByRole('list', { name: 'Achieved tiers' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Diamond' }) });
    await expect(diamond).toContainText('No reward to pick yet; your owner has not added one for this tier.');
    await page.getByRole('button', { name: 'Claim Rewards' }).click();
    await expect(page.getByRole('list', { name: 'Rewards you can claim' }).getByRole('heading', { level: 3 })).toHaveCount(waiting);
    await expect(page.getByRole('heading', { name: 'Diamond tier' })).toHaveCount(0);

    // Once the owner adds an option to Diamond, both screens offer it, and the claim dialog lists exactly it.
    const diamondTier = await tierByName(request, 'Diamond');
    const added = await request.post('/api/rewards', {
      data: { tierId: diamondTier.id, title: 'Diamond Watch', description: 'A watch with a diamond', category: 'Physical Item' },
    });
    expect(added.status()).toBe(201);
    const option = (await added.json()) as RewardOption;
    try {
      await page.goto('/agent/dashboard');
      await expect(tierCard(page, 'Diamond')).toContainText('READY TO CLAIM');
      await expect(tierCard(page, 'Diamond').getByRole('listitem')).toHaveText(['Diamond Watch: A watch with a diamond']);
      await expect(tile(page, 'Tiers Ready to Claim')).toContainText(String(waiting + 1));
      await tierCard(page, 'Diamond').getByRole('button', { name: 'Claim This Reward' }).click();
      const dialog = page.getByRole('dialog', { name: 'Claim your Diamond reward' });
      await expect(dialog.getByRole('radio')).toHaveCount(1);
      await expect(dialog.getByRole('radio', { name: /Diamond Watch/ })).toBeChecked();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.goto('/agents');
      await expect(page.getByText(`You have ${waiting + 1} tier rewards waiting to be claimed.`)).toBeVisible();
    } finally {
      expect((await request.delete(`/api/rewards/${option.id}`)).status()).toBe(204);
    }
  });

  test('reaching a tier that offers nothing to pick says so instead of asking for a claim', async ({ page, request }) => {
    const agent = await registerAgentViaApi(page.request, 'dash-reach-empty', 'Remy');
    // Just below Sapphire ($150,000), which offers no option in the demo.
    await addIncomeAsOwner(request, agent.id, '149000.00');
    await page.goto('/agent/dashboard');
    await expect(page.getByRole('status', { name: 'Live updates' })).toHaveText('Live');
    await addIncome(request, agent.id, '2000.00');
    const banner = page.getByRole('status').filter({ hasText: 'You reached Sapphire!' });
    await expect(banner).toContainText('There is no reward to pick for it yet.');
    await expect(banner).not.toContainText('Claim');
    await expect(tierCard(page, 'Sapphire')).toContainText('REACHED');
    await expectNoAxeViolations(page);
  });

  test('on a phone, the tiers beyond the next fold into a short list that opens to every tier', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await registerAgentViaApi(page.request, 'dash-phone', 'Kai');
    await page.goto('/agent/dashboard');
    const tiers = page.getByRole('region', { name: 'Your Tiers' });
    // The next tier in full, every later one in the folded list.
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(tierCard(page, 'Starter')).toContainText('$5,000 to go');
    const more = tiers.getByText('11 more tiers');
    await expect(more).toBeVisible();
    await expect(tiers.getByText('Bronze to Legend')).toBeVisible();
    expect((await tiers.boundingBox())!.height).toBeLessThan(700);
    await expectNoAxeViolations(page);

    await more.click();
    const later = page.getByRole('list', { name: 'More tiers' }).getByRole('listitem');
    await expect(later).toHaveCount(11);
    await expect(later.first()).toContainText('Bronze');
    await expect(later.first()).toContainText('$10,000 to go');
    await expect(later.first()).toContainText('Rewards: Amazon Gift Card');
    await expect(later.last()).toContainText('Legend');
    await expect(later.last()).toContainText('$1,000,000 to go');
    await expect(later.last()).toContainText('Rewards: Coming Soon');
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // A wider screen shows every tier as a card, without the folded list.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('article')).toHaveCount(12);
    await expect(more).toBeHidden();
  });

  test('Logout ends the session and goes to /agents', async ({ page }) => {
    const agent = await registerAgentViaApi(page.request, 'dash-logout', 'Drew');
    await page.goto('/agent/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${agent.name}!` })).toBeVisible();
    const logout = page.waitForRequest((r) => r.url().endsWith('/api/agents/logout') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Logout' }).click();
    await logout;
    await expect(page).toHaveURL('/agents');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect((await page.request.get('/api/agents/session')).status()).toBe(401);

    await page.goto('/agent/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Agent Sign In' })).toBeVisible();
  });
});
