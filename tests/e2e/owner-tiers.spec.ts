import type { Page } from '@playwright/test';
import type { RewardOption } from '../../contract/rewards';
import type { TierSetting } from '../../contract/tiers';
import type { AgentTierData } from '../../contract/agent-tier-data';
import { addIncome, allowConsoleErrors, openTab, registerAgentViaApi, tierByName, toasts } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

const tierCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/** Puts a tier back as the product ships it, so the other tests see the usual tiers. */
async function restoreTier(page: Page, tier: TierSetting) {
  const response = await page.request.patch(`/api/tier-settings/${tier.id}`, { data: { threshold: tier.threshold, rewards: tier.rewards } });
  expect(response.status()).toBe(200);
}

test.describe('tier settings', () => {
  test('lists the tiers by threshold with their rewards and reward options', async ({ page }) => {
    await signInAs(page);
    await page.goto('/');
    await openTab(page, 'Tier Settings');
    const cards = page.getByRole('list').filter({ has: page.getByRole('heading', { level: 3, name: 'Starter' }) }).first().locator(':scope > li');
    await expect(cards).toHaveCount(12);
    await expect(cards.locator('h3')).toHaveText([
      'Starter',
      'Bronze',
      'Silver',
      'Gold',
      'Platinum',
      'Ruby',
      'Emerald',
      'Sapphire',
      'Diamond',
      'Master',
      'Grandmaster',
      'Legend',
    ]);
    const starter = tierCard(page, 'Starter');
    await expect(starter).toContainText('$5,000');
    await expect(starter.getByRole('listitem').filter({ hasText: 'Swag Pack: hoodie, mug and notebook' })).toBeVisible();
    // The demo's lines each name an option: nothing is flagged.
    await expect(page.getByText('No active reward option matches this line')).toHaveCount(0);
    await expect(starter).toContainText('Agents who reach Starter see these and pick one.');
    await expect(starter.getByText('Swag Pack', { exact: true })).toBeVisible();
    await expect(starter.getByText('Physical Item')).toBeVisible();
    await expect(tierCard(page, 'Legend')).toContainText('$1,000,000');
    await expect(tierCard(page, 'Legend')).toContainText('No rewards configured for this tier');
    await expect(tierCard(page, 'Legend')).toContainText('No reward options configured');
    await expect(tierCard(page, 'Legend')).toContainText('Agents who reach Legend see “Coming Soon” and cannot claim it until an active option is added.');
    await expectNoAxeViolations(page);
  });

  test('the threshold editor saves a change, skips an unchanged value, cancels, and reverts a refused value', async ({ page, pageErrors }) => {
    await signInAs(page);
    const legend = await tierByName(page.request, 'Legend');
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/api/tier-settings/')) patches.push(request.postData() ?? '');
    });
    try {
      await page.goto('/');
      await openTab(page, 'Tier Settings');
      const card = tierCard(page, 'Legend');
      const input = card.getByLabel('Threshold for Legend', { exact: true });

      // Cancel restores the stored value.
      await card.getByRole('button', { name: 'Edit threshold for Legend' }).click();
      await expect(input).toHaveValue('1000000');
      await expectNoAxeViolations(page);
      await input.fill('1234');
      await card.getByRole('button', { name: 'Cancel' }).click();
      await expect(card).toContainText('$1,000,000');
      await expect(card.getByRole('button', { name: 'Edit threshold for Legend' })).toBeFocused();

      // Saving the same value makes no call.
      await card.getByRole('button', { name: 'Edit threshold for Legend' }).click();
      await input.fill('1000000.00');
      await card.getByRole('button', { name: 'Save' }).click();
      await expect(input).toBeHidden();
      expect(patches).toEqual([]);

      // Below Grandmaster breaks the order: the server's message names the allowed range, the value reverts.
      await card.getByRole('button', { name: 'Edit threshold for Legend' }).click();
      await input.fill('400000');
      await input.press('Enter');
      await expect(toasts(page).getByText('Legend threshold must be between $500,000.01 and $999,999,999,999.99')).toBeVisible();
      await expect(card).toContainText('$1,000,000');

      // A changed value is saved and refreshes the dashboard data too.
      const dashboardRefetch = page.waitForRequest((request) => request.url().endsWith('/api/owner/dashboard'));
      await card.getByRole('button', { name: 'Edit threshold for Legend' }).click();
      await input.fill('1250000');
      await card.getByRole('button', { name: 'Save' }).click();
      await expect(toasts(page).getByText('Tier threshold updated successfully')).toBeVisible();
      await expect(card).toContainText('$1,250,000');
      await dashboardRefetch;
      expect(patches.map((body) => JSON.parse(body))).toEqual([{ threshold: '400000.00' }, { threshold: '1250000.00' }]);
      expect((await tierByName(page.request, 'Legend')).threshold).toBe('1250000.00');

      // Bad input is caught before any call.
      await card.getByRole('button', { name: 'Edit threshold for Legend' }).click();
      await input.fill('-5');
      await card.getByRole('button', { name: 'Save' }).click();
      await expect(card.getByText('Threshold must be greater than zero')).toBeVisible();
      expect(patches).toHaveLength(2);
      await input.press('Escape');
      await expect(input).toBeHidden();
    } finally {
      await restoreTier(page, legend);
    }
    allowConsoleErrors(pageErrors, /status of 400/);
  });

  test('the rewards editor shows one bullet per line and saves only a change', async ({ page }) => {
    await signInAs(page);
    const legend = await tierByName(page.request, 'Legend');
    try {
      await page.goto('/');
      await openTab(page, 'Tier Settings');
      const card = tierCard(page, 'Legend');
      await expect(card).toContainText('No rewards configured for this tier');

      await card.getByRole('button', { name: 'Edit rewards for Legend' }).click();
      const text = card.getByLabel('Rewards for Legend', { exact: true });
      await expect(text).toHaveValue('');
      await text.fill('Private island weekend\n\n  Gold watch  \n');
      await expectNoAxeViolations(page);
      await card.getByRole('button', { name: 'Save' }).click();
      await expect(toasts(page).getByText('Tier rewards updated successfully')).toBeVisible();
      const bullets = card.getByRole('list').first().getByRole('listitem');
      await expect(bullets).toHaveText([/^Private island weekend/, /^Gold watch/]);
      expect((await tierByName(page.request, 'Legend')).rewards).toBe('Private island weekend\nGold watch');

      // Cancel restores the saved text.
      await card.getByRole('button', { name: 'Edit rewards for Legend' }).click();
      await text.fill('Something else');
      await card.getByRole('button', { name: 'Cancel' }).click();
      await expect(bullets).toHaveText([/^Private island weekend/, /^Gold watch/]);
    } finally {
      await restoreTier(page, legend);
    }
  });

  test('a line of the rewards text that names no option is flagged, and "Add as option" makes it one agents can pick', async ({ page, request }) => {
    await signInAs(page);
    const gold = await tierByName(page.request, 'Gold');
    const voucherText = 'Weekend getaway voucher\nCash Bonus of $500 on your next payout';
    expect((await page.request.patch(`/api/tier-settings/${gold.id}`, { data: { rewards: voucherText } })).status()).toBe(200);
    try {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/');
      await openTab(page, 'Tier Settings');
      const card = tierCard(page, 'Gold');
      const voucher = card.getByRole('listitem').filter({ hasText: 'Weekend getaway voucher' });
      const bonus = card.getByRole('listitem').filter({ hasText: 'Cash Bonus of $500' }).first();
      await expect(voucher).toContainText('No active reward option matches this line, so agents do not see it.');
      await expect(bonus).not.toContainText('No active reward option matches');
      await voucher.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);

      // An agent who reached Gold is offered only what can be picked.
      const agent = await registerAgentViaApi(request, 'tiers-offer', 'Gale');
      await signInAs(request);
      await addIncome(request, agent.id, '36000.00');
      const offered = async () =>
        ((await (await request.get('/api/agent-tier-data')).json()) as AgentTierData).tiers.find((tier) => tier.name === 'Gold')!.rewardOptions.map((o) => o.title);
      expect(await offered()).toEqual(['Cash Bonus']);

      await voucher.getByRole('button', { name: 'Add “Weekend getaway voucher” as a reward option of Gold' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Reward Option' });
      await expect(dialog.getByLabel('Title')).toHaveValue('Weekend getaway voucher');
      await expect(dialog.getByLabel('Description')).toHaveValue('Weekend getaway voucher');
      await dialog.getByLabel('Description').fill('Two nights away for two');
      await dialog.getByLabel('Category').click();
      await page.getByRole('option', { name: 'Experience' }).click();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Add Reward' }).click();
      await expect(toasts(page).getByText('Reward option added successfully')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(card.getByText('No active reward option matches this line')).toHaveCount(0);
      await expect(card.getByRole('button', { name: 'Edit rewards for Gold' })).toBeFocused();
      await expect(card.getByRole('listitem').filter({ hasText: 'Two nights away for two' })).toContainText('Experience');
      expect(await offered()).toEqual(['Cash Bonus', 'Weekend getaway voucher']);
    } finally {
      const options = (await (await page.request.get(`/api/rewards/tier/${gold.id}`)).json()) as RewardOption[];
      for (const option of options.filter((o) => o.title === 'Weekend getaway voucher')) await page.request.delete(`/api/rewards/${option.id}`);
      await restoreTier(page, gold);
    }
  });

  test('reward options: empty state, add with validation, delete with confirmation', async ({ page }) => {
    await signInAs(page);
    await page.goto('/');
    await openTab(page, 'Tier Settings');
    const card = tierCard(page, 'Grandmaster');
    await expect(card.getByText('No reward options configured')).toBeVisible();

    await card.getByRole('button', { name: 'Add reward option to Grandmaster' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Reward Option' });
    await expect(dialog.getByLabel('Category')).toHaveText('Physical Item');
    await dialog.getByRole('button', { name: 'Add Reward' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Description is required')).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByLabel('Title').fill('Sports Car Weekend');
    await dialog.getByLabel('Description').fill('Three days with a convertible');
    await dialog.getByLabel('Category').click();
    await page.getByRole('option', { name: 'Experience' }).click();
    const posted = page.waitForRequest((request) => request.url().endsWith('/api/rewards') && request.method() === 'POST');
    await dialog.getByRole('button', { name: 'Add Reward' }).click();
    const grandmaster = await tierByName(page.request, 'Grandmaster');
    expect((await posted).postDataJSON()).toEqual({
      title: 'Sports Car Weekend',
      description: 'Three days with a convertible',
      category: 'Experience',
      tierId: grandmaster.id,
      isActive: true,
    });
    await expect(toasts(page).getByText('Reward option added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const option = card.getByRole('listitem').filter({ hasText: 'Sports Car Weekend' });
    await expect(option).toContainText('Three days with a convertible');
    await expect(option).toContainText('Experience');

    await option.getByRole('button', { name: 'Delete reward option Sports Car Weekend' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this reward option?');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page).getByText('Reward option deleted successfully')).toBeVisible();
    await expect(card.getByText('No reward options configured')).toBeVisible();
    expect(await (await page.request.get(`/api/rewards/tier/${grandmaster.id}`)).json()).toEqual([]);
  });

  test('a failed reward list says Failed to fetch rewards', async ({ page, pageErrors }) => {
    await signInAs(page);
    const master = await tierByName(page.request, 'Master');
    await page.route(`**/api/rewards/tier/${master.id}`, (route) => route.fulfill({ status: 500, json: { message: 'Boom', code: 'INTERNAL' } }));
    await page.goto('/');
    await openTab(page, 'Tier Settings');
    await expect(toasts(page).getByText('Failed to fetch rewards')).toBeVisible();
    await expect(tierCard(page, 'Master').getByText('Failed to fetch rewards')).toBeVisible();
    allowConsoleErrors(pageErrors, /status of 500/);
  });
});
