// Claim fulfilment from both sides (docs/product.md §12.10): the owner takes one claim through processed, shipped with
// a tracking note and delivered, and rejects another with a reason; the agent sees each claim's status and history on
// its tier dashboard, reads the reason, and claims the rejected tier again.
import { claimCard, claimCount, claimTierReward, createAgent, expectNoHorizontalOverflow, openTab, tierCard, toasts } from './support/helpers';
import { expect, expectNoAxeViolations, signInAgent, signInAs, test } from './support/fixtures';

test.describe('claim fulfilment', () => {
  test('the owner ships and delivers one reward and rejects another; the agent follows both and claims again', async ({ page, browser }) => {
    // Two browsers, five status changes, dialogs and accessibility checks.
    test.setTimeout(90_000);
    await signInAs(page);
    const agent = await createAgent(page.request, 'Fulfilment', '12000.00');
    const agentContext = await browser.newContext();
    await signInAgent(agentContext.request, agent);
    const starterReward = await claimTierReward(agentContext.request, agent, 'Starter');
    const bronzeReward = await claimTierReward(agentContext.request, agent, 'Bronze');

    const agentPage = await agentContext.newPage();
    await agentPage.goto('/agent/dashboard');
    const starter = tierCard(agentPage, 'Starter');
    await expect(starter.getByRole('region', { name: 'Your Starter claim' })).toContainText('Your claim is waiting to be processed.');
    await expect(starter).toContainText('PENDING');

    // The owner finds the agent's claims and fills the Starter one.
    await page.goto('/');
    await openTab(page, 'Reward Claims');
    await page.getByLabel('Find a claim').fill(agent.name);
    await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(2);
    await claimCard(page, agent.name, starterReward).getByRole('button', { name: 'Mark Filled' }).click();
    await expect(toasts(page).getByText('Reward claim marked as processed!')).toBeVisible();

    await page.getByRole('tab', { name: /Old Rewards/ }).click();
    const card = claimCard(page, agent.name, starterReward);
    await expect(card).toContainText('PROCESSED');
    await card.getByRole('button', { name: 'Mark Shipped' }).click();
    const shipDialog = page.getByRole('dialog', { name: 'Mark the reward shipped' });
    await shipDialog.getByLabel('Tracking note (optional)').fill('UPS 1Z999AA10123456784');
    await expectNoAxeViolations(page);
    await shipDialog.getByRole('button', { name: 'Mark Shipped' }).click();
    await expect(toasts(page).getByText('Reward claim marked as shipped')).toBeVisible();
    await expect(shipDialog).toBeHidden();
    await expect(card).toContainText('SHIPPED');
    await expect(card.getByRole('button', { name: 'Mark Shipped' })).toHaveCount(0);

    await card.getByRole('button', { name: 'Mark Delivered' }).click();
    await page.getByRole('dialog', { name: 'Mark the reward delivered' }).getByRole('button', { name: 'Mark Delivered' }).click();
    await expect(card).toContainText('DELIVERED');
    await expect(card.getByRole('button')).toHaveCount(0);
    await card.getByText(/^History \(4 steps\)$/).click();
    const steps = card.getByRole('list', { name: /^History of the Starter claim/ }).getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toContainText(`Claimed`);
    await expect(steps.nth(0)).toContainText(`by ${agent.name}`);
    await expect(steps.nth(2)).toContainText('Shipped');
    await expect(steps.nth(2)).toContainText('Note: UPS 1Z999AA10123456784');
    await expect(steps.nth(3)).toContainText('Delivered');

    // The Bronze claim is rejected: a reason is required. It is counted as rejected, not processed.
    const processedBefore = Number(await claimCount(page, 'Processed').textContent());
    const rejectedBefore = Number(await claimCount(page, 'Rejected').textContent());
    await page.getByRole('tab', { name: /Pending Claims/ }).click();
    await claimCard(page, agent.name, bronzeReward).getByRole('button', { name: 'Reject' }).click();
    const rejectDialog = page.getByRole('dialog', { name: 'Reject the claim' });
    await rejectDialog.getByRole('button', { name: 'Reject' }).click();
    await expect(rejectDialog.getByText('A rejection needs a reason')).toBeVisible();
    await rejectDialog.getByLabel('Reason').fill('This reward is out of stock: please choose another one');
    await rejectDialog.getByRole('button', { name: 'Reject' }).click();
    await expect(toasts(page).getByText('Reward claim rejected')).toBeVisible();
    await expect(claimCount(page, 'Rejected')).toHaveText(String(rejectedBefore + 1));
    await expect(claimCount(page, 'Processed')).toHaveText(String(processedBefore));

    await page.getByRole('tab', { name: /Old Rewards/ }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Rejected' }).click();
    await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(1);
    await expect(claimCard(page, agent.name, bronzeReward)).toContainText('REJECTED');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await page.getByRole('region', { name: 'Reward Claims' }).locator('dl').first().screenshot({ path: test.info().outputPath('claim-counts-375.png') });

    // The agent's cards follow (the live stream, or a reload at the latest).
    await agentPage.reload();
    await expect(starter).toContainText('DELIVERED');
    await expect(starter).toContainText('Your reward was delivered.');
    await starter.getByText('History', { exact: true }).click();
    await expect(starter.getByRole('list', { name: 'History of your Starter claim' })).toContainText('Note: UPS 1Z999AA10123456784');
    const bronze = tierCard(agentPage, 'Bronze');
    await expect(bronze).toContainText('Your claim was rejected. You can claim this tier again.');
    await expect(bronze).toContainText('Reason: This reward is out of stock: please choose another one');
    await expect(bronze).toContainText('READY TO CLAIM');
    await expectNoAxeViolations(agentPage);

    await bronze.getByRole('button', { name: 'Claim Again' }).click();
    const claimDialog = agentPage.getByRole('dialog', { name: 'Claim your Bronze reward' });
    await claimDialog.getByLabel('Email Address').fill(agent.email);
    await claimDialog.getByLabel('Mailing Address').fill('2 Other Road');
    await claimDialog.getByRole('button', { name: 'Submit Claim' }).click();
    await expect(claimDialog).toBeHidden();
    await expect(bronze).toContainText('CLAIMED');
    await expect(bronze).toContainText('Your claim is waiting to be processed.');
    await agentContext.close();
  });
});
