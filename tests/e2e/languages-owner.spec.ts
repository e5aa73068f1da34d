import type { APIRequestContext, Page } from '@playwright/test';
import { pseudoText } from '../../web/src/lib/i18n/pseudo';
import { expect, signInAs, test } from './support/fixtures';
import { createAgent, expectWithinViewport, type TestAgent } from './support/helpers';
import { expectUnbrokenScreen, staffInGerman } from './support/language-screens';

// docs/product.md §12.22: the owner's screens (the dashboard's header and tab names, the overview, the leaderboard with
// its period navigation and podium, the agents tab with Add Agent and the sign-up settings, an agent's page, the staff
// tab with Add Manager) in German and in the pseudo-locale (English accented, ~40% longer, in brackets) at 375 px:
// nothing wider than the screen, no words cut off, axe clean, screenshots kept.

const PSEUDO = 'en-XA';

const escape = (text: string) => text.replace(/[[\]().*+?^$|\\]/g, '\\$&');
/** A message in the pseudo-locale, as a whole name: "[Ţåƀ]". */
const pseudo = (english: string) => `[${pseudoText(english)}]`;
/** A pseudo-locale message that begins with these English words (its placeholders' values are not known here). */
const pseudoStart = (english: string) => new RegExp(`^${escape(pseudo(english).slice(0, -1))}`);

/**
 * An agent with income this month, so that the boards, the podium and the agent's page have rows. Modest and never the
 * same amount twice: owner-dashboard.spec.ts expects no tie among the board's first places.
 */
let added = 0;
async function agentWithIncome(request: APIRequestContext, prefix: string): Promise<TestAgent> {
  await signInAs(request);
  added += 1;
  return createAgent(request, prefix, `${4_000 + added * 37}.13`);
}

/** The signed-in owner's screens in German for `run`; the owner's language is the organisation's again after it. */
async function inGerman(page: Page, run: () => Promise<void>) {
  await signInAs(page);
  await staffInGerman(page.request, run);
}

/** A tab of the dashboard by its name, chosen and shown. */
async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

const board = (page: Page) => page.locator('section[aria-labelledby="leaderboard-heading"]');

/** Nothing on the page is waiting for its answer (a list, a board). */
const settled = (page: Page) => expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);

