import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { CreatedTvLink } from '../../contract/tv-links';
import { pseudoText } from '../../web/src/lib/i18n/pseudo';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { addIncome, createAgent, expectConsoleErrors, expectNoHorizontalOverflow, expectWithinViewport, toasts, uniqueName } from './support/helpers';
import { cutOffTexts, expectUnbrokenScreen, germanOrganisation } from './support/language-screens';

// docs/product.md §12.22: the office TV board (features/tv-board: its boards, contest slide, wins, celebration,
// connection, pairing and status screens), the owner's Audit tab (features/audit), the company sign-in section of
// Settings (features/sso) and the TV Links tab with its dialogs (features/tv-links), in German and in the pseudo-locale.
// The TV has no person: it is in the organisation's language (a German organisation, germanOrganisation), at an office
// screen's 1280x720 and at 375 px; the owner's screens follow the owner's choice, at 375 px. Nothing wider than the
// screen, no words cut off, axe clean, screenshots kept. The tabs around these belong to other folders and are found by
// their English or translated names.

/** The rotation period of the boards (web/src/features/tv-board/components/rotating-boards.tsx). */
const ROTATE_MS = 15_000;
/** A board reads itself again at most once a second; give the event and the read a moment beyond that. */
const UPDATE_WITHIN_MS = 4_000;
/** A count metric for the contest's slide; made inactive again after the test. */
const METRIC = { key: 'lang-tv-calls', name: 'Anrufe', unit: 'count' } as const;

/** The part of a long page that is this folder's, alone, for a look at its size: `<name>-part-375.png`. */
const keepPart = (part: Locator, name: string) => part.screenshot({ path: test.info().outputPath(`${name}-part-375.png`) });

const escape = (text: string) => text.replace(/[[\]().*+?^$|\\]/g, '\\$&');
/** A pseudo-locale message as the page shows it: accented, in brackets. */
const pseudo = (english: string) => `[${pseudoText(english)}]`;

/** A tab of the owner's dashboard by its English or translated name. */
const tab = (page: Page, ...names: string[]) => page.getByRole('tab', { name: new RegExp(`^\\[?(${names.map(escape).join('|')})\\]?$`) });

async function openOwnerTab(page: Page, ...names: string[]) {
  await tab(page, ...names).click();
  await expect(tab(page, ...names)).toHaveAttribute('aria-selected', 'true');
}

