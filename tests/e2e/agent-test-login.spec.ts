import { expect, expectNoAxeViolations, test } from './support/fixtures';

test.describe('test login page', () => {
  test('signs in as the demo agent, checks the session and opens the portal', async ({ page }) => {
    const loginAt: number[] = [];
    const sessionAt: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/agents/login')) loginAt.push(Date.now());
      if (r.url().endsWith('/api/agents/session')) sessionAt.push(Date.now());
    });
    await page.goto('/test-login');
    await expect(page.getByRole('heading', { level: 1, name: 'Agent Login Test' })).toBeVisible();
    await expect(page.getByText('Logging in as agent@demo.test...')).toBeVisible();
    await expect(page.getByText('Login successful. Checking the session...')).toBeVisible();
    await expect(page.getByText('Session active for Jordan Reyes. Redirecting to the Agent Portal...')).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page).toHaveURL('/agents');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Jordan Reyes' })).toBeVisible();
    // The session is checked about half a second after the login answered.
    expect(sessionAt.some((t) => t - loginAt[0]! >= 450)).toBe(true);
  });

  test('shows the failure message when the login is refused', async ({ page }) => {
    await page.route('**/api/agents/login', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' }) }),
    );
    await page.goto('/test-login');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await page.waitForTimeout(1_600);
    await expect(page).toHaveURL('/test-login');
    await expectNoAxeViolations(page);
  });
});