test.describe("the owner's screens in other languages", () => {
  test.use({ viewport: { width: 375, height: 800 } });
  // Each screen is checked whole (axe included) on a machine the other specs share.
  test.describe.configure({ timeout: 60_000 });

  // The owner's language is the organisation's again even after a test that timed out inside inGerman.
  test.afterEach(async ({ request }) => {
    await signInAs(request);
    const restored = await request.patch('/api/auth/user', { data: { language: null } });
    expect(restored.status(), await restored.text()).toBe(200);
  });

  test('the header, the tab names and the overview in German at 375 px', async ({ page, request }) => {
    await agentWithIncome(request, 'Rangliste');
    await inGerman(page, async () => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByText('Übersicht des Inhabers')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Bereiche der Übersicht' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Übersicht', exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { level: 2, name: 'Übersicht', exact: true })).toBeVisible();
      await expect(page.getByText('Vertriebler gesamt')).toBeVisible();
      await expect(page.getByText('Wochen\u00adeinkommen', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Letzte Buchungen' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Alle Einträge exportieren: alle Einkommenseinträge als CSV-Datei herunterladen$/ })).toBeVisible();
      // The charts load once scrolled near.
      const tiers = page.getByRole('region', { name: 'Vertriebler nach Stufe' });
      await tiers.scrollIntoViewIfNeeded();
      await expect(tiers).toContainText(/\d+ von \d+ Vertrieblern? (hat|haben) eine Stufe erreicht\./);
      await expect(page.getByRole('region', { name: 'Größte Aufsteiger dieses Monats' })).toContainText('Vormonat');
      await expect(page.getByRole('region', { name: 'Einkommen des Teams' })).toBeVisible();
      await settled(page);
      await expectUnbrokenScreen(page, 'owner-overview-de', { lang: 'de' });
    });
  });

  test('the leaderboard and its period navigation in German at 375 px', async ({ page, request }) => {
    await agentWithIncome(request, 'Podest');
    await inGerman(page, async () => {
      await page.goto('/');
      await openTab(page, 'Rangliste');
      await expect(page.getByRole('heading', { level: 2, name: 'Monatliche Rangliste' })).toBeVisible();
      await expect(board(page)).toContainText('Vertriebler nach verdientem Einkommen in diesem Monat.');
      const shown = board(page).getByRole('group', { name: 'Angezeigter Zeitraum' });
      await expect(shown.getByText('Dieser Monat', { exact: true })).toBeVisible();
      await expect(shown.getByRole('button', { name: 'Nächster Monat' })).toBeDisabled();
      await expect(board(page).getByText('1. Platz').first()).toBeVisible();
      await expect(board(page).getByRole('heading', { name: /^Die ersten drei in diesem Monat$/ })).toBeAttached();
      await expect(board(page).getByLabel('Vertriebler suchen')).toBeVisible();
      await expect(board(page).getByText('Größte Steigerung')).toBeVisible();
      await settled(page);
      await expectUnbrokenScreen(page, 'owner-leaderboard-de', { lang: 'de' });

      // A month before: the way back, and the movement against the month before that.
      await shown.getByRole('button', { name: 'Vorheriger Monat' }).click();
      await expect(shown.getByRole('button', { name: 'Zurück zu diesem Monat' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Monatliche Rangliste' })).toBeVisible();
      await settled(page);
      await board(page).getByRole('switch').click();
      await expect(board(page)).toContainText('Vertriebler nach dem Wachstum ihres Einkommens gegenüber dem Monat davor');
      await settled(page);
      await expectUnbrokenScreen(page, 'owner-leaderboard-growth-de', { lang: 'de' });
    });
  });

  test('the header, the tab names and the overview in the pseudo-locale at 375 px', async ({ page, request }) => {
    await agentWithIncome(request, 'Pseudo Rangliste');
    await signInAs(page);
    await page.goto('/?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
    await expect(page.getByText(pseudo('Owner Dashboard'))).toBeVisible();
    await expect(page.getByRole('tab', { name: pseudo('Overview'), exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(pseudo('Total Agents'))).toBeVisible();
    await expect(page.getByRole('heading', { name: pseudo('Recent Transactions') })).toBeVisible();
    const tiers = page.getByRole('region', { name: pseudo('Agents by tier') });
    await tiers.scrollIntoViewIfNeeded();
    await expect(tiers).toContainText(pseudoText('reached a tier.'));
    await settled(page);
    await expectUnbrokenScreen(page, 'owner-overview-pseudo', { lang: PSEUDO });
  });

  test('the leaderboard and its period navigation in the pseudo-locale at 375 px', async ({ page, request }) => {
    await agentWithIncome(request, 'Pseudo Podest');
    await signInAs(page);
    await page.goto('/?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
    await openTab(page, pseudo('Leaderboard'));
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(escape(pseudoText('Leaderboard'))) })).toBeVisible();
    const shown = board(page).getByRole('group', { name: pseudo('Period shown') });
    await expect(shown.getByRole('button', { name: pseudoStart('Previous ') })).toBeEnabled();
    await expect(board(page).getByText(pseudoText('1st place')).first()).toBeVisible();
    await expect(board(page).getByText(pseudo('Most improved'))).toBeVisible();
    await settled(page);
    await expectUnbrokenScreen(page, 'owner-leaderboard-pseudo', { lang: PSEUDO });

    await shown.getByRole('button', { name: pseudoStart('Previous ') }).click();
    await expect(shown.getByRole('button', { name: pseudoStart('Back to this ') })).toBeVisible();
    await board(page).getByRole('switch').click();
    await expect(board(page)).toContainText(pseudoText('Agents ranked by how much their income grew'));
    await settled(page);
    await expectUnbrokenScreen(page, 'owner-leaderboard-growth-pseudo', { lang: PSEUDO });
  });

  test('the agents tab, Add Agent and the sign-up settings in German at 375 px', async ({ page, request }) => {
    const agent = await agentWithIncome(request, 'Karte');
    await inGerman(page, async () => {
      await page.goto('/');
      await openTab(page, 'Vertriebler');
      await expect(page.getByRole('heading', { level: 2, name: 'Vertriebler', exact: true })).toBeVisible();
      await page.getByRole('main').getByLabel('Vertriebler suchen').fill(agent.name);
      await settled(page);
      const card = page.getByRole('list', { name: 'Vertriebler' }).getByRole('listitem').filter({ hasText: agent.name });
      await expect(card.getByText('Gesamtgewinn')).toBeVisible();
      await expect(card.getByText('Einträge gesamt')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Deaktivieren' })).toBeVisible();
      await expect(card.getByRole('button', { name: `Weitere Aktionen für ${agent.name}` })).toBeVisible();
      await expect(page.getByRole('link', { name: /^CSV exportieren: alle Vertriebler mit ihren Summen und Stufen als CSV-Datei/ })).toBeVisible();
      await expectUnbrokenScreen(page, 'owner-agents-de', { lang: 'de' });

      await page.getByRole('button', { name: 'Vertriebler hinzufügen' }).click();
      const add = page.getByRole('dialog', { name: 'Vertriebler hinzufügen' });
      await expect(add).toContainText('im Vertriebsportal anmelden');
      await expect(add.getByLabel('Position')).toHaveAttribute('placeholder', 'z. B. Vertriebsmitarbeiter');
      await expect(add.getByLabel('Anfangspasswort')).toBeVisible();
      await expectWithinViewport(page, add);
      await expectUnbrokenScreen(page, 'owner-add-agent-de', { lang: 'de' });
      await add.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(add).toBeHidden();

      await page.getByRole('button', { name: 'Registrierung' }).click();
      const signUp = page.getByRole('dialog', { name: 'Registrierung' });
      await expect(signUp.getByRole('group', { name: 'Wer sich registrieren kann' })).toBeVisible();
      await expect(signUp.getByRole('radio', { name: 'Nur mit Einladung' })).toBeVisible();
      await expect(signUp.getByRole('button', { name: 'Einladungslink erstellen' })).toBeVisible();
      await expectWithinViewport(page, signUp);
      await expectUnbrokenScreen(page, 'owner-sign-up-settings-de', { lang: 'de' });
    });
  });

  test('the agents tab and Add Agent in the pseudo-locale at 375 px', async ({ page, request }) => {
    const agent = await agentWithIncome(request, 'Pseudo Karte');
    await signInAs(page);
    await page.goto('/?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
    await openTab(page, pseudo('Agents'));
    await page.getByRole('main').getByLabel(pseudo('Find an agent')).fill(agent.name);
    await settled(page);
    const card = page.getByRole('list', { name: pseudo('Agents') }).getByRole('listitem').filter({ hasText: agent.name });
    await expect(card.getByText(pseudo('Total Profit'))).toBeVisible();
    await expect(card.getByRole('button', { name: pseudo('Make Inactive') })).toBeVisible();
    await expectUnbrokenScreen(page, 'owner-agents-pseudo', { lang: PSEUDO });

    await page.getByRole('button', { name: pseudo('Add Agent') }).click();
    const add = page.getByRole('dialog');
    await expect(add.getByLabel(pseudo('Initial password'))).toBeVisible();
    await expect(add.getByLabel(pseudo('Position'))).toHaveAttribute('placeholder', pseudo('e.g. Sales Agent'));
    await expectWithinViewport(page, add);
    await expectUnbrokenScreen(page, 'owner-add-agent-pseudo', { lang: PSEUDO });
  });

  test("an agent's page in German at 375 px", async ({ page, request }) => {
    const agent = await agentWithIncome(request, 'Seite');
    await inGerman(page, async () => {
      await page.goto(`/dashboard/agents/${agent.id}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();
      await expect(page.getByText('Vertriebler-Details')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Zurück zur Übersicht' })).toBeVisible();
      await expect(page.getByText(/^Vertriebler seit .+ · 1 Eintrag$/)).toBeVisible();
      await expect(page.getByText('Gesamt\u00adeinkommen', { exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Einkommensverlauf' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Erreichte Stufen' })).toContainText(/Erreicht am|Noch keine Stufe/);
      await expect(page.getByRole('region', { name: 'Prämienansprüche' })).toContainText('Noch keine Ansprüche');
      const entries = page.getByRole('region', { name: 'Einkommenseinträge' });
      await expect(entries.getByRole('search', { name: 'Einträge nach Datum filtern' })).toBeVisible();
      await expect(entries.getByLabel('Von', { exact: true })).toBeVisible();
      await expect(entries.getByRole('listitem').filter({ hasText: 'Einkommen' }).first()).toBeVisible();
      await expect(entries.getByRole('navigation', { name: 'Seiten der Einträge' })).toContainText('Einträge 1–1');
      await settled(page);
      await expectUnbrokenScreen(page, 'owner-agent-page-de', { lang: 'de' });
    });
  });

  test("an agent's page in the pseudo-locale at 375 px", async ({ page, request }) => {
    const agent = await agentWithIncome(request, 'Pseudo Seite');
    await signInAs(page);
    await page.goto(`/dashboard/agents/${agent.id}?lang=pseudo`);
    await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
    await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();
    await expect(page.getByText(pseudo('Agent details'))).toBeVisible();
    await expect(page.getByRole('region', { name: pseudo('Income entries') })).toBeVisible();
    await expect(page.getByRole('region', { name: pseudo('Reward claims') })).toContainText(pseudo('No claims yet'));
    await expect(page.getByText(pseudoStart('Agent since '))).toBeVisible();
    await settled(page);
    await expectUnbrokenScreen(page, 'owner-agent-page-pseudo', { lang: PSEUDO });
  });

  test('the staff tab and Add Manager in German at 375 px', async ({ page }) => {
    await inGerman(page, async () => {
      await page.goto('/');
      await openTab(page, 'Mitarbeiter');
      const staff = page.getByRole('region', { name: 'Mitarbeiter' });
      await expect(staff.getByRole('heading', { level: 2, name: 'Mitarbeiter' })).toBeVisible();
      await expect(staff.getByText('Inhaber', { exact: true })).toBeVisible();
      await expect(staff.getByText('(Sie)')).toBeVisible();
      await expect(staff.getByText(/^Hinzugefügt am /).first()).toBeVisible();
      await expect(staff.getByRole('button', { name: / entfernen$/ }).first()).toBeVisible();
      await expectUnbrokenScreen(page, 'owner-staff-de', { lang: 'de' });

      await page.getByRole('button', { name: 'Manager hinzufügen' }).click();
      const add = page.getByRole('dialog', { name: 'Manager hinzufügen' });
      await expect(add).toContainText('ohne etwas ändern zu können');
      await expect(add.getByLabel('Passwort')).toBeVisible();
      await expectWithinViewport(page, add);
      await expectUnbrokenScreen(page, 'owner-add-manager-de', { lang: 'de' });
    });
  });

  test('the staff tab in the pseudo-locale at 375 px', async ({ page }) => {
    await signInAs(page);
    await page.goto('/?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
    await openTab(page, pseudo('Staff'));
    const staff = page.getByRole('region', { name: pseudo('Staff') });
    await expect(staff.getByText(pseudo('(you)'))).toBeVisible();
    await expect(staff.getByText(pseudoStart('Added ')).first()).toBeVisible();
    await expectUnbrokenScreen(page, 'owner-staff-pseudo', { lang: PSEUDO });
  });
});
