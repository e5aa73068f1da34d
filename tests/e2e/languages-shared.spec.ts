import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { RewardClaim } from '../../contract/rewards';
import { pseudoText } from '../../web/src/lib/i18n/pseudo';
import { expect, signInAs, test } from './support/fixtures';
import { expectUnbrokenScreen, germanOrganisation } from './support/language-screens';
import { addIncome, claimTierReward, registerAgentViaApi, tierCard, type TestAgent } from './support/helpers';

// docs/product.md §12.22: the shared components (components/entries, components/claims, components/ui's pager,
// components/live) on the agent's dashboard, and the forgot-password page, at 375 px in German and in the pseudo-locale:
// nothing wider than the screen, nothing cut off, axe clean, screenshots kept.

const expectUnbroken = (page: Page, name: string, lang: string) =>
  expectUnbrokenScreen(page, `${name}-${lang}`, { lang, within: 'main, [role="dialog"], nav', elements: 'h1, h2, h3, h4, p, a, button, label, legend, li, nav, summary, time, [role="heading"]' });

/** A screenshot of one part of the page (the full page's is too tall to read at a glance). */
const keepShot = (part: Locator, name: string) => part.screenshot({ path: test.info().outputPath(`${name}-375.png`) });

/**
 * An agent, signed in on the page, with eleven income entries (more than a page of My entries; the newest voided, so a
 * reversal follows it) and a claim of Starter's reward that the owner has processed and shipped with a note.
 */
async function agentWithEntriesAndClaim(page: Page, owner: APIRequestContext, tag: string): Promise<TestAgent> {
  const agent = await registerAgentViaApi(page.request, tag, 'Greta');
  await signInAs(owner);
  for (let entry = 1; entry <= 7; entry += 1) await addIncome(owner, agent.id, '25.00', `Referral ${entry}`);
  await addIncome(owner, agent.id, '6000.00', 'Enterprise deal');
  await addIncome(owner, agent.id, '150.00', 'Small renewal');
  const twice = await addIncome(owner, agent.id, '300.00', 'Entered twice');
  const voided = await owner.post(`/api/income-entries/${twice.id}/void`, { data: { reason: 'Entered twice by mistake' } });
  expect(voided.status(), await voided.text()).toBe(200);
  await claimTierReward(page.request, agent, 'Starter');
  const claims = (await (await owner.get('/api/owner/reward-claims')).json()) as RewardClaim[];
  const claim = claims.find((one) => one.agentId === agent.id)!;
  expect((await owner.patch(`/api/reward-claims/${claim.id}/process`)).status()).toBe(200);
  const shipped = await owner.patch(`/api/reward-claims/${claim.id}`, { data: { status: 'shipped', note: 'Tracking number 1Z999AA10123456784' } });
  expect(shipped.status(), await shipped.text()).toBe(200);
  return agent;
}

