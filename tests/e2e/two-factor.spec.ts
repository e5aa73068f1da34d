// Two-factor sign-in (docs/decisions/0030-two-factor-sign-in.md): a manager turns it on from the account page, scanning
// nothing (the test reads the key shown beside the QR code and computes codes with the server's own TOTP function),
// signs out, signs in with a code, then with a recovery code; the screens pass axe.
import type { Page } from '@playwright/test';
import { totpCode } from '../../server/auth/totp';
import { expectConsoleErrors, uniqueEmail } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

const PASSWORD = 'manager-two-factor-1';
const STEP_MS = 30_000;

/** The password step of the sign-in page, in a page with no session. */
async function enterPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByLabel('6-digit code or a recovery code')).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
}

test('a manager turns on two-factor sign-in, then signs in with a code and with a recovery code', async ({ page, browser, pageErrors }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('two-factor');
  const owner = await browser.newContext();
  await signInAs(owner.request);
  const created = await owner.request.post('/api/users', { data: { email, name: 'Tess Factor', role: 'manager', password: PASSWORD } });
  expect(created.status(), await created.text()).toBe(201);
  await owner.close();

  // Signed in with the password alone, the account page says it is off.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await page.goto('/dashboard/account');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();

  // Set up: a QR code drawn in the page, the key as text, a code from it turns it on.
  await card.getByRole('button', { name: 'Set up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await expect(dialog.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = await dialog.getByTestId('two-factor-secret').getAttribute('data-secret');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(dialog.getByTestId('two-factor-secret')).toHaveText(secret!.match(/.{4}/g)!.join(' '));
  await expectNoAxeViolations(page);

  await dialog.getByLabel('6-digit code').fill('000000');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByText('The code is not correct')).toBeVisible();
  await dialog.getByLabel('6-digit code').fill(totpCode(secret!, Date.now()));
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  const codesDialog = page.getByRole('dialog', { name: 'Two-factor sign-in is on' });
  const codeItems = codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codeItems).toHaveCount(10);
  const codes = await codeItems.allTextContents();
  for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await expectNoAxeViolations(page);
  await codesDialog.getByRole('button', { name: 'I have kept my codes' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Turn off' })).toBeVisible();

  // Sign out; the password alone no longer signs in: a code does (the next step's, as the one used is spent).
  await signOut(page);
  await enterPassword(page, email);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await expectNoAxeViolations(page);
  await page.getByLabel('6-digit code or a recovery code').fill('123');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app or a recovery code')).toBeVisible();
  await page.getByLabel('6-digit code or a recovery code').fill(totpCode(secret!, Date.now() + STEP_MS));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();

  // Then with a recovery code, once.
  await signOut(page);
  await enterPassword(page, email);
  await page.getByLabel('6-digit code or a recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await signOut(page);
  await enterPassword(page, email);
  await page.getByLabel('6-digit code or a recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is not correct')).toBeVisible();
  // The wrong codes above, on purpose.
  expectConsoleErrors(pageErrors, /status of 400 \(Bad Request\)/);
});
