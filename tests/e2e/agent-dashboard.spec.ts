import { addIncomeAsOwner, expectConsoleErrors, expectNoHorizontalOverflow, registerAgentViaApi, tierCard, uniqueEmail } from './support/helpers';
import type { Page } from '@playwright/test';
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

    // Reward lines are the rewards text split by line; unconfigured tiers say Coming Soon.
    await expect(tierCard(page, 'Bronze').getByRole('listitem')).toHaveText(['$100 gift card', 'Priority lead assignment for a week']);
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
    await expect(tierCard(page, 'Legend')).toContainText('READY TO CLAIM');
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
