import { DEMO_MANAGER, DEMO_OWNER } from '../../contract/demo';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

test.describe('owner and manager sign-in', () => {
  test('the owner signs in at /api/login and lands on the dashboard', async ({ page }) => {
    await page.goto('/api/login');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Owner/Manager Sign In' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByText('Owner Dashboard')).toBeVisible();
    await expect(page.getByText('Demo Owner · Owner')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Profit Calculator' })).toBeVisible();
    const user = await page.request.get('/api/auth/user');
    expect(await user.json()).toMatchObject({ email: DEMO_OWNER.email, role: 'owner' });
  });

  test('a wrong password shows the error and keeps the visitor signed out', async ({ page }) => {
    await page.goto('/api/login');
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL('/login');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await expectNoAxeViolations(page);
  });

  test('the form checks its fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) calls.push(request.url());
    });
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    expect(calls).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test('a manager signs in to the dashboard without the owner-only tabs', async ({ page }) => {
    await page.goto('/api/login');
    await page.getByLabel('Email').fill(DEMO_MANAGER.email);
    await page.getByLabel('Password').fill(DEMO_MANAGER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByText('Demo Manager · Manager')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Overview', 'Leaderboard', 'Goals', 'Contests', 'Badges', 'Agents', 'Teams', 'Tier Settings']);
  });

  test('logout ends the session and returns to the landing page', async ({ page }) => {
    await signInAs(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Logout' }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Owner/Manager Access' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    // Going back to the dashboard now shows the landing page: the session is gone on the server too.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Start Tracking Today' })).toBeVisible();
  });
});