/** The pseudo-locale's text of an English text, as a pattern (its brackets and dots taken literally). */
const pseudo = (english: string) => new RegExp(pseudoText(english).replace(/[[\].#$]/g, '\\$&'));

test.describe('the shared components in other languages', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('entries, a claim and the pager hold German at 375 px', async ({ page, request }) => {
    test.setTimeout(60_000);
    await agentWithEntriesAndClaim(page, request, 'lang-shared-de');
    expect((await page.request.patch('/api/agents/me', { data: { language: 'de' } })).status()).toBe(200);
    await page.goto('/agent/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    const entries = page.getByRole('region', { name: 'Meine Einträge' });
    await expect(entries.getByText('Storniert', { exact: true })).toBeVisible();
    await expect(entries).toContainText('Abschlussdatum');
    await expect(entries).toContainText('Neuer Gesamtbetrag');
    await expect(entries).toContainText(/Storno von Eintrag #\d+/);
    await expect(entries).toContainText(/Storniert von .+ am .+: Entered twice by mistake/);
    await expect(entries).toContainText(/Eintrag #\d+/);
    const pager = entries.getByRole('navigation', { name: 'Seiten der Einträge' });
    await expect(pager).toContainText('1–10 von 11');
    await expect(pager.getByRole('button', { name: 'Zurück' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: 'Weiter' })).toBeEnabled();

    const starter = tierCard(page, 'Starter');
    await expect(starter.getByText('VERSANDT', { exact: true })).toBeVisible();
    await starter.getByText('Verlauf', { exact: true }).click();
    const history = starter.getByRole('list', { name: /Verlauf Ihres Anspruchs/ });
    await expect(history.getByRole('listitem')).toHaveCount(3);
    await expect(history.getByRole('listitem').first()).toContainText('Angefordert');
    await expect(history.getByRole('listitem').nth(1)).toContainText(/Bearbeitet .+ von /);
    await expect(history.getByRole('listitem').nth(2)).toContainText('Notiz: Tracking number');
    await entries.scrollIntoViewIfNeeded();
    await expectUnbroken(page, 'shared-dashboard', 'de');
    await keepShot(entries, 'shared-entries-de');
    await keepShot(starter, 'shared-claim-de');
  });

  test('entries, a claim and the pager hold the pseudo-locale at 375 px', async ({ page, request }) => {
    test.setTimeout(60_000);
    await agentWithEntriesAndClaim(page, request, 'lang-shared-pseudo');
    await page.goto('/agent/dashboard?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');

    const entries = page.getByRole('region', { name: `[${pseudoText('My entries')}]` });
    await expect(entries.getByText(`[${pseudoText('Voided')}]`, { exact: true })).toBeVisible();
    await expect(entries).toContainText(pseudoText('Deal date'));
    await expect(entries).toContainText(pseudoText('New total'));
    await expect(entries).toContainText(pseudo('Reversal of entry #'));
    await expect(entries).toContainText(pseudo('Voided by'));
    const pager = entries.getByRole('navigation', { name: `[${pseudoText('Entries pages')}]` });
    await expect(pager).toContainText(pseudoText('of'));
    await expect(pager.getByRole('button', { name: `[${pseudoText('Next')}]` })).toBeEnabled();

    const starter = tierCard(page, 'Starter');
    await expect(starter.getByText(`[${pseudoText('SHIPPED')}]`, { exact: true })).toBeVisible();
    await starter.locator('summary').click();
    const history = starter.getByRole('list', { name: pseudo('History of your') });
    await expect(history.getByRole('listitem').first()).toContainText(pseudoText('Claimed'));
    await expect(history.getByRole('listitem').nth(2)).toContainText(pseudoText('Note:'));
    await expectUnbroken(page, 'shared-dashboard', 'en-XA');
    await keepShot(entries, 'shared-entries-en-XA');
    await keepShot(starter, 'shared-claim-en-XA');
  });

  test('the forgot-password page holds German and the pseudo-locale at 375 px', async ({ page }) => {
    await germanOrganisation(page);
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen?' })).toBeVisible();
    const links = page.getByRole('navigation', { name: 'Anmeldeseiten' });
    await expect(links.getByRole('link', { name: 'Zurück zum Vertriebsportal' })).toBeVisible();
    await expect(links.getByRole('link', { name: 'Anmeldung für Inhaber und Manager' })).toBeVisible();
    await expectUnbroken(page, 'forgot-password', 'de');

    await page.unrouteAll();
    await page.goto('/forgot-password?lang=pseudo');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(pseudoText('Forgot your password?'));
    await expect(page.getByRole('navigation', { name: `[${pseudoText('Sign-in pages')}]` }).getByRole('link')).toHaveText([
      `[${pseudoText('Back to the Agent Portal')}]`,
      `[${pseudoText('Owner and manager sign-in')}]`,
    ]);
    await expectUnbroken(page, 'forgot-password', 'en-XA');
  });
});
