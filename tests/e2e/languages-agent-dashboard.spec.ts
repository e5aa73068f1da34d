import type { Page } from '@playwright/test';
import { pseudoText } from '../../web/src/lib/i18n/pseudo';
import { expect, test } from './support/fixtures';
import { expectUnbrokenScreen } from './support/language-screens';
import { addIncomeAsOwner, registerAgentViaApi } from './support/helpers';

// docs/product.md §12.22: the agent's tier dashboard (features/agent-dashboard) in German, as the agent chose, and in
// the pseudo-locale (English accented, ~40% longer, in brackets) at 375 px: nothing wider than the screen, nothing cut
// off, axe clean, screenshots kept.

/** The main part and the dialog; the shared income entry rows (components/entries) are another folder's. */
const expectUnbroken = (page: Page, name: string) =>
  expectUnbrokenScreen(page, name, {
    within: 'main, [role="dialog"]',
    elements: 'h1, h2, h3, h4, p, a, button, label, legend, li, nav, summary, [role="heading"]',
    except: 'ul[aria-labelledby="my-entries-heading"] > li',
  });

/** An agent with $12,000 of income: two tiers ready to claim, entries, a rank; signed in on the page. */
async function agentWithIncome(page: Page, request: Parameters<typeof addIncomeAsOwner>[0], tag: string) {
  const agent = await registerAgentViaApi(page.request, tag, 'Greta');
  await addIncomeAsOwner(request, agent.id, '12000.00');
  return agent;
}

test.describe('the agent dashboard in other languages', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('shows German once the agent chose it, and holds it at 375 px', async ({ page, request }) => {
    const agent = await agentWithIncome(page, request, 'lang-dash-de');
    expect((await page.request.patch('/api/agents/me', { data: { language: 'de' } })).status()).toBe(200);
    await page.goto('/agent/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: `Willkommen zurück, ${agent.name}!` })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Zusammenfassung' });
    await expect(summary).toContainText('Stufen bereit zum Anfordern');
    await expect(summary).toContainText('Nächstes Ziel');
    await expect(summary).toContainText(/noch \d/);
    await expect(page.getByRole('region', { name: 'Mein Rang' })).toContainText(/Rang \d+ von \d+ in diesem Monat/);
    await expect(page.getByRole('region', { name: 'Meine Einträge' })).toContainText('Einkommen');
    const tiers = page.getByRole('region', { name: 'Ihre Stufen' });
    await expect(tiers.getByText('BEREIT ZUM ANFORDERN').first()).toBeVisible();
    await tiers.getByText(/\d+ weitere Stufen/).click();
    await expect(page.getByRole('list', { name: 'Weitere Stufen' }).getByRole('listitem').first()).toContainText('Prämien:');
    await expectUnbroken(page, 'agent-dashboard-de');

    await tiers.getByRole('button', { name: 'Diese Prämie anfordern' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: /Ihre Prämie für .+ anfordern/ })).toBeVisible();
    await expect(dialog.getByLabel('Postanschrift *')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Anspruch senden' })).toBeDisabled();
    await expectUnbroken(page, 'agent-dashboard-claim-de');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
  });

  test('holds the pseudo-locale at 375 px', async ({ page, request }) => {
    await agentWithIncome(page, request, 'lang-dash-pseudo');
    await page.goto('/agent/dashboard?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`[${pseudoText('Welcome back')}`);
    await expect(page.getByRole('region', { name: `[${pseudoText('Summary')}]` })).toContainText(pseudoText('Tiers Ready to Claim'));
    await expect(page.getByRole('region', { name: `[${pseudoText('My rank')}]` })).toContainText(pseudoText('this month'));
    await expect(page.getByRole('region', { name: `[${pseudoText('My entries')}]` })).toContainText(pseudoText('Income'));
    const tiers = page.getByRole('region', { name: `[${pseudoText('Your Tiers')}]` });
    await expect(tiers.getByText(pseudoText('READY TO CLAIM')).first()).toBeVisible();
    await tiers.getByText(pseudoText('more tiers')).click();
    await expect(page.getByRole('list', { name: `[${pseudoText('More tiers')}]` }).getByRole('listitem').first()).toContainText(pseudoText('Rewards:'));
    await expectUnbroken(page, 'agent-dashboard-pseudo');

    await tiers.getByRole('button', { name: `[${pseudoText('Claim This Reward')}]` }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: new RegExp(pseudoText('Claim your').replace(/[[\]]/g, '\\$&')) })).toBeVisible();
    await expectUnbroken(page, 'agent-dashboard-claim-pseudo');
    await dialog.getByRole('button', { name: `[${pseudoText('Cancel')}]` }).click();
    await expect(dialog).toBeHidden();
  });
});
