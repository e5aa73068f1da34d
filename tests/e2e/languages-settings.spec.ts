import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { pseudoText } from '../../web/src/lib/i18n/pseudo';
import { expect, signInAgent, signInAs, test } from './support/fixtures';
import { expectUnbrokenScreen, staffInGerman } from './support/language-screens';
import { claimTierReward, createAgent, expectWithinViewport, uniqueName, type TestAgent } from './support/helpers';

// docs/product.md §12.22: the owner's Tier Settings, Reward Claims (with a pending claim), Settings (organisation,
// working calendar, working hours) and Teams tabs, with their main dialogs, in German and in the pseudo-locale at
// 375 px: nothing wider than the screen, none of their words cut off, axe clean, screenshots kept. Only the tab's own
// panel and its dialogs are looked at for cut-off words: the dashboard around them belongs to other folders.

const expectUnbroken = (page: Page, name: string, lang: string) =>
  expectUnbrokenScreen(page, `${name}-${lang}`, { lang, within: '[role="tabpanel"], [role="dialog"]' });

/** A screenshot of one part of the screen, readable at its size (the full page's is too tall to read at a glance). */
const keepShot = (part: Locator, name: string) => part.screenshot({ path: test.info().outputPath(`${name}-part-375.png`) });

/**
 * A tab of the owner's dashboard by its value, whatever its name in the language shown: Radix names a trigger
 * `…-trigger-<value>`.
 */
async function openDashboardTab(page: Page, value: 'tiers' | 'reward-claims' | 'settings' | 'teams') {
  const trigger = page.locator(`[role="tab"][id$="-trigger-${value}"]`);
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-selected', 'true');
}

/**
 * An English message in the pseudo-locale, in its brackets ("[Ţîîéŕ Šééţţîîñĝš]"): its words accented, the values of
 * its placeholders (`{name}`) as they are.
 */
const pseudo = (english: string, values: Record<string, string> = {}) =>
  `[${english
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name === undefined ? pseudoText(part) : values[name]!;
    })
    .join('')}]`;

/** The owner reads German (their own choice), restored to the organisation's afterwards. */
const inGerman = staffInGerman;

/** An agent past Starter who has claimed its reward: the claim is pending on the owner's Reward Claims tab. */
async function agentWithPendingClaim(owner: APIRequestContext, agentSide: APIRequestContext, tag: string): Promise<TestAgent> {
  const agent = await createAgent(owner, tag, '6000.00');
  await signInAgent(agentSide, agent);
  await claimTierReward(agentSide, agent, 'Starter');
  return agent;
}

