import { registrationMessages } from '../../contract/sign-up';
import { allowConsoleErrors, expectNoHorizontalOverflow, uniqueEmail } from './support/helpers';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

test.describe('agent registration page', () => {
  test('offers the way home, the sign-in link and the benefits', async ({ page }) => {
    await page.goto('/agent-register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Sign in to the Agent Portal' })).toHaveAttribute('href', '/agents');
    await expect(page.getByRole('heading', { name: 'Why register?' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('states the password rule it checks, and puts the server’s reason under the password, focused', async ({ page, pageErrors }) => {
    await page.goto('/agent-register');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAccessibleDescription(/At least 8 characters, and not a common password/);
    await page.getByLabel('First Name').fill('Common');
    await page.getByLabel('Last Name').fill('Choice');
    await page.getByLabel('Position').fill('Sales Agent');
    await page.getByLabel('Email').fill(uniqueEmail('common-password'));
    await password.fill('Welcome-2026!');
    await page.getByLabel('Confirm Password').fill('Welcome-2026!');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(password).toHaveAccessibleDescription(/This password is one of the most common/);
    await expect(password).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: 'Registration failed' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    allowConsoleErrors(pageErrors, /status of 400/);
  });

  test('shows the message of every invalid field', async ({ page }) => {
    await page.goto('/agent-register');
    const submit = page.getByRole('button', { name: 'Create Account' });
    await submit.click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Invalid email address',
      'Position is required',
      'Password must be at least 8 characters',
      'Please confirm your password',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    // Each field on its own: fix the others, break one at a time.
    await page.getByLabel('First Name').fill('Robin');
    await page.getByLabel('Last Name').fill('Lane');
    await page.getByLabel('Position').fill('Sales Agent');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await submit.click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('First name is required')).toBeHidden();

    await page.getByLabel('Email').fill('robin.lane@example.test');
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await page.getByLabel('Confirm Password').fill('long-enough-2');
    await submit.click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await expect(page.getByLabel('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Invalid email address')).toBeHidden();
    await expect(page.getByText('Password must be at least 8 characters')).toBeHidden();

    await page.getByLabel('First Name').fill('   ');
    await page.getByLabel('Confirm Password').fill('long-enough-1');
    await submit.click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText("Passwords don't match")).toBeHidden();
  });

  test('registers with the keyboard only, never sends the confirmation, then goes to the portal after 3 s', async ({ page }) => {
    const email = uniqueEmail('register');
    await page.goto('/agent-register');
    await page.getByLabel('First Name').focus();
    await page.keyboard.type('Morgan');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keys');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Account Executive');
    await page.keyboard.press('Tab');
    await page.keyboard.type('keyboard-pass-1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('keyboard-pass-1');

    const request = page.waitForRequest((r) => r.url().endsWith('/api/agents/register') && r.method() === 'POST');
    await page.keyboard.press('Enter');
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({ email, password: 'keyboard-pass-1', firstName: 'Morgan', lastName: 'Keys', position: 'Account Executive' });

    await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Agent Portal' })).toHaveAttribute('href', '/agents');
    await expectNoAxeViolations(page);

    // The redirect comes by itself after 3 seconds, and the new agent is signed in there.
    await expect(page).toHaveURL('/agents', { timeout: 6_000 });
    await expect(page.getByRole('heading', { name: 'Welcome, Morgan Keys' })).toBeVisible();
  });

  test('does not tell that an email is taken: it asks to sign in, with the email filled in', async ({ page }) => {
    await page.goto('/agent-register');
    await page.getByLabel('First Name').fill('Jordan');
    await page.getByLabel('Last Name').fill('Again');
    await page.getByLabel('Email').fill('agent@demo.test');
    await page.getByLabel('Position').fill('Sales Agent');
    await page.getByLabel('Password', { exact: true }).fill('another-pass-1');
    await page.getByLabel('Confirm Password').fill('another-pass-1');
    await page.getByRole('button', { name: 'Create Account' }).click();

    // The same answer as for a new email; only signing in with this password does not work.
    await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
    await expect(page.getByText(registrationMessages.open)).toBeVisible();
    await expect(page.getByText(/already (registered|exists|taken)|in use/i)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('agent@demo.test');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page).toHaveURL('/agent-register');
    await expectNoAxeViolations(page);
  });

  test('fits a 375 px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/agent-register');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });
});
