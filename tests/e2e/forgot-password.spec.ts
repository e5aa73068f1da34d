// "Forgot your password?" (docs/product.md §12.9): anyone asks for a one-time link by email from either sign-in page.
// The answer never tells whether an account uses the email: a known and an unknown email get the very same message.
import type { Page } from '@playwright/test';
import { DEMO_AGENT } from '../../contract/demo';
import { RESET_REQUESTED_MESSAGE } from '../../contract/limits';
import { expectConsoleErrors, expectNoHorizontalOverflow, uniqueEmail } from './support/helpers';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Forgot your password?' });
const sentStatus = (page: Page) => page.getByRole('status').filter({ hasText: RESET_REQUESTED_MESSAGE });

/** The POST /api/password-resets requests the page sends from now on. */
function countResetRequests(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/password-resets') sent.push(request.postData() ?? '');
  });
  return sent;
}

/** Fills the email and submits; answers the server's status and body. */
async function requestLink(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/password-resets' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Email me a link' }).click();
  const response = await answered;
  return { status: response.status(), body: (await response.json()) as { message: string } };
}

test.describe('forgot your password', () => {
  test('the agent sign-in form links to the page, which refuses a malformed email without sending it', async ({ page }) => {
    await page.goto('/agents');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(heading(page)).toBeVisible();
    await expect(page.getByText('Enter the email you sign in with. We will email you a link to set a new password.')).toBeVisible();
    await expectNoAxeViolations(page);

    const sent = countResetRequests(page);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    expect(sent).toEqual([]);

    await expect(page.getByRole('link', { name: 'Back to the Agent Portal' })).toHaveAttribute('href', '/agents');
    await expect(page.getByRole('link', { name: 'Owner and manager sign-in' })).toHaveAttribute('href', '/login');
  });

  test('an unknown and a known email get the same answer, and "Send again" brings the form back', async ({ page }) => {
    await page.goto('/forgot-password');
    const sent = countResetRequests(page);

    const unknown = await requestLink(page, uniqueEmail('nobody'));
    expect(unknown).toEqual({ status: 202, body: { message: RESET_REQUESTED_MESSAGE } });
    await expect(sentStatus(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Email me a link' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    const known = await requestLink(page, DEMO_AGENT.email);
    expect(known).toEqual(unknown);
    await expect(sentStatus(page)).toBeVisible();
    // Only what was typed, normalised, goes to the server: one request per submit.
    expect(sent.map((body) => JSON.parse(body) as unknown)).toEqual([{ email: expect.stringMatching(/@e2e\.test$/) }, { email: DEMO_AGENT.email }]);
  });

  test('the owner and manager sign-in page links to it too', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(heading(page)).toBeVisible();
    await page.getByRole('link', { name: 'Owner and manager sign-in' }).click();
    await expect(page.getByRole('heading', { name: 'Owner/Manager Sign In' })).toBeVisible();
  });

  test("the server's field problems show under the field, other refusals above the form", async ({ page, pageErrors }) => {
    let answer = { status: 400, body: { message: 'Invalid request', code: 'VALIDATION_FAILED', issues: [{ path: 'email', message: 'This email is refused' }] } };
    await page.route('**/api/password-resets', (route) => route.fulfill({ status: answer.status, json: answer.body }));
    await page.goto('/forgot-password');

    await page.getByLabel('Email').fill('someone@e2e.test');
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect(page.getByText('This email is refused')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);

    answer = { status: 429, body: { message: 'Too many sign-in attempts. Please wait a minute and try again.', code: 'RATE_LIMITED', issues: [] } };
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect(page.getByRole('alert')).toHaveText('Too many sign-in attempts. Please wait a minute and try again.');
    await expect(page.getByRole('button', { name: 'Email me a link' })).toBeEnabled();
    expectConsoleErrors(pageErrors, /status of (400|429)/);
  });

  test('paints with the scripts its page names, and fetches the validator only once the form is used', async ({ page }) => {
    const html = await (await page.request.get('/forgot-password')).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
    expect(preloads.some((file) => file.includes('forgot-password-page'))).toBe(true);
    const scripts: string[] = [];
    // The service worker's registration is fetched after the page has loaded (docs/decisions/0092): not part of the paint.
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.resourceType() === 'script' && !/\/assets\/service-worker-/.test(path)) scripts.push(path);
    });
    await page.goto('/forgot-password');
    await expect(heading(page)).toBeVisible();
    expect(scripts.filter((file) => !preloads.includes(file) && !/\/assets\/index-/.test(file))).toEqual([]);

    // The validator (the contract's schema and zod) is fetched when the form is first used, not before.
    const before = scripts.length;
    await page.getByLabel('Email').focus();
    await expect.poll(() => scripts.length).toBeGreaterThan(before);
  });

  test('fits a 375 px wide screen, form and answer alike', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/forgot-password');
    await expect(heading(page)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await requestLink(page, uniqueEmail('narrow'));
    await expect(sentStatus(page)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });
});
