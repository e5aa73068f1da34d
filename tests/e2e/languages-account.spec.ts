import type { Browser, Page } from '@playwright/test';
import { createAgent, expectWithinViewport, toasts, type TestAgent } from './support/helpers';
import { expect, signInAgent, signInAs, test } from './support/fixtures';
import { expectUnbrokenScreen } from './support/language-screens';

// docs/product.md §12.22: the staff account page (details, password, two-factor sign-in, signed-in devices) and the
// agent's profile (details, public boards, password, devices) in German and in the pseudo-locale at 375 px: nothing
// wider than the screen, no element cut off, axe clean, screenshots kept.

const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const expectUnbroken = (page: Page, lang: string, name: string) =>
  expectUnbrokenScreen(page, name, { lang, elements: 'h1, h2, h3, p, a, button, label, legend, li, dt, dd, nav, [role="heading"]' });

/** A second device of the agent, so that the devices card lists a row that can be signed out. */
async function signInElsewhere(browser: Browser, agent: TestAgent) {
  const phone = await browser.newContext({ userAgent: SAFARI_ON_IPHONE });
  await signInAgent(phone.request, agent);
  return phone;
}

/** The two-factor set-up dialog opened from the card, drawn, within the screen; then closed. */
async function checkSetupDialog(page: Page, lang: string, name: string, names: { setUp: RegExp; dialog: RegExp; qr: RegExp; cancel: RegExp }) {
  await page.getByRole('button', { name: names.setUp }).click();
  const dialog = page.getByRole('dialog', { name: names.dialog });
  await expect(dialog.getByRole('img', { name: names.qr })).toBeVisible();
  await expectWithinViewport(page, dialog);
  await expectUnbroken(page, lang, name);
  await dialog.getByRole('button', { name: names.cancel }).click();
  await expect(dialog).toBeHidden();
}

test.describe('the account and profile pages in other languages', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the owner's account page holds the pseudo-locale at 375 px", async ({ page }) => {
    await signInAs(page);
    await page.goto('/dashboard/account?lang=pseudo');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ýööûûŕ');
    await expect(page.getByRole('region', { name: /Šîîĝñééð-îîñ ðééṽîîçééš/ }).getByRole('listitem').first()).toBeVisible();
    await expectUnbroken(page, 'en-XA', 'account-pseudo');
    await checkSetupDialog(page, 'en-XA', 'account-two-factor-pseudo', { setUp: /^\[?Šééţ ûûþ\]?$/, dialog: /ţŵöö-ƒååçţööŕ/, qr: /ǪŔ çööðéé/, cancel: /Çååñçééļ/ });
  });

  test("the owner's account page in German at 375 px", async ({ page }) => {
    await signInAs(page);
    const chosen = await page.request.patch('/api/auth/user', { data: { language: 'de' } });
    expect(chosen.status(), await chosen.text()).toBe(200);
    try {
      await page.goto('/dashboard/account');
      await expect(page.getByRole('heading', { level: 1, name: 'Ihr Konto' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Angemeldete Geräte' }).getByText('Dieses Gerät')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Zwei-Faktor-Anmeldung' })).toContainText('Status:');
      await expect(page.getByText('Inhaber', { exact: true })).toBeVisible();
      await expectUnbroken(page, 'de', 'account-de');
      await checkSetupDialog(page, 'de', 'account-two-factor-de', {
        setUp: /^Einrichten$/,
        dialog: /^Zwei-Faktor-Anmeldung einrichten$/,
        qr: /^QR-Code zum Scannen/,
        cancel: /^Abbrechen$/,
      });
    } finally {
      const restored = await page.request.patch('/api/auth/user', { data: { language: null } });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });

  test("an agent's profile holds the pseudo-locale at 375 px", async ({ page, browser, request }) => {
    await signInAs(request);
    const agent = await createAgent(request, 'Pseudo');
    await signInAgent(page.request, agent);
    const phone = await signInElsewhere(browser, agent);
    await page.goto('/agent/profile?lang=pseudo');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ýööûûŕ');
    await expect(page.getByRole('switch')).toBeVisible();
    await expect(page.getByRole('region', { name: /Šîîĝñééð-îîñ ðééṽîîçééš/ }).getByRole('listitem')).toHaveCount(2);
    await expectUnbroken(page, 'en-XA', 'profile-pseudo');
    await phone.close();
  });

  test("an agent's profile in German at 375 px", async ({ page, browser, request }) => {
    await signInAs(request);
    const agent = await createAgent(request, 'Deutsch');
    await signInAgent(page.request, agent);
    const chosen = await page.request.patch('/api/agents/me', { data: { language: 'de' } });
    expect(chosen.status(), await chosen.text()).toBe(200);
    const phone = await signInElsewhere(browser, agent);
    await page.goto('/agent/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Ihr Profil' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Mich auf öffentlichen Ranglisten zeigen' })).toBeVisible();
    const devices = page.getByRole('region', { name: 'Angemeldete Geräte' });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByRole('button', { name: /^Abmelden Safari unter iOS, zuletzt aktiv am / })).toBeVisible();
    await expectUnbroken(page, 'de', 'profile-de');

    await page.getByRole('switch').click();
    await expect(page.getByRole('status').filter({ hasText: 'Aus: Sie werden als „Anonymer Vertriebler“ angezeigt.' })).toBeVisible();
    await expect(toasts(page).filter({ hasText: 'Sie sind auf öffentlichen Ranglisten verborgen' })).toBeVisible();
    await devices.getByRole('button', { name: 'Alle anderen Geräte abmelden' }).click();
    await expect(toasts(page).filter({ hasText: '1 Gerät wurde abgemeldet.' })).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await phone.close();
  });
});
