import type { APIRequestContext } from '@playwright/test';
import type { RewardOption } from '../../contract/rewards';
import type { TierSetting } from '../../contract/tiers';
import { allowConsoleErrors, claimCard, claimCount, createAgent, openTab, type TestAgent, toasts } from './support/helpers';
import { expect, expectNoAxeViolations, signInAgent, signInAs, test } from './support/fixtures';

const DATE_TIME = /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M/;

async function firstOptionOf(request: APIRequestContext, tierName: string) {
  const tiers = (await (await request.get('/api/tier-settings')).json()) as TierSetting[];
  const tier = tiers.find((t) => t.name === tierName)!;
  const options = (await (await request.get(`/api/rewards/tier/${tier.id}`)).json()) as RewardOption[];
  return { tier, option: options[0]! };
}

/** An agent who reached Starter and Bronze claims both: one through the portal form, one through the tier dashboard. */
async function claimTwoRewards(request: APIRequestContext, agent: TestAgent) {
  await signInAgent(request, agent);
  const starter = await firstOptionOf(request, 'Starter');
  const portal = await request.post('/api/rewards/claim', {
    data: {
      agentId: agent.id,
      rewardId: starter.option.id,
      fullName: `${agent.name} Full`,
      email: agent.email,
      phone: '555-0101',
      telegram: '@e2e_agent',
      address: '1 Test Street',
      city: 'Testville',
      zipcode: '90210',
    },
  });
  expect(portal.status()).toBe(201);
  const bronze = await firstOptionOf(request, 'Bronze');
  const dashboard = await request.post('/api/agents/claim-reward', {
    data: {
      tierId: bronze.tier.id,
      rewardOptionId: bronze.option.id,
      agentData: { name: agent.name, email: agent.email, address: '2 Other Road', shippingInfo: 'Ring twice' },
    },
  });
  expect(dashboard.status()).toBe(201);
  return { starter, bronze };
}


test.describe('reward claims', () => {
  test('shows pending claims with their details and moves a filled one to Old Rewards', async ({ page, request }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Claimer', '12000.00');
    const { starter, bronze } = await claimTwoRewards(request, agent);

    await page.goto('/');
    await openTab(page, 'Reward Claims');
    const pendingTab = page.getByRole('tab', { name: /Pending Claims/ });
    const oldTab = page.getByRole('tab', { name: /Old Rewards/ });
    await expect(pendingTab).toHaveAttribute('aria-selected', 'true');

    const card = claimCard(page, agent.name, starter.option.title);
    await expect(card.getByText('PENDING', { exact: true })).toBeVisible();
    await expect(card).toContainText('Starter tier');
    await expect(card).toContainText(DATE_TIME);
    for (const detail of [`${agent.name} Full`, agent.email, '555-0101', '@e2e_agent', '1 Test Street', 'Testville', '90210']) {
      await expect(card).toContainText(detail);
    }
    const other = claimCard(page, agent.name, bronze.option.title);
    await expect(other).toContainText('Bronze tier');
    await expect(other).toContainText('2 Other Road');
    await expect(other).toContainText('Ring twice');
    await expectNoAxeViolations(page);

    const pendingBefore = Number(await pendingTab.locator('span').last().textContent());
    const processedBefore = Number(await oldTab.locator('span').last().textContent());
    const countedBefore = Number(await claimCount(page, 'Processed').textContent());
    await card.getByRole('button', { name: 'Mark Filled' }).click();
    await expect(toasts(page).getByText('Reward claim marked as processed!')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(pendingTab).toContainText(String(pendingBefore - 1));
    await expect(oldTab).toContainText(String(processedBefore + 1));
    await expect(claimCount(page, 'Pending')).toHaveText(String(pendingBefore - 1));
    await expect(claimCount(page, 'Processed')).toHaveText(String(countedBefore + 1));

    await oldTab.click();
    const processed = claimCard(page, agent.name, starter.option.title);
    await expect(processed.getByText('PROCESSED', { exact: true })).toBeVisible();
    await expect(processed).toContainText(new RegExp(`Processed ${DATE_TIME.source}`));
    await expect(processed.getByRole('button', { name: 'Mark Filled' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('after every pending claim is filled the pending list is empty', async ({ page, request }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Filler', '12000.00');
    await claimTwoRewards(request, agent);
    await page.goto('/');
    await openTab(page, 'Reward Claims');

    const buttons = page.getByRole('button', { name: 'Mark Filled' });
    // This test's own two claims at least, once the list has loaded.
    await expect(claimCard(page, agent.name, 'Swag Pack').getByRole('button', { name: 'Mark Filled' })).toBeVisible();
    for (let left = await buttons.count(); left > 0; left--) {
      await buttons.first().click();
      await expect(buttons).toHaveCount(left - 1);
    }
    await expect(page.getByText('No Pending Claims')).toBeVisible();
    await expect(page.getByRole('tab', { name: /Pending Claims/ })).toContainText('0');
    await expectNoAxeViolations(page);
  });

  test('with no claims at all both lists show their empty states', async ({ page }) => {
    await signInAs(page);
    // Claims are never removed on the shared server (only with their agent), so the list is emptied on its way.
    await page.route('**/api/owner/reward-claims', (route) => route.fulfill({ json: [] }));
    await page.goto('/');
    await openTab(page, 'Reward Claims');
    await expect(page.getByText('No Pending Claims')).toBeVisible();
    await page.getByRole('tab', { name: /Old Rewards/ }).click();
    await expect(page.getByText('No Processed Claims')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a failed Mark Filled says so and keeps the claim pending', async ({ page, request, pageErrors }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Stuck', '12000.00');
    const { starter } = await claimTwoRewards(request, agent);
    await page.route('**/api/reward-claims/*/process', (route) =>
      route.fulfill({ status: 409, json: { message: 'This claim has already been processed', code: 'CONFLICT' } }),
    );
    await page.goto('/');
    await openTab(page, 'Reward Claims');
    const card = claimCard(page, agent.name, starter.option.title);
    await card.getByRole('button', { name: 'Mark Filled' }).click();
    await expect(toasts(page).getByText('This claim has already been processed')).toBeVisible();
    await expect(card.getByText('PENDING', { exact: true })).toBeVisible();
    allowConsoleErrors(pageErrors, /status of 409/);
  });
});
