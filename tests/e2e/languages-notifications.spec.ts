import type { APIRequestContext, Page } from '@playwright/test';
import type { AgentBadgeList, BadgeRule } from '../../contract/badges';
import { pseudoText } from '../../web/src/lib/i18n/pseudo';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { cutOffTexts } from './support/language-screens';
import { addIncome, registerAgentViaApi, uniqueName } from './support/helpers';

// docs/product.md §12.22: the bell's list and its settings (features/notifications) and the agent's badges
// (features/badges: "My badges" on the dashboard, "Your badges" on the profile) in German, as the agent chose, and in
// the pseudo-locale (English accented, ~40% longer, in brackets) at 375 px: nothing wider than the screen, nothing cut
// off, axe clean, screenshots kept.

/**
 * Elements of the page's main part and of the bell's popover whose text is wider than their box and not allowed to
 * scroll (cut off), by their text. The header's bell (its count badge sits over its corner on purpose) is outside both.
 */
const cutOff = (page: Page) =>
  cutOffTexts(page, {
    within: 'main, [role="dialog"]',
    elements: 'h1, h2, h3, h4, p, a, button, label, legend, li, dt, dd, nav, summary, [role="heading"]',
    // The shared income entry rows (components/entries) are another folder's.
    except: 'ul[aria-labelledby="my-entries-heading"] > li',
  });

/** Controls and text of the popover (which hides what overflows it) that reach past its sides, by their text. */
const pastPopover = (page: Page) =>
  page.evaluate(() => {
    const popover = document.querySelector<HTMLElement>('[role="dialog"]');
    if (!popover) return [];
    const box = popover.getBoundingClientRect();
    return [...popover.querySelectorAll<HTMLElement>('button, p, label, legend, h3, li')]
      .filter((element) => element.clientWidth > 1)
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.left < box.left - 1 || rect.right > box.right + 1;
      })
      .map((element) => element.textContent?.trim().slice(0, 60));
  });

async function expectUnbroken(page: Page, name: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page scrolls sideways').toBe(true);
  expect(await cutOff(page)).toEqual([]);
  expect(await pastPopover(page)).toEqual([]);
  // The popover, when open, on its own: the page under it is other folders' (and long).
  const popover = page.getByRole('dialog');
  if (await popover.isVisible()) await popover.screenshot({ path: test.info().outputPath(`${name}-375.png`) });
  else await page.screenshot({ path: test.info().outputPath(`${name}-375.png`), fullPage: true });
  await expectNoAxeViolations(page);
}

/** A notification is made by the server's notifier (a pass at least every 2 s), a badge by the same pass. */
const NOTIFIED_MS = 10_000;

/**
 * An agent, signed in on the page, with $6,000 of income: a tier reached (a notification) and a first sale's badge.
 * The badge's rule is switched off once the agent holds it, so that no other spec's agent earns it.
 */
async function agentWithNotificationAndBadge(page: Page, owner: APIRequestContext, tag: string) {
  await signInAs(owner);
  const made = await owner.post('/api/badges', { data: { kind: 'first_entry', name: uniqueName('Erste').name } });
  expect(made.status(), await made.text()).toBe(201);
  const rule = (await made.json()) as BadgeRule;
  const agent = await registerAgentViaApi(page.request, tag, 'Greta');
  try {
    await addIncome(owner, agent.id, '6000.00');
    await expect
      .poll(async () => ((await (await page.request.get('/api/agents/me/badges')).json()) as AgentBadgeList).badges.length, { timeout: NOTIFIED_MS })
      .toBe(1);
  } finally {
    expect((await owner.patch(`/api/badges/${rule.id}`, { data: { active: false } })).status()).toBe(200);
  }
  return agent;
}

