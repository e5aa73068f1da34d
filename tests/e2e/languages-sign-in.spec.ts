import type { Page } from '@playwright/test';
import { DEMO_AGENT } from '../../contract/demo';
import { expect, signInAgent, test } from './support/fixtures';
import { expectUnbrokenScreen, germanOrganisation } from './support/language-screens';

// docs/product.md §12.22: the agents' portal and the sign-in paths (the portal at /agents, the registration page, the
// forgot-password page) at 375 px in German and in the pseudo-locale: nothing wider than the screen, nothing cut off,
// axe clean, screenshots kept.

const expectUnbroken = (page: Page, name: string, lang: string) =>
  expectUnbrokenScreen(page, `${name}-${lang}`, { lang, elements: 'h1, h2, h3, p, a, button, label, legend, li, nav, dt, dd, [role="heading"]' });

test.describe('languages: the agents portal and sign-in paths', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the portal, registration and forgot-password pages hold German at 375 px', async ({ page }) => {
    await germanOrganisation(page);
    await page.goto('/agents');
    await expect(page.getByRole('heading', { level: 1, name: 'Vertriebsportal' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await expect(page.getByLabel('Passwort')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Hier registrieren' })).toBeVisible();
    await expectUnbroken(page, 'agents', 'de');

    await page.goto('/agent-register');
    await expect(page.getByRole('heading', { level: 1, name: 'Verstärken Sie das Team im Vertrieb' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Warum registrieren?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Konto erstellen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Im Vertriebsportal anmelden' })).toBeVisible();
    await expectUnbroken(page, 'register', 'de');

    await page.goto('/forgot-password');
    await expect(page.getByRole('button', { name: 'Link per E-Mail senden' })).toBeVisible();
    await expect(page.getByLabel('E-Mail')).toBeVisible();
    await expectUnbroken(page, 'forgot-password', 'de');
  });

  test('the portal, registration and forgot-password pages hold the pseudo-locale at 375 px', async ({ page }) => {
    await page.goto('/agents?lang=pseudo');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('[Ååĝééñţ Þööŕţååļ]');
    await expect(page.getByRole('button', { name: /Šîîĝñ Îîñ/ })).toBeVisible();
    await expectUnbroken(page, 'agents', 'en-XA');

    await page.goto('/agent-register');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('[Ĵööîîñ ţĥéé ţééååɱ');
    await expect(page.getByRole('button', { name: /Çŕééååţéé Ååççööûûñţ/ })).toBeVisible();
    await expectUnbroken(page, 'register', 'en-XA');

    await page.goto('/forgot-password');
    await expect(page.getByRole('button', { name: /Ééɱååîîļ ɱéé/ })).toBeVisible();
    await expectUnbroken(page, 'forgot-password', 'en-XA');
  });

  test('the signed-in portal holds the pseudo-locale at 375 px', async ({ page }) => {
    await signInAgent(page.request, DEMO_AGENT);
    await page.goto('/agents?lang=pseudo');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('[Ŵééļçööɱéé');
    await expect(page.getByRole('heading', { level: 2, name: /Ýööûûŕ Åå/ })).toBeVisible();
    await expectUnbroken(page, 'agents-signed-in', 'en-XA');
  });
});
