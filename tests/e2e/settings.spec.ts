// Organisation settings (docs/product.md §12.16; docs/decisions/0029, screens: docs/decisions/0066): the owner
// switches the currency to euros and the locale to German; every screen writes euros, open screens follow without a
// reload, and the landing page shows the organisation's name. The settings go back to the defaults afterwards: the
// other specs share the server and read dollars.
import type { APIRequestContext } from '@playwright/test';
import { createAgent, openTab, searchAgents, toasts } from './support/helpers';
import { expect, expectNoAxeViolations, collectPageErrors, signInAgent, signInAs, test } from './support/fixtures';

const DEFAULTS = { orgName: 'TierTrack', currency: 'USD', locale: 'en-US' };
const EUROS = /\d[\d.]*(,\d\d)?\s€/;

async function restoreDefaults(request: APIRequestContext) {
  await signInAs(request);
  const res = await request.patch('/api/settings', { data: DEFAULTS });
  expect(res.status()).toBe(200);
  expect((await request.patch('/api/auth/user', { data: { language: null } })).status()).toBe(200);
}

/**
 * The owner reads German from the first paint (docs/product.md §12.22): with no language of their own the page would
 * follow the organisation's locale to German in the middle of the test, once its catalogs arrive.
 */
async function ownerReadsGerman(request: APIRequestContext) {
  expect((await request.patch('/api/auth/user', { data: { language: 'de' } })).status()).toBe(200);
}