test.describe('the notifications and badges in other languages', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('shows German once the agent chose it, and holds it at 375 px', async ({ page, request }) => {
    test.setTimeout(60_000);
    await agentWithNotificationAndBadge(page, request, 'lang-bell-de');
    expect((await page.request.patch('/api/agents/me', { data: { language: 'de' } })).status()).toBe(200);
    await page.goto('/agent/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    const myBadges = page.getByRole('region', { name: 'Meine Abzeichen' });
    await expect(myBadges).toContainText('Sie haben 1 Abzeichen.');
    await expect(myBadges.getByRole('list', { name: 'Ihre erhaltenen Abzeichen' })).toContainText(/Erhalten am \S/);
    await expect(myBadges.getByRole('button', { name: /^Nachweis herunterladen für / })).toBeVisible();

    const bell = page.getByRole('button', { name: /^Benachrichtigungen, \d+ ungelesen$/ });
    await expect(bell).toBeVisible({ timeout: NOTIFIED_MS });
    await bell.click();
    const popover = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await expect(popover).toBeVisible();
    await expect(popover).toContainText(/\d+ ungelesen/);
    await expect(popover.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeEnabled();
    await expect(popover.getByRole('list', { name: 'Neueste Benachrichtigungen' }).getByRole('listitem').first()).toBeVisible();
    await expectUnbroken(page, 'notifications-list-de');

    await popover.getByRole('button', { name: 'Einstellungen' }).click();
    await expect(popover.getByRole('heading', { name: 'Benachrichtigungseinstellungen' })).toBeFocused();
    await expect(popover).toContainText('Wählen Sie, worüber Sie informiert werden und wo.');
    const tierKind = popover.getByRole('group', { name: 'Ich erreiche eine Stufe' });
    await expect(tierKind.getByLabel('In der App')).toBeChecked();
    await expect(tierKind.getByLabel('E-Mail')).toBeVisible();
    await expect(tierKind.getByLabel('Push auf meine Geräte')).toBeVisible();
    await expect(popover.getByRole('button', { name: 'Speichern' })).toBeVisible();
    await expectUnbroken(page, 'notifications-settings-de');
    await popover.getByRole('button', { name: 'Zurück' }).click();
    await expect(popover.getByRole('button', { name: 'Einstellungen' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();

    await page.goto('/agent/profile');
    const yours = page.getByRole('region', { name: 'Ihre Abzeichen' });
    await expect(yours).toContainText('Was Sie erreicht haben, zum Behalten und zum Vorzeigen überall.');
    await expect(yours).toContainText('Jedes Abzeichen gehört Ihnen: Nachweis herunterladen speichert es');
    await expect(yours.getByRole('list', { name: 'Ihre Abzeichen' })).toContainText(/Erhalten am \S/);
    await yours.scrollIntoViewIfNeeded();
    await expectUnbroken(page, 'profile-badges-de');
  });

  test('holds the pseudo-locale at 375 px', async ({ page, request }) => {
    test.setTimeout(60_000);
    await agentWithNotificationAndBadge(page, request, 'lang-bell-pseudo');
    await page.goto('/agent/dashboard?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');

    const myBadges = page.getByRole('region', { name: `[${pseudoText('My badges')}]` });
    await expect(myBadges).toContainText(pseudoText('You hold'));
    await expect(myBadges.getByRole('list', { name: `[${pseudoText('Badges you hold')}]` })).toContainText(pseudoText('Earned'));

    const bell = page.getByRole('button', { name: new RegExp(pseudoText('unread')) });
    await expect(bell).toBeVisible({ timeout: NOTIFIED_MS });
    await bell.click();
    const popover = page.getByRole('dialog', { name: `[${pseudoText('Notifications')}]` });
    await expect(popover).toBeVisible();
    await expect(popover.getByRole('button', { name: `[${pseudoText('Mark all read')}]` })).toBeEnabled();
    await expect(popover.getByRole('list', { name: `[${pseudoText('Latest notifications')}]` }).getByRole('listitem').first()).toBeVisible();
    await expectUnbroken(page, 'notifications-list-pseudo');

    await popover.getByRole('button', { name: `[${pseudoText('Settings')}]` }).click();
    await expect(popover.getByRole('heading', { name: `[${pseudoText('Notification settings')}]` })).toBeFocused();
    const tierKind = popover.getByRole('group', { name: `[${pseudoText('I reach a tier')}]` });
    await expect(tierKind.getByLabel(`[${pseudoText('In the app')}]`)).toBeChecked();
    await expect(tierKind.getByLabel(`[${pseudoText('Push to my devices')}]`)).toBeVisible();
    await expectUnbroken(page, 'notifications-settings-pseudo');
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();

    await page.goto('/agent/profile?lang=pseudo');
    const yours = page.getByRole('region', { name: `[${pseudoText('Your badges')}]` });
    await expect(yours).toContainText(pseudoText('Each badge is yours to keep'));
    await yours.scrollIntoViewIfNeeded();
    await expectUnbroken(page, 'profile-badges-pseudo');
  });
});
