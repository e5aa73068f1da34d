// Voiding an income entry from the overview's Recent Transactions (docs/product.md §12.11): the owner gives a reason,
// a reversal is recorded, the entry reads as voided and a tier only it reached is taken back; managers see the marks
// but cannot void; a void that would take back a claimed tier is refused with the server's message in the dialog.
import type { Page } from '@playwright/test';
import type { AuthUser } from '../../contract/auth';
import {
  addIncome,
  agentByName,
  claimTierReward,
  createAgent,
  expectConsoleErrors,
  expectNoHorizontalOverflow,
  expectWithinViewport,
  openDashboard,
  openTab,
  searchAgents,
  toasts,
} from './support/helpers';
import { expect, expectNoAxeViolations, signInAgent, signInAs, test } from './support/fixtures';

const recentTransactions = (page: Page) => page.getByRole('list', { name: 'Recent Transactions' });
/** A row of the list, by the agent's name and the signed amount it shows. */
const transaction = (page: Page, agentName: string, amount: string) =>
  recentTransactions(page).getByRole('listitem').filter({ hasText: agentName }).filter({ hasText: amount });
const voidButtons = (page: Page) => recentTransactions(page).getByRole('button', { name: /^Void entry of / });

test.describe('voiding an income entry', () => {
  test('the owner voids an entry with a reason: a reversal is recorded, Starter is taken back, managers see it', async ({ page }) => {
    // Two sign-ins, two screen widths, four accessibility checks.
    test.setTimeout(60_000);
    await signInAs(page);
    const owner = (await (await page.request.get('/api/auth/user')).json()) as AuthUser;
    // $6,000 takes the agent past Starter ($5,000); the $150 after it stays when the first is voided.
    const agent = await createAgent(page.request, 'Ledger');
    const big = await addIncome(page.request, agent.id, '6000.00', 'Enterprise deal');
    await addIncome(page.request, agent.id, '150.00', 'Small renewal');
    await page.goto('/');

    const bigRow = transaction(page, agent.name, '+$6,000.00');
    await expect(bigRow).toContainText('New total $6,000.00');
    await bigRow.getByRole('button', { name: `Void entry of ${agent.name}, +$6,000.00` }).click();
    const dialog = page.getByRole('dialog', { name: 'Void this entry?' });
    await expect(dialog).toContainText('Entries are never deleted');
    await expect(dialog).toContainText(agent.name);
    await expect(dialog).toContainText('+$6,000.00');
    await expect(dialog).toContainText('Enterprise deal');
    await expect(dialog.getByLabel('Reason')).toBeFocused();
    await expectNoAxeViolations(page);

    // The reason is required, with the request's own message.
    await dialog.getByRole('button', { name: 'Void entry' }).click();
    await expect(dialog.getByText('A void needs a reason')).toBeVisible();
    await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    const reason = 'Recorded twice by mistake: the deal was already entered from the CRM import on Monday, see ticket OPS-4821';
    await dialog.getByLabel('Reason').fill(reason);
    await expect(dialog).toContainText(`${reason.length} of 1,000 characters`);
    const posted = page.waitForRequest((r) => r.url().endsWith(`/api/income-entries/${big.id}/void`) && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Void entry' }).click();
    expect((await posted).postDataJSON()).toEqual({ reason });
    await expect(toasts(page).getByText('Entry voided, Starter taken back')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The Void button that had the focus is gone: the list takes it.
    await expect(recentTransactions(page)).toBeFocused();

    // The entry stays, struck through, with who voided it, when and why; its reversal names it.
    const voided = bigRow.filter({ hasText: 'Voided' });
    await expect(voided).toContainText(`Voided by ${owner.name} on `);
    await expect(voided).toContainText(`: ${reason}`);
    await expect(voided).toContainText(`Entry #${big.id}`);
    await expect(voided.locator('del')).toHaveText('+$6,000.00');
    const reversal = transaction(page, agent.name, '-$6,000.00');
    await expect(reversal).toContainText(`Reversal of entry #${big.id}`);
    await expect(reversal).toContainText('New total $150.00');
    // Neither can be voided; the small entry still can.
    await expect(voided.getByRole('button')).toHaveCount(0);
    await expect(reversal.getByRole('button')).toHaveCount(0);
    await expect(transaction(page, agent.name, '+$150.00').getByRole('button', { name: `Void entry of ${agent.name}, +$150.00` })).toBeVisible();
    await expectNoAxeViolations(page);

    // The agent's total follows: $150 on the leaderboard and in the agents list.
    expect((await agentByName(page.request, agent.name))?.totalIncome).toBe('150.00');
    await openTab(page, 'Leaderboard');
    await searchAgents(page, agent.name);
    const ranked = page.getByRole('list', { name: 'Monthly Leaderboard' }).getByRole('listitem');
    await expect(ranked).toHaveCount(1);
    await expect(ranked.first()).toContainText('$150.00');
    await openTab(page, 'Overview');

    // A phone: the voided row (its long reason wraps) and the dialog fit the width.
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await expectWithinViewport(page, voided);
    await transaction(page, agent.name, '+$150.00').getByRole('button', { name: /^Void entry of / }).click();
    await expect(dialog).toBeVisible();
    await expectWithinViewport(page, dialog);
    await expectNoAxeViolations(page);
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(transaction(page, agent.name, '+$150.00')).not.toContainText('Voided');

    // A manager sees the same marks and no Void button.
    await openDashboard(page, 'manager');
    await expect(bigRow).toContainText('Voided');
    await expect(bigRow).toContainText(`: ${reason}`);
    await expect(reversal).toContainText(`Reversal of entry #${big.id}`);
    await expect(recentTransactions(page).getByRole('listitem').first()).toBeVisible();
    await expect(voidButtons(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a void that would take back a claimed tier is refused with the server message, and the dialog stays open', async ({ page, browser, pageErrors }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Claimed');
    const entry = await addIncome(page.request, agent.id, '5500.00', 'Reached Starter');
    const agentContext = await browser.newContext();
    await signInAgent(agentContext.request, agent);
    await claimTierReward(agentContext.request, agent, 'Starter');
    await agentContext.close();
    await page.goto('/');

    await transaction(page, agent.name, '+$5,500.00').getByRole('button', { name: `Void entry of ${agent.name}, +$5,500.00` }).click();
    const dialog = page.getByRole('dialog', { name: 'Void this entry?' });
    await dialog.getByLabel('Reason').fill('Wrong agent');
    await dialog.getByRole('button', { name: 'Void entry' }).click();
    const refusal = dialog.getByRole('alert');
    await expect(refusal).toHaveText(
      `Voiding entry ${entry.id} would take the Starter tier back from ${agent.name}, whose reward for it is claimed (pending): reject that claim first`,
    );
    // Open, with the reason kept, for another try once the claim is dealt with.
    await expect(dialog.getByLabel('Reason')).toHaveValue('Wrong agent');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // Cancelled: the focus is back on the Void button that opened the dialog.
    await expect(page.getByRole('button', { name: `Void entry of ${agent.name}, +$5,500.00` })).toBeFocused();
    await expect(transaction(page, agent.name, '+$5,500.00')).not.toContainText('Voided');
    expect((await agentByName(page.request, agent.name))?.totalIncome).toBe('5500.00');
    expectConsoleErrors(pageErrors, /status of 409/);
  });
});