test.describe('organisation settings', () => {
  test.afterEach(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await restoreDefaults(request);
    await request.dispose();
  });

  test('switching the currency to EUR shows euros everywhere, at once on open screens, and the name on the landing page', async ({ page, browser, pageErrors }) => {
    await signInAs(page);
    await ownerReadsGerman(page.request);
    const agent = await createAgent(page.request, 'Euro', '1500.00');

    // The agent's dashboard is open in another browser before the change: it follows the change without a reload.
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    collectPageErrors(agentPage, pageErrors);
    await signInAgent(agentPage.request, agent);
    await agentPage.goto('/agent/dashboard');
    await expect(agentPage.getByText('$1,500.00').first()).toBeVisible();

    await page.goto('/');
    await openTab(page, 'Einstellungen');
    // The Settings tab in the owner's German (features/settings).
    await expect(page.getByLabel('Währung')).toHaveValue('USD');
    await expectNoAxeViolations(page);
    await page.getByLabel('Name der Organisation').fill('Acme Vertrieb');
    await page.getByLabel('Währung').fill('EUR');
    await page.getByLabel('Gebietsschema').fill('de-DE');
    await expect(page.getByText('Vorschau: 12.345,67 €')).toBeVisible();
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(page.getByText('Einstellungen gespeichert', { exact: true })).toBeVisible();
    // The toast says what changed, and nothing of what did not (the managers' second factor).
    const saved = toasts(page).filter({ hasText: 'Einstellungen gespeichert' });
    await expect(saved).toContainText(/Die Organisation heißt jetzt Acme Vertrieb\. Beträge lauten jetzt 1\.234,50\s€, Daten /);
    await expect(saved).not.toContainText('zweiten Faktor');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acme Vertrieb');

    // The dashboard's tabs (in German too), without a reload.
    await openTab(page, 'Übersicht');
    await expect(page.getByRole('main')).toContainText(EUROS);
    await expect(page.getByRole('main')).not.toContainText('$');
    await openTab(page, 'Rangliste');
    await searchAgents(page, agent.name);
    await expect(page.getByRole('main').getByText('1.500,00 €').first()).toBeVisible();
    // Period names follow the locale too (issue 35), and the owner's language (issue 38): German here.
    await page.getByRole('main').getByRole('radio', { name: 'Woche' }).check();
    await expect(page.getByRole('main')).toContainText(/Woche vom \d{1,2}\. [A-Z][a-zä]{2}\.? 20\d\d/);
    await page.getByRole('main').getByRole('radio', { name: 'Monat' }).check();
    await openTab(page, 'Vertriebler');
    await searchAgents(page, agent.name);
    await expect(page.getByRole('main').getByText('1.500 €').first()).toBeVisible();
    await openTab(page, 'Gewinnrechner');
    await searchAgents(page, agent.name);
    await page.getByLabel(`Wochenbetrag für ${agent.name}`).fill('1000');
    await page.getByLabel(`Prozentsatz für ${agent.name}`).fill('10');
    await expect(page.getByRole('listitem').filter({ hasText: agent.name })).toContainText('100,00 €');
    await expect(page.getByText('Wochenbetrag (€)')).toBeVisible();
    await expectNoAxeViolations(page);

    // The agent's open dashboard heard settings.changed.
    await expect(agentPage.getByText('1.500,00 €').first()).toBeVisible();
    await expect(agentPage.getByText('Acme Vertrieb')).toBeVisible();
    await agentContext.close();

    // A reload: the page the server sends carries the settings, so the first paint already writes euros.
    await page.reload();
    await openTab(page, 'Übersicht');
    await expect(page.getByRole('main')).toContainText(EUROS);

    // The landing page, signed out: the organisation's name, thresholds in euros.
    const visitor = await browser.newContext();
    const landing = await visitor.newPage();
    collectPageErrors(landing, pageErrors);
    await landing.goto('/');
    await expect(landing.getByRole('banner')).toContainText('Acme Vertrieb');
    await expect(landing).toHaveTitle(/^Acme Vertrieb/);
    await expect(landing.getByRole('list').filter({ hasText: 'Starter' })).toContainText('€');
    await expectNoAxeViolations(landing);
    await visitor.close();
  });

  test('refuses an unknown currency in the form, focusing it; the managers’ two-factor switch turns on and off', async ({ page }) => {
    await signInAs(page);
    await page.goto('/');
    await openTab(page, 'Settings');
    await page.getByLabel('Currency').fill('ABC');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('currency must be an ISO 4217 currency code such as USD or EUR')).toBeVisible();
    await expect(page.getByLabel('Currency')).toBeFocused();
    await page.getByLabel('Currency').fill('USD');

    const twoFactor = page.getByRole('switch', { name: 'Require two-factor sign-in for managers' });
    await expect(twoFactor).toHaveAttribute('aria-checked', 'false');
    await twoFactor.click();
    await expect(twoFactor).toHaveAttribute('aria-checked', 'true');
    // Switch it back before saving: the other specs sign managers in without a second factor.
    await twoFactor.click();
    await expect(page.getByRole('form', { name: 'Organisation settings' }).getByText('No changes to save.')).toBeVisible();
  });

  test('under de-DE dates are typed and picked the German way, whatever the browser’s language', async ({ page }) => {
    await signInAs(page);
    await ownerReadsGerman(page.request);
    expect((await page.request.patch('/api/settings', { data: { locale: 'de-DE' } })).status()).toBe(200);
    const agent = await createAgent(page.request, 'Datum');
    await page.goto('/');
    // The dialog in the owner's German (features/income-entries).
    await page.getByRole('button', { name: 'Einkommen erfassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Einkommen erfassen' });
    const day = dialog.getByLabel('Abschlussdatum');
    const today = new Date();
    const german = (date: Date) => `${String(date.getDate()).padStart(2, '0')}.${String(date.getMonth() + 1).padStart(2, '0')}.${date.getFullYear()}`;
    await expect(day).toHaveValue(german(today));
    await expect(day).toHaveAttribute('placeholder', 'TT.MM.JJJJ');

    // The calendar names the month and the weekdays in German, its weeks start on Monday.
    await dialog.getByRole('button', { name: 'Kalender öffnen' }).click();
    const calendar = dialog.getByRole('dialog');
    const monthTitle = today.toLocaleDateString('de-DE', { month: 'long', year: 'numeric' });
    await expect(calendar.getByRole('heading', { name: monthTitle })).toBeVisible();
    await expect(calendar.getByRole('columnheader').first()).toHaveText('Mo');
    await expect(calendar.getByRole('columnheader').last()).toHaveText('So');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await dialog.screenshot({ path: test.info().outputPath('calendar-de-375.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');

    // A day typed the German way, short, is read and written out in full when the field is left.
    const earlier = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 3);
    await day.fill(`${earlier.getDate()}.${earlier.getMonth() + 1}.${String(earlier.getFullYear()).slice(2)}`);
    await dialog.getByLabel('Vertriebler', { exact: true }).fill(agent.name.slice(0, -2));
    await expect(day).toHaveValue(german(earlier));
    await dialog.getByRole('option', { name: agent.name }).click();
    await dialog.getByLabel(/^Betrag/).fill('75');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/income-entries') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
    expect((await posted).postDataJSON()).toMatchObject({ agentId: agent.id, day: earlier.toLocaleDateString('en-CA') });
  });
});