async function createTvLink(request: APIRequestContext, name = uniqueName('Sprach-TV').name): Promise<CreatedTvLink> {
  const response = await request.post('/api/tv-links', { data: { name, showAmounts: false } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedTvLink;
}

/** The owner's own language (null: the organisation's), chosen through the API. */
async function chooseLanguage(page: Page, language: 'de' | null) {
  const chosen = await page.request.patch('/api/auth/user', { data: { language } });
  expect(chosen.status(), await chosen.text()).toBe(200);
}

/**
 * Waits until no board or win is still moving in (a slide comes in from the side: past the edge meanwhile); the bar
 * that fills until the next board moves all the time.
 */
async function stillBoard(page: Page) {
  const moving = () =>
    page.evaluate(
      () =>
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .filter((animation) => ['tv-board-in', 'tv-win-in', 'tv-celebrate-in'].includes((animation as CSSAnimation).animationName)).length,
    );
  await expect.poll(moving).toBe(0);
}

/**
 * The TV board at an office screen's size: it fills the screen without scrolling either way, no words cut off, axe
 * clean; its screenshot is kept as `<name>.png`. With `held`, the page's clock is held (holdClock) and runs while axe
 * does (axe waits on timers), then is held again.
 */
async function expectTvUnbroken(page: Page, name: string, { held = false } = {}) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await stillBoard(page);
  expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight), 'the board scrolls').toBe(true);
  await expectNoHorizontalOverflow(page);
  expect(await cutOffTexts(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  await withClockRunning(page, held, () => expectNoAxeViolations(page));
}

/** Runs `check` (which waits on the page's timers: axe) with the page's clock running, and holds it again after. */
async function withClockRunning(page: Page, held: boolean, check: () => Promise<void>) {
  if (held) await page.clock.resume();
  await check();
  if (held) await holdClock(page);
}

/**
 * Stops the page's clock (installed before the page loaded): the boards stay put and the countdown stands still while
 * the checks run; turnTo and fastForward move it on.
 */
async function holdClock(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
}

/** Fast-forwards the page's clock a board at a time until `heading` is shown (the boards take turns). */
async function turnTo(page: Page, heading: Locator) {
  await expect(async () => {
    if (!(await heading.isVisible())) await page.clock.fastForward(ROTATE_MS);
    await expect(heading).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/** A running race of METRIC shown on TV, among `agentId` alone; its id, to cancel it. */
async function startContest(request: APIRequestContext, agentId: number, name: string): Promise<number> {
  const made = await request.post('/api/metrics', { data: METRIC });
  // Metrics are never deleted: a run before this one made it, and left it inactive.
  if (made.status() === 409) expect((await request.patch(`/api/metrics/${METRIC.key}`, { data: { active: true } })).status()).toBe(200);
  else expect(made.status(), await made.text()).toBe(201);
  // The organisation's today: the UTC day before, of or after, whichever a published contest may start on.
  for (const offset of [-1, 0, 1]) {
    const day = (shift: number) => new Date(Date.now() + shift * 86_400_000).toISOString().slice(0, 10);
    const response = await request.post('/api/contests', {
      data: { name, metric: METRIC.key, startsAt: day(offset), endsAt: day(offset + 3), format: 'race', target: 10, participants: { kind: 'agents', ids: [agentId] }, showOnTv: true },
    });
    if (response.status() !== 201) continue;
    const contest = (await response.json()) as { id: number; state: string };
    if (contest.state === 'running') return contest.id;
    expect((await request.post(`/api/contests/${contest.id}/cancel`)).status()).toBe(200);
  }
  throw new Error('no running contest could be made');
}

test.describe('the TV board in the organisation’s language', () => {
  test('a German organisation’s board, wins, celebration and contest slide at 1280x720 and at 375 px', async ({ page, request }) => {
    test.setTimeout(180_000);
    await signInAs(request);
    const agent = await createAgent(request, 'TV Deutsch');
    await addIncome(request, agent.id, '1200.00');
    const contestName = uniqueName('TV-Rennen').name;
    const contestId = await startContest(request, agent.id, contestName);
    try {
      expect((await request.post('/api/activities', { data: { agentId: agent.id, metric: METRIC.key, value: 4 } })).status()).toBe(201);
      const link = await createTvLink(request);

      // Signed out, as on the office screen: the organisation's language, German.
      await germanOrganisation(page);
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.clock.install();
      await page.goto(link.url);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByRole('heading', { level: 1, name: 'Top 10 · Diese Woche' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Folien' }).locator('[aria-current="true"]')).toHaveText('Diese Woche');
      await expect(page.getByText('Als Nächstes: Dieser Monat')).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('status')).toHaveText('Live');
      const wins = page.getByRole('list', { name: 'Neueste Abschlüsse' });
      await expect(wins.getByRole('listitem').filter({ hasText: agent.name }).first()).toContainText('Erfasst gerade eben');
      await holdClock(page);
      await expectTvUnbroken(page, 'tv-board-de-1280x720', { held: true });

      // 1,200 + 4,000 passes Starter ($5,000): the celebration, in German.
      await addIncome(request, agent.id, '4000.00');
      const celebration = page.getByRole('status').getByText(`${agent.name} hat Starter erreicht!`);
      await expect(celebration).toBeVisible({ timeout: UPDATE_WITHIN_MS });
      await expectTvUnbroken(page, 'tv-celebration-de-1280x720', { held: true });
      await page.clock.fastForward(6_000);
      await expect(celebration).toBeHidden();

      await turnTo(page, page.getByRole('heading', { level: 1, name: 'Top 10 · Dieser Monat' }));
      await expect(page.getByText('Als Nächstes: ')).toBeVisible();

      const contestHeading = page.getByRole('heading', { level: 1, name: contestName });
      await turnTo(page, contestHeading);
      await expect(page.getByText('Anrufe · Wer zuerst 10 erreicht')).toBeVisible();
      await expect(page.getByLabel('Verbleibende Zeit')).toHaveText(/^Endet in (\d+ T\. )?\d\d:\d\d:\d\d$/);
      const row = page.getByRole('list', { name: `Platzierungen: ${contestName}` }).getByRole('listitem').filter({ hasText: agent.name });
      await expect(row).toContainText('40 %');
      await expect(row.getByText('Rang 1')).toBeAttached();
      await expectTvUnbroken(page, 'tv-contest-de-1280x720', { held: true });

      // A phone's width: the same slides, nothing cut off.
      await page.setViewportSize({ width: 375, height: 800 });
      await turnTo(page, contestHeading);
      await stillBoard(page);
      await withClockRunning(page, true, () => expectUnbrokenScreen(page, 'tv-contest-de', { lang: 'de' }));
      await turnTo(page, page.getByRole('heading', { level: 1, name: 'Top 10 · Diese Woche' }));
      await expect(wins.getByRole('listitem').filter({ hasText: agent.name }).first()).toContainText(/Erfasst (gerade eben|vor \d+ Minuten?)/);
      await stillBoard(page);
      await withClockRunning(page, true, () => expectUnbrokenScreen(page, 'tv-board-de', { lang: 'de' }));
    } finally {
      expect((await request.post(`/api/contests/${contestId}/cancel`)).status()).toBe(200);
      expect((await request.patch(`/api/metrics/${METRIC.key}`, { data: { active: false } })).status()).toBe(200);
    }
  });

  test('the board in the pseudo-locale at 375 px', async ({ page, request }) => {
    test.setTimeout(60_000);
    await signInAs(request);
    const link = await createTvLink(request);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${link.url}?lang=pseudo`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await expect(page.getByRole('heading', { level: 1, name: pseudo('Top 10 · This week') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: pseudo('Latest wins') })).toBeVisible();
    await expect(page.getByRole('list', { name: pseudo('Boards') })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('status')).toHaveText(pseudo('Live'));
    await stillBoard(page);
    await expectUnbrokenScreen(page, 'tv-board-pseudo', { lang: 'en-XA' });
  });

  test('the pairing screen and a mistyped link of a German organisation at 1280x720 and at 375 px', async ({ page, pageErrors }) => {
    test.setTimeout(90_000);
    await germanOrganisation(page);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/tv');
    await expect(page.getByRole('heading', { level: 1, name: 'Diesen Fernseher koppeln' })).toBeVisible();
    await expect(page).toHaveTitle('Diesen Fernseher koppeln · TierTrack');
    await expect(page.getByTestId('tv-pairing-code')).toHaveAttribute('aria-label', /^Kopplungscode [2-9A-Z]( [-2-9A-Z]){8}$/);
    await expect(page.getByText('Öffnen Sie an einem Computer die Übersicht von TierTrack, dort TV-Links, Fernseher koppeln, und geben Sie diesen Code ein:')).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(/^Warten auf die Eingabe des Codes\./);
    await expectTvUnbroken(page, 'tv-pairing-de-1280x720');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectUnbrokenScreen(page, 'tv-pairing-de', { lang: 'de' });

    await page.goto(`/tv/${'x'.repeat(32)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'TV-Link nicht gefunden' })).toBeVisible();
    await expect(page.getByText('Unter dieser Adresse gibt es keinen TV-Link.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Diesen Fernseher koppeln' })).toHaveAttribute('href', '/tv');
    await expectUnbrokenScreen(page, 'tv-not-found-de', { lang: 'de' });
    expectConsoleErrors(pageErrors, /status of 404/);
  });

  test('the pairing screen in the pseudo-locale at 375 px', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/tv?lang=pseudo');
    await expect(page.getByRole('heading', { level: 1, name: pseudo('Pair this TV') })).toBeVisible();
    await expect(page.getByTestId('tv-pairing-code')).toBeVisible();
    await expect(page.getByRole('status')).toContainText(pseudoText('Waiting for the code to be entered.'));
    await expectUnbrokenScreen(page, 'tv-pairing-pseudo', { lang: 'en-XA' });
  });
});

test.describe('the owner’s audit, company sign-in and TV links in other languages', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  // Each checks a screen or two (axe, screenshots) in a dashboard that loads its tabs as it goes.
  test.beforeEach(() => test.setTimeout(90_000));

  test('the Audit tab in German at 375 px', async ({ page }) => {
    await signInAs(page);
    await chooseLanguage(page, 'de');
    try {
      const link = await createTvLink(page.request);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await openOwnerTab(page, 'Audit');
      const section = page.locator('section[aria-labelledby="audit-heading"]');
      await expect(section.getByRole('heading', { name: 'Audit-Protokoll' })).toBeVisible();
      await expect(section.getByRole('button', { name: 'Aktualisieren' })).toBeVisible();
      await expect(section.getByRole('link', { name: /^CSV exportieren: die Änderungen dieser Filter mit ihren Hashes als CSV-Datei herunterladen$/ })).toBeVisible();
      await expect(section.getByRole('combobox', { name: 'Person' })).toBeVisible();
      await expect(section.getByRole('combobox', { name: 'Aktion' })).toBeVisible();
      const cards = section.getByRole('list', { name: 'Änderungen, neueste zuerst' }).getByRole('listitem');
      await expect(cards.first()).toContainText('TV-Link erstellt');
      await expect(cards.first()).toContainText(`TV-Link #${link.id}`);
      await expect(cards.first()).toContainText(`Name: ${link.name}`);
      await expect(section.getByRole('navigation', { name: 'Seiten des Audit-Protokolls' })).toContainText('Zeilen 1–');
      await cards.first().getByRole('button', { name: /^Mehr zu Zeile #\d+$/ }).click();
      await expect(cards.first()).toContainText('IP-Adresse');
      await expect(cards.first()).toContainText('Nachher');
      await expectWithinViewport(page, cards.first());
      await expectUnbrokenScreen(page, 'audit-de', { lang: 'de', within: 'section[aria-labelledby="audit-heading"]' });
      await keepPart(cards.first(), 'audit-de-card');

      // The filter by action, in German; then days the wrong way round.
      await section.getByRole('combobox', { name: 'Aktion' }).click();
      await expect(page.getByRole('option', { name: 'Alle Aktionen' })).toBeVisible();
      await page.getByRole('option', { name: 'Stufe geändert', exact: true }).click();
      await expect(section.getByRole('combobox', { name: 'Aktion' })).toHaveText('Stufe geändert');
      await section.getByLabel('Von', { exact: true }).fill('2000-02-01');
      await section.getByLabel('Bis', { exact: true }).fill('2000-01-31');
      await expect(section.getByRole('alert')).toHaveText('Das Von-Datum muss am oder vor dem Bis-Datum liegen.');
      await expect(section.getByRole('button', { name: 'Filter zurücksetzen' })).toBeVisible();
      await expectUnbrokenScreen(page, 'audit-filters-de', { lang: 'de', within: 'section[aria-labelledby="audit-heading"]' });
    } finally {
      await chooseLanguage(page, null);
    }
  });

  test('the Audit tab in the pseudo-locale at 375 px', async ({ page }) => {
    await signInAs(page);
    await createTvLink(page.request);
    await page.goto('/?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await openOwnerTab(page, 'Audit', pseudoText('Audit'));
    const section = page.locator('section[aria-labelledby="audit-heading"]');
    await expect(section.getByRole('heading', { name: pseudo('Audit Trail') })).toBeVisible();
    const cards = section.getByRole('list', { name: pseudo('Changes, newest first') }).getByRole('listitem');
    await expect(cards.first()).toContainText(pseudo('Made a TV link'));
    await expect(cards.first()).toContainText(pseudoText('TV link'));
    await cards.first().getByRole('button', { name: new RegExp(`^\\[${escape(pseudoText('More about row #'))}\\d+\\]$`) }).click();
    await expect(cards.first()).toContainText(pseudo('IP address'));
    await expectUnbrokenScreen(page, 'audit-pseudo', { lang: 'en-XA', within: 'section[aria-labelledby="audit-heading"]' });
    await keepPart(cards.first(), 'audit-pseudo-card');
  });

  test('the company sign-in section in German at 375 px', async ({ page }) => {
    await signInAs(page);
    // From nothing set up, as on a new install.
    expect((await page.request.delete('/api/owner/sso')).status()).toBe(204);
    await chooseLanguage(page, 'de');
    try {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await openOwnerTab(page, 'Settings', 'Einstellungen');
      const section = page.getByRole('region', { name: 'Firmenanmeldung' });
      await expect(section).toContainText('Alle melden sich mit ihrer E-Mail-Adresse und ihrem Passwort an.');
      await expect(section.getByText('Aus', { exact: true })).toBeVisible();
      await expect(section.getByLabel('Weiterleitungs-URL')).toHaveValue(/\/api\/sso\/callback$/);
      await expect(section.getByRole('button', { name: 'Kopieren' })).toBeVisible();
      await expect(section.getByLabel('Client-Secret')).toHaveAttribute('type', 'password');
      await expect(section.getByRole('group', { name: 'Manager über einen Claim (optional)' })).toContainText(
        'Personen, deren ID-Token im Claim Claim den Wert Wert enthält, melden sich als Manager an',
      );
      await section.getByLabel('Rollen-Claim').fill('groups');
      await section.getByLabel('Manager-Wert').fill('vertrieb');
      await expect(section).toContainText('Personen, deren ID-Token im Claim groups den Wert vertrieb enthält');
      await expect(section.getByRole('checkbox', { name: 'Firmenanmeldung verlangen (Passwörter funktionieren dann nur noch für Sie)' })).not.toBeChecked();
      await expect(section.getByText('Manager und Vertriebler melden sich dann nur noch über Ihre Firma an')).toBeVisible();
      await section.getByLabel('Beschriftung der Schaltfläche (Firmenname)').fill('Acme');
      await expect(section.getByText('Auf den Anmeldeseiten steht „Mit Acme anmelden“.')).toBeVisible();
      await expect(section.getByText('Manager und Vertriebler melden sich dann nur noch mit Acme an')).toBeVisible();
      // Checked before asking: the secret the provider gave (the contract's own messages are not this folder's).
      await section.getByRole('button', { name: 'Firmenanmeldung speichern' }).click();
      await expect(section.getByText('Geben Sie das Client-Secret ein, das der Anbieter dieser App gegeben hat')).toBeVisible();
      await expectUnbrokenScreen(page, 'sso-de', { lang: 'de', within: '[aria-labelledby="settings-company-sign-in-heading"]' });
      await keepPart(section, 'sso-de');
    } finally {
      await chooseLanguage(page, null);
    }
  });

  test('the company sign-in section in the pseudo-locale at 375 px', async ({ page }) => {
    await signInAs(page);
    expect((await page.request.delete('/api/owner/sso')).status()).toBe(204);
    await page.goto('/?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await openOwnerTab(page, 'Settings', pseudoText('Settings'));
    const section = page.getByRole('region', { name: pseudo('Company sign-in') });
    await expect(section.getByLabel(pseudo('Redirect URL'))).toBeVisible();
    await section.getByRole('button', { name: pseudo('Save company sign-in') }).click();
    await expect(section.getByText(pseudo('Enter the client secret the provider gave this app'))).toBeVisible();
    await expectUnbrokenScreen(page, 'sso-pseudo', { lang: 'en-XA', within: '[aria-labelledby="settings-company-sign-in-heading"]' });
    await keepPart(section, 'sso-pseudo');
  });

  test('the TV Links tab and its dialogs in German at 375 px', async ({ page }) => {
    await signInAs(page);
    await chooseLanguage(page, 'de');
    try {
      const listed = await createTvLink(page.request);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await openOwnerTab(page, 'TV Links', 'TV-Links');
      const section = page.locator('section[aria-labelledby="tv-links-heading"]');
      await expect(section.getByRole('heading', { name: 'TV-Links', level: 2 })).toBeVisible();
      await expect(section.getByRole('heading', { name: 'So funktionieren TV-Links' })).toBeVisible();
      await expect(section).toContainText('Um einen Bildschirm zu koppeln, öffnen Sie darauf /tv und geben den angezeigten Code');
      const row = section.getByRole('list', { name: 'Aktive Links' }).getByRole('listitem').filter({ hasText: listed.name });
      await expect(row).toContainText('Beträge verborgen');
      await expect(row).toContainText('Erstellt am ');
      await expectUnbrokenScreen(page, 'tv-links-de', { lang: 'de', within: 'section[aria-labelledby="tv-links-heading"]' });

      // New TV link: the form, then the address shown once.
      await section.getByRole('button', { name: 'Neuer TV-Link' }).click();
      const form = page.getByRole('dialog', { name: 'Neuer TV-Link' });
      await expect(form.getByRole('checkbox', { name: 'Beträge zeigen' })).not.toBeChecked();
      await expect(form.getByText('Wo der Bildschirm steht, z. B. TV im Vertriebsbüro.')).toBeVisible();
      await expectWithinViewport(page, form);
      await expectUnbrokenScreen(page, 'tv-links-new-de', { lang: 'de', within: '[role="dialog"]' });
      const { name } = uniqueName('Empfang');
      await form.getByLabel('Name', { exact: true }).fill(name);
      await form.getByRole('button', { name: 'Link erstellen' }).click();
      const created = page.getByRole('dialog', { name: 'TV-Link erstellt' });
      await expect(created.getByLabel(`Adresse von ${name}`)).toHaveValue(/\/tv\/[A-Za-z0-9_-]{32}$/);
      await expect(created.getByRole('link', { name: 'Anzeige öffnen (öffnet in einem neuen Tab)' })).toBeVisible();
      await expect(created).toContainText('Kopieren Sie die Adresse jetzt');
      await expectWithinViewport(page, created);
      await expectUnbrokenScreen(page, 'tv-links-created-de', { lang: 'de', within: '[role="dialog"]' });
      await created.getByRole('button', { name: 'Fertig' }).click();
      await expect(created).toBeHidden();

      // Pair a TV.
      await section.getByRole('button', { name: 'Fernseher koppeln' }).click();
      const pair = page.getByRole('dialog', { name: 'Fernseher koppeln' });
      await expect(pair.getByLabel('Code auf dem Fernseher')).toBeVisible();
      await expect(pair.getByRole('button', { name: 'Koppeln' })).toBeVisible();
      await expectWithinViewport(page, pair);
      await expectUnbrokenScreen(page, 'tv-links-pair-de', { lang: 'de', within: '[role="dialog"]' });
      await pair.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(pair).toBeHidden();

      // Revoke the link just made.
      const made = section.getByRole('list', { name: 'Aktive Links' }).getByRole('listitem').filter({ hasText: name });
      await made.getByRole('button', { name: `${name} widerrufen` }).click();
      const confirm = page.getByRole('alertdialog', { name: `${name} widerrufen?` });
      await expect(confirm).toContainText('hören innerhalb weniger Sekunden auf');
      await expectUnbrokenScreen(page, 'tv-links-revoke-de', { lang: 'de', within: '[role="alertdialog"]' });
      await confirm.getByRole('button', { name: 'Link widerrufen' }).click();
      await expect(toasts(page).getByText(`${name} widerrufen`)).toBeVisible();
      await expect(made).toHaveCount(0);
    } finally {
      await chooseLanguage(page, null);
    }
  });

  test('the TV Links tab and its new link dialog in the pseudo-locale at 375 px', async ({ page }) => {
    await signInAs(page);
    await createTvLink(page.request);
    await page.goto('/?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await openOwnerTab(page, 'TV Links', pseudoText('TV Links'));
    const section = page.locator('section[aria-labelledby="tv-links-heading"]');
    await expect(section.getByRole('heading', { name: pseudo('How TV links work') })).toBeVisible();
    await expect(section.getByRole('list', { name: pseudo('Active links') }).getByRole('listitem').first()).toContainText(pseudo('Amounts hidden'));
    await expectUnbrokenScreen(page, 'tv-links-pseudo', { lang: 'en-XA', within: 'section[aria-labelledby="tv-links-heading"]' });
    await section.getByRole('button', { name: pseudo('New TV link') }).click();
    const form = page.getByRole('dialog', { name: pseudo('New TV link') });
    await expect(form.getByRole('checkbox', { name: pseudo('Show amounts') })).toBeVisible();
    await expectWithinViewport(page, form);
    await expectUnbrokenScreen(page, 'tv-links-new-pseudo', { lang: 'en-XA', within: '[role="dialog"]' });
  });
});
