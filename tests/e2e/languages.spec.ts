import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { expectUnbrokenScreen } from './support/language-screens';

// docs/product.md §12.22: the converted screens in the pseudo-locale (English, accented, ~40% longer, in brackets)
// at 375 px: nothing wider than the screen, no converted element cut off; and a person's German choice.

const expectUnbroken = (page: Page, name: string) =>
  expectUnbrokenScreen(page, `${name}-pseudo`, { lang: 'en-XA', elements: 'h1, h2, h3, p, a, button, label, legend, li, nav, [role="heading"]' });

test.describe('languages', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the landing page and the sign-in page hold the pseudo-locale at 375 px', async ({ page }) => {
    await page.goto('/?lang=pseudo');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('[Šååļééš');
    await expect(page.getByRole('listitem').first()).toBeVisible();
    await expectUnbroken(page, 'landing');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Šîîĝñ Îîñ');
    await expectUnbroken(page, 'login');
  });

  test('the account page holds the pseudo-locale, and German once chosen there', async ({ page }) => {
    await signInAs(page);
    await page.goto('/dashboard/account?lang=pseudo');
    await expect(page.getByRole('link', { name: /Ɓååçķ/ })).toBeVisible();
    await expect(page.getByRole('combobox')).toBeVisible();
    await expectUnbroken(page, 'account');

    await page.goto('/dashboard/account?lang=');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('link', { name: 'Zurück zur Übersicht' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Abmelden' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    await expectNoAxeViolations(page);
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
  });
});