/** A team holding `agent`, deleted again by `remove`. */
async function teamOf(request: APIRequestContext, agent: TestAgent, prefix: string) {
  const name = uniqueName(prefix).name;
  const made = await request.post('/api/teams', { data: { name, agentIds: [agent.id] } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  return { name, remove: async () => expect((await request.delete(`/api/teams/${id}`)).status()).toBeLessThan(300) };
}

/** The owner's card of `agent`'s claim, found through the tab's search. */
async function findClaimCard(page: Page, searchLabel: string, agent: TestAgent): Promise<Locator> {
  await page.getByRole('main').getByLabel(searchLabel, { exact: true }).fill(agent.name);
  const card = page.getByRole('main').getByRole('listitem').filter({ hasText: agent.name });
  await expect(card).toHaveCount(1);
  return card;
}

test.describe('tiers, claims, settings and teams in other languages', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('tier settings and reward claims in German at 375 px', async ({ page, request }) => {
    test.setTimeout(60_000);
    await signInAs(page);
    const agent = await agentWithPendingClaim(page.request, request, 'Anspruch');
    await inGerman(page.request, async () => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');

      await openDashboardTab(page, 'tiers');
      const tiers = page.getByRole('region', { name: 'Stufeneinstellungen' });
      await expect(tiers).toContainText('Schwellen, Prämienbeschreibungen und die Prämienoptionen');
      await expect(tiers.getByText('Stufe 1', { exact: true })).toBeVisible();
      await expect(tiers.getByRole('button', { name: 'Schwelle für Starter bearbeiten' })).toBeVisible();
      await expect(tiers.getByRole('button', { name: 'Prämien für Starter bearbeiten' })).toBeVisible();
      await expect(tiers.getByText('Prämienoptionen', { exact: true }).first()).toBeVisible();
      await expectUnbroken(page, 'tiers', 'de');
      await keepShot(tiers.getByRole('listitem').first(), 'tiers-starter-de');

      await tiers.getByRole('button', { name: 'Prämienoption zu Starter hinzufügen' }).click();
      const add = page.getByRole('dialog', { name: 'Prämienoption hinzufügen' });
      await expect(add).toContainText('Vertriebler, die Starter erreichen, können diese Prämie wählen.');
      await expect(add.getByLabel('Titel')).toHaveAttribute('placeholder', 'z. B. kabellose Kopfhörer');
      await expect(add.getByRole('combobox', { name: 'Kategorie' })).toHaveText('Sachprämie');
      await expect(add.getByRole('button', { name: 'Prämie hinzufügen' })).toBeVisible();
      await expectWithinViewport(page, add);
      await expectUnbroken(page, 'tiers-add-option', 'de');
      await keepShot(add, 'tiers-add-option-de');
      await add.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(add).toBeHidden();

      await openDashboardTab(page, 'reward-claims');
      const claims = page.getByRole('region', { name: 'Prämienansprüche' });
      await expect(claims.getByRole('tab', { name: /^Offene Ansprüche/ })).toHaveAttribute('aria-selected', 'true');
      await expect(claims.getByRole('tab', { name: /^Frühere Prämien/ })).toBeVisible();
      const card = await findClaimCard(page, 'Anspruch suchen', agent);
      await expect(card).toContainText('Stufe Starter');
      await expect(card).toContainText(/Angefordert am \d/);
      await expect(card.getByText('Vollständiger Name')).toBeVisible();
      await expect(card.getByText('Nicht angegeben').first()).toBeVisible();
      await expect(card.getByText('Verlauf (1 Schritt)')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Als bearbeitet markieren' })).toBeVisible();
      await expectUnbroken(page, 'claims', 'de');
      await keepShot(claims.locator('dl').first(), 'claims-counts-de');
      await keepShot(card, 'claims-card-de');

      await card.getByRole('button', { name: 'Ablehnen' }).click();
      const reject = page.getByRole('dialog', { name: 'Anspruch ablehnen' });
      await expect(reject).toContainText(`für ${agent.name} (Stufe Starter).`);
      await expect(reject).toContainText('Der Vertriebler sieht den Grund und kann diese Stufe danach erneut anfordern.');
      // The form's own check, before anything is sent.
      await reject.getByRole('button', { name: 'Ablehnen' }).click();
      await expect(reject.getByText('Eine Ablehnung braucht einen Grund')).toBeVisible();
      await expect(reject.getByLabel('Grund')).toBeFocused();
      await expectWithinViewport(page, reject);
      await expectUnbroken(page, 'claims-reject', 'de');
      await keepShot(reject, 'claims-reject-de');
      await reject.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(reject).toBeHidden();
    });
  });

  test('settings and teams in German at 375 px', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAs(page);
    const agent = await createAgent(page.request, 'Teamkollege', '2500.00');
    const team = await teamOf(page.request, agent, 'Falken');
    try {
      await inGerman(page.request, async () => {
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('lang', 'de');

        await openDashboardTab(page, 'settings');
        const form = page.getByRole('form', { name: 'Einstellungen der Organisation' });
        await expect(form.getByLabel('Währung')).toHaveValue('USD');
        await expect(form.getByLabel('Name der Organisation')).toBeVisible();
        await expect(form.getByRole('switch', { name: 'Zwei-Faktor-Anmeldung für Manager verlangen' })).toBeVisible();
        await expect(form.getByText('Keine Änderungen zu speichern.')).toBeVisible();
        const calendar = page.getByRole('region', { name: 'Arbeitskalender' });
        await expect(calendar.getByRole('checkbox', { name: 'Montag' })).toBeChecked();
        // Named in German; checked or not as another spec left the calendar.
        await expect(calendar.getByRole('checkbox', { name: 'Sonntag' })).toBeVisible();
        // The form's own check of a holiday, before anything is sent.
        await calendar.getByRole('button', { name: 'Feiertag hinzufügen' }).click();
        await expect(calendar.getByText('Geben Sie ein vollständiges Datum ein: Tag, Monat und Jahr.')).toBeVisible();
        const hours = page.getByRole('region', { name: 'Arbeitszeiten' });
        await expect(hours.getByLabel('Arbeitsbeginn')).toBeVisible();
        await expect(hours.getByRole('button', { name: 'Arbeitszeiten speichern' })).toBeVisible();
        await expectUnbroken(page, 'settings', 'de');
        await keepShot(form, 'settings-form-de');
        await keepShot(calendar, 'settings-calendar-de');
        await keepShot(hours, 'settings-hours-de');

        await openDashboardTab(page, 'teams');
        await expect(page.getByRole('heading', { name: 'Teams', exact: true })).toBeVisible();
        const board = page.getByRole('table', { name: 'Team gegen Team' });
        await expect(board.getByRole('columnheader', { name: 'Pro Vertriebler' })).toBeVisible();
        await expect(board.getByRole('row').filter({ hasText: team.name })).toContainText('2.500,00');
        await expect(page.getByRole('group', { name: 'Zeitraum' }).getByRole('radio', { name: 'Monat' })).toBeChecked();
        const card = page.getByRole('list', { name: 'Liste der Teams' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: team.name }) });
        await expect(card).toContainText('1 Vertriebler');
        await expect(card).toContainText('Dieses Team hat noch keinen Manager.');
        await expectUnbroken(page, 'teams', 'de');
        await keepShot(card, 'teams-card-de');

        await card.getByRole('button', { name: `${team.name} bearbeiten` }).click();
        const dialog = page.getByRole('dialog', { name: `${team.name} bearbeiten` });
        await expect(dialog.getByRole('heading', { name: 'Beim Speichern' })).toBeVisible();
        await expect(dialog).toContainText('Kein Vertriebler wechselt.');
        await expect(dialog.getByRole('group', { name: 'Vertriebler (1)' })).toBeVisible();
        await dialog.getByRole('button', { name: `${agent.name} entfernen` }).click();
        await expect(dialog.getByRole('list', { name: 'Vertriebler, die wechseln' })).toHaveText(`${agent.name} verlässt ${team.name} und ist in keinem Team mehr.`);
        await expect(dialog.getByRole('button', { name: 'Team speichern' })).toBeVisible();
        await expectWithinViewport(page, dialog);
        await expectUnbroken(page, 'teams-edit', 'de');
        await keepShot(dialog, 'teams-edit-de');
        await dialog.getByRole('button', { name: 'Abbrechen' }).click();
        await expect(dialog).toBeHidden();
      });
    } finally {
      await team.remove();
    }
  });

  test('tier settings and reward claims hold the pseudo-locale at 375 px', async ({ page, request }) => {
    test.setTimeout(60_000);
    await signInAs(page);
    const agent = await agentWithPendingClaim(page.request, request, 'Pseudo');
    await page.goto('/?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');

    await openDashboardTab(page, 'tiers');
    const tiers = page.getByRole('region', { name: pseudo('Tier Settings') });
    await expect(tiers.getByText(pseudo('Tier 1'), { exact: true })).toBeVisible();
    await expect(tiers.getByRole('button', { name: pseudo('Edit threshold for {tier}', { tier: 'Starter' }) })).toBeVisible();
    await expectUnbroken(page, 'tiers', 'en-XA');
    await keepShot(tiers.getByRole('listitem').first(), 'tiers-starter-en-XA');

    await tiers.getByRole('button', { name: pseudo('Add reward option to {tier}', { tier: 'Starter' }) }).click();
    const add = page.getByRole('dialog', { name: pseudo('Add Reward Option') });
    await expect(add.getByRole('combobox', { name: pseudo('Category') })).toHaveText(pseudo('Physical Item'));
    await expectWithinViewport(page, add);
    await expectUnbroken(page, 'tiers-add-option', 'en-XA');
    await keepShot(add, 'tiers-add-option-en-XA');
    await add.getByRole('button', { name: /Çååñçééļ/ }).click();
    await expect(add).toBeHidden();

    await openDashboardTab(page, 'reward-claims');
    await expect(page.getByRole('region', { name: pseudo('Reward Claims') })).toBeVisible();
    const card = await findClaimCard(page, pseudo('Find a claim'), agent);
    await expect(card).toContainText(pseudoText('Claimed '));
    await expect(card.getByText(pseudo('History (1 step)'))).toBeVisible();
    await expect(card.getByRole('button', { name: pseudo('Mark Filled') })).toBeVisible();
    await expectUnbroken(page, 'claims', 'en-XA');
    await keepShot(page.getByRole('main').locator('dl').first(), 'claims-counts-en-XA');
    await keepShot(card, 'claims-card-en-XA');

    await card.getByRole('button', { name: pseudo('Reject') }).click();
    const reject = page.getByRole('dialog', { name: pseudo('Reject the claim') });
    await reject.getByRole('button', { name: pseudo('Reject') }).click();
    await expect(reject.getByText(pseudo('A rejection needs a reason'))).toBeVisible();
    await expectWithinViewport(page, reject);
    await expectUnbroken(page, 'claims-reject', 'en-XA');
    await keepShot(reject, 'claims-reject-en-XA');
    await reject.getByRole('button', { name: /Çååñçééļ/ }).click();
    await expect(reject).toBeHidden();
  });

  test('settings and teams hold the pseudo-locale at 375 px', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAs(page);
    const agent = await createAgent(page.request, 'Pseudoteam', '2500.00');
    const team = await teamOf(page.request, agent, 'Pseudo Falcons');
    try {
      await page.goto('/?lang=pseudo');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');

      await openDashboardTab(page, 'settings');
      const form = page.getByRole('form', { name: pseudo('Organisation settings') });
      await expect(form.getByLabel(pseudo('Currency'))).toHaveValue('USD');
      await expect(form).toContainText(pseudoText('Preview: '));
      const calendar = page.getByRole('region', { name: pseudo('Working calendar') });
      await calendar.getByRole('button', { name: pseudo('Add holiday') }).click();
      await expect(calendar.getByText(pseudo('Enter a whole date: day, month and year.'))).toBeVisible();
      await expect(page.getByRole('region', { name: pseudo('Working hours') })).toBeVisible();
      await expectUnbroken(page, 'settings', 'en-XA');
      await keepShot(form, 'settings-form-en-XA');
      await keepShot(calendar, 'settings-calendar-en-XA');

      await openDashboardTab(page, 'teams');
      const board = page.getByRole('table', { name: pseudo('Team against team') });
      await expect(board.getByRole('columnheader', { name: pseudo('Per agent') })).toBeVisible();
      const card = page.getByRole('list', { name: pseudo('Teams list') }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: team.name }) });
      await expect(card).toContainText(pseudo('1 agent'));
      await expectUnbroken(page, 'teams', 'en-XA');
      await keepShot(card, 'teams-card-en-XA');

      await card.getByRole('button', { name: pseudo('Edit {name}', { name: team.name }) }).click();
      const dialog = page.getByRole('dialog', { name: pseudo('Edit {name}', { name: team.name }) });
      await expect(dialog.getByRole('heading', { name: pseudo('On save') })).toBeVisible();
      await dialog.getByRole('button', { name: pseudo('Remove {name}', { name: agent.name }) }).click();
      await expect(dialog.getByRole('list', { name: pseudo('Agents who move') })).toContainText(pseudoText(' and is in no team.'));
      await expectWithinViewport(page, dialog);
      await expectUnbroken(page, 'teams-edit', 'en-XA');
      await keepShot(dialog, 'teams-edit-en-XA');
      await dialog.getByRole('button', { name: /Çååñçééļ/ }).click();
      await expect(dialog).toBeHidden();
    } finally {
      await team.remove();
    }
  });
});
