// The account page and signed-in devices (docs/product.md §12.15): the owner opens the account page from the
// dashboard's header, signs another device out and changes the password; an agent signs its other devices out from
// its profile; both screens pass axe and fit a phone.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { MIN_STAFF_PASSWORD_LENGTH, WRONG_PASSWORD } from '../../contract/auth';
import { passwordRuleHint } from '../../contract/limits';
import { DEMO_OWNER } from '../../contract/demo';
import type { DeviceSessionList } from '../../contract/sessions';
import { createAgent, expectConsoleErrors, expectNoHorizontalOverflow, expectWithinViewport, toasts } from './support/helpers';
import { expect, expectNoAxeViolations, signInAgent, signInAs, test } from './support/fixtures';

/** Browsers other than the test's own, as their User-Agent headers name them. */
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const NEW_OWNER_PASSWORD = 'e2e-owner-new-secret-2026';

const devicesCard = (page: Page) => page.getByRole('region', { name: 'Signed-in devices' });
const deviceRows = (page: Page) => devicesCard(page).getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
const thisDevice = (page: Page) => deviceRows(page).filter({ hasText: 'This device' });
const signOutOthers = (page: Page) => devicesCard(page).getByRole('button', { name: 'Sign out all other devices' });

/** A date as the screens write it (web/src/lib/format.ts formatDateTime; the browser runs in this machine's time zone). */
const dateTime = (value: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(value));

async function listSessions(page: Page): Promise<DeviceSessionList['sessions']> {
  const response = await page.request.get('/api/sessions');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as DeviceSessionList).sessions;
}

/** A second browser, as another device: its own cookies and User-Agent. */
const otherDevice = (browser: Browser, userAgent?: string): Promise<BrowserContext> => browser.newContext(userAgent ? { userAgent } : {});

/** Signs in on the sign-in page of a fresh browser; answers that browser's page, on the dashboard or the refusal. */
async function signInThroughForm(browser: Browser, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_OWNER.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  return { context, page };
}

/** Gives the demo owner its password back, for the specs that run after this one on the same server. */
async function restoreOwnerPassword(browser: Browser) {
  const context = await browser.newContext();
  try {
    const login = await context.request.post('/api/auth/login', { data: { email: DEMO_OWNER.email, password: NEW_OWNER_PASSWORD } });
    if (login.status() !== 200) return; // never changed
    const restored = await context.request.post('/api/auth/password', {
      data: { currentPassword: NEW_OWNER_PASSWORD, newPassword: DEMO_OWNER.password },
    });
    expect(restored.status(), await restored.text()).toBe(204);
  } finally {
    await context.close();
  }
}

test.describe("the owner's account page", () => {
  test('opened from the header: signs another device out, then changes the password', async ({ page, browser, pageErrors }) => {
    test.setTimeout(90_000);
    try {
      await signInAs(page);
      // Other tests signed the demo owner in on their own browsers: start from this one alone.
      expect((await page.request.delete('/api/sessions')).status()).toBe(200);
      const laptop = await otherDevice(browser, FIREFOX_ON_WINDOWS);
      await signInAs(laptop.request);

      await page.goto('/');
      await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
      await page.getByRole('banner').getByRole('link', { name: 'Account: Demo Owner · Owner' }).click();
      await expect(page).toHaveURL('/dashboard/account');
      await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
      const details = page.getByRole('region', { name: 'Your details' });
      await expect(details.getByRole('definition')).toHaveText(['Demo Owner', DEMO_OWNER.email, 'Owner']);

      // Two devices: this one first, with its badge and no sign-out; the other named by its browser and system.
      const sessions = await listSessions(page);
      expect(sessions).toHaveLength(2);
      const other = sessions.find((session) => !session.current)!;
      await expect(deviceRows(page)).toHaveCount(2);
      await expect(deviceRows(page).first()).toContainText('This device');
      await expect(deviceRows(page).first()).toContainText('Chrome on Linux');
      await expect(thisDevice(page).getByRole('button')).toHaveCount(0);
      const laptopRow = deviceRows(page).filter({ hasText: 'Firefox on Windows' });
      await expect(laptopRow).toContainText(`Signed in ${dateTime(other.createdAt)}`);
      await expect(laptopRow).toContainText(`Last active ${dateTime(other.lastSeenAt)}`);
      await expect(signOutOthers(page)).toBeEnabled();
      await expectNoAxeViolations(page);

      // Signing the laptop out: it is gone from the list, and its next page load is signed out.
      const laptopPage = await laptop.newPage();
      await laptopPage.goto('/dashboard/account');
      await expect(laptopPage.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
      await laptopRow.getByRole('button', { name: `Sign out Firefox on Windows, last active ${dateTime(other.lastSeenAt)}` }).click();
      await expect(toasts(page).filter({ hasText: 'Firefox on Windows is signed out.' })).toBeVisible();
      await expect(deviceRows(page)).toHaveCount(1);
      await expect(signOutOthers(page)).toBeDisabled();
      await expect(devicesCard(page)).toContainText('You are signed in on this device only.');
      await expect(devicesCard(page).getByRole('heading', { name: 'Signed-in devices' })).toBeFocused();
      await laptopPage.reload();
      await expect(laptopPage.getByRole('heading', { level: 1, name: 'Sign in to see your account' })).toBeVisible();
      expect((await laptop.request.get('/api/auth/user')).status()).toBe(401);
      await laptop.close();

      // A phone signs in; the password form checks its fields, then the server refuses a wrong current password.
      const phone = await otherDevice(browser, SAFARI_ON_IPHONE);
      await signInAs(phone.request);
      await page.reload();
      await expect(deviceRows(page)).toHaveCount(2);
      await expect(deviceRows(page).filter({ hasText: 'Safari on iOS' })).toHaveCount(1);
      const password = page.getByRole('region', { name: 'Change password' });
      await expect(password.getByText(passwordRuleHint(MIN_STAFF_PASSWORD_LENGTH))).toBeVisible();
      await password.getByLabel('Current password').fill('not-the-password');
      await password.getByLabel('New password', { exact: true }).fill('too-short');
      await password.getByLabel('Confirm new password').fill('too-short');
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect(password.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
        `${passwordRuleHint(MIN_STAFF_PASSWORD_LENGTH)} Password must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters`,
      );
      await password.getByLabel('New password', { exact: true }).fill(NEW_OWNER_PASSWORD);
      await password.getByLabel('Confirm new password').fill(`${NEW_OWNER_PASSWORD}x`);
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect(password.getByLabel('Confirm new password')).toHaveAccessibleDescription('The passwords do not match');
      await password.getByLabel('Confirm new password').fill(NEW_OWNER_PASSWORD);
      await password.getByRole('button', { name: 'Change password' }).click();
      const current = password.getByLabel('Current password');
      await expect(current).toHaveAccessibleDescription(WRONG_PASSWORD);
      await expect(current).toHaveAttribute('aria-invalid', 'true');
      await expect(current).toBeFocused();
      await expectNoAxeViolations(page);
      expect((await phone.request.get('/api/auth/user')).status()).toBe(200);

      // The right one: the password changes, the phone is signed out (the list reads so), this browser stays.
      await current.fill(DEMO_OWNER.password);
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect(toasts(page).filter({ hasText: 'Password changed' })).toBeVisible();
      await expect(current).toHaveValue('');
      await expect(deviceRows(page)).toHaveCount(1);
      await expect(deviceRows(page).first()).toContainText('This device');
      expect((await phone.request.get('/api/auth/user')).status()).toBe(401);
      expect((await page.request.get('/api/auth/user')).status()).toBe(200);
      await phone.close();

      // A fresh browser signs in with the new password, and not with the old one.
      const withNew = await signInThroughForm(browser, NEW_OWNER_PASSWORD);
      await expect(withNew.page).toHaveURL('/');
      await expect(withNew.page.getByText('Demo Owner · Owner')).toBeVisible();
      await withNew.context.close();
      const withOld = await signInThroughForm(browser, DEMO_OWNER.password);
      await expect(withOld.page.getByRole('alert')).toHaveText('Invalid email or password');
      await expect(withOld.page).toHaveURL('/login');
      await withOld.context.close();
      expectConsoleErrors(pageErrors, /status of 400/);
    } finally {
      await restoreOwnerPassword(browser);
    }
  });

  test('signed out, the account page says how to sign in', async ({ page }) => {
    await page.goto('/dashboard/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to see your account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Owner/Manager Access' })).toHaveAttribute('href', '/api/login');
    await expect(page.getByRole('region', { name: 'Signed-in devices' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('on a phone: the header opens the account page for a manager, and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, 'manager');
    await page.goto('/');
    await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // The icon alone on a phone, named for screen readers.
    const account = page.getByRole('banner').getByRole('link', { name: 'Account: Demo Manager · Manager' });
    await expectWithinViewport(page, account);
    await account.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your details' }).getByRole('definition').last()).toHaveText('Manager');
    await expect(thisDevice(page)).toHaveCount(1);
    await expectWithinViewport(page, devicesCard(page));
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  });
});

test.describe("the agent's devices", () => {
  test('the profile lists every device of the agent and signs out all but this one', async ({ page, browser, request }) => {
    await signInAs(request);
    const agent = await createAgent(request, 'Devices');
    await signInAgent(page.request, agent);
    const phone = await otherDevice(browser, SAFARI_ON_IPHONE);
    await signInAgent(phone.request, agent);
    const laptop = await otherDevice(browser, FIREFOX_ON_WINDOWS);
    await signInAgent(laptop.request, agent);

    await page.goto('/agent/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await expect(deviceRows(page)).toHaveCount(3);
    // The last card, below the password's.
    const cards = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(cards.slice(-2)).toEqual(['Change password', 'Signed-in devices']);
    await expect(deviceRows(page).first()).toContainText('This device');
    await expect(deviceRows(page).filter({ hasText: 'Safari on iOS' })).toHaveCount(1);
    await expect(deviceRows(page).filter({ hasText: 'Firefox on Windows' })).toHaveCount(1);
    await expect(devicesCard(page).getByRole('button', { name: /^Sign out (Safari on iOS|Firefox on Windows), last active / })).toHaveCount(2);
    await expectNoAxeViolations(page);

    await signOutOthers(page).click();
    await expect(toasts(page).filter({ hasText: '2 devices were signed out.' })).toBeVisible();
    await expect(deviceRows(page)).toHaveCount(1);
    await expect(thisDevice(page)).toHaveCount(1);
    await expect(signOutOthers(page)).toBeDisabled();
    expect((await phone.request.get('/api/agents/session')).status()).toBe(401);
    expect((await laptop.request.get('/api/agents/session')).status()).toBe(401);
    expect((await page.request.get('/api/agents/session')).status()).toBe(200);
    const phonePage = await phone.newPage();
    await phonePage.goto('/agent/profile');
    await expect(phonePage.getByRole('heading', { level: 1, name: 'Sign in to see your profile' })).toBeVisible();
    await phone.close();
    await laptop.close();

    await page.setViewportSize({ width: 375, height: 800 });
    await expectWithinViewport(page, devicesCard(page));
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });
});
