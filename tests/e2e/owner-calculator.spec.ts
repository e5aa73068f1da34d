import type { Page } from '@playwright/test';
import type { OwnerDashboard } from '../../contract/dashboard';
import { agentByName, allowConsoleErrors, createAgent, expectNoHorizontalOverflow, openTab, searchAgents, toasts, type TestAgent } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

const row = (page: Page, agentName: string) => page.getByRole('listitem').filter({ hasText: agentName });
const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit Profit Entries' });
const total = (page: Page) => page.locator('output');

async function totalOf(page: Page, agent: TestAgent) {
  return (await agentByName(page.request, agent.name))?.totalIncome;
}

test.describe('profit calculator', () => {
  test('calculates each row, submits one entry per nonzero row and resets the amounts', async ({ page }) => {
    await signInAs(page);
    const earner = await createAgent(page.request, 'Earner');
    const debtor = await createAgent(page.request, 'Debtor', '1000.00');
    const idle = await createAgent(page.request, 'Idle');
    await page.goto('/');
    await openTab(page, 'Profit Calculator');

    await expect(total(page)).toHaveText('$0.00');
    await expect(submitButton(page)).toBeDisabled();
    await expectNoAxeViolations(page);

    // The calculator shows a page of agents at a time: each is found by name, and what was typed for the
    // others is kept (and counted in the total) while another search shows.
    await searchAgents(page, earner.name);
    await page.getByLabel(`Weekly amount for ${earner.name}`).fill('1500');
    await page.getByLabel(`Percentage for ${earner.name}`).fill('12.5');
    await expect(row(page, earner.name)).toContainText('$187.50');

    // A negative amount is a deduction as is; its percentage does not matter.
    await searchAgents(page, debtor.name);
    await page.getByLabel(`Weekly amount for ${debtor.name}`).fill('-200.25');
    await page.getByLabel(`Percentage for ${debtor.name}`).fill('50');
    await expect(row(page, debtor.name)).toContainText('-$200.25');

    // A positive amount at 0% gives no profit and no entry.
    await searchAgents(page, idle.name);
    await page.getByLabel(`Weekly amount for ${idle.name}`).fill('300');
    await expect(row(page, idle.name)).toContainText('$0.00');

    await expect(total(page)).toHaveText('-$12.75');
    await expect(page.getByText('2 entries to submit')).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();

    const posts: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/income-entries')) posts.push(request.postDataJSON());
    });
    await submitButton(page).click();
    await expect(toasts(page).getByText('Added 2 profit entries successfully')).toBeVisible();

    expect(posts).toHaveLength(2);
    expect(posts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ agentId: earner.id, amount: '187.50', description: 'Automated weekly calculation: 12.5% of $1,500' }),
        expect.objectContaining({ agentId: debtor.id, amount: '-200.25', description: 'Automated weekly calculation: Deduction' }),
      ]),
    );
    expect(await totalOf(page, earner)).toBe('187.50');
    expect(await totalOf(page, debtor)).toBe('799.75');
    expect(await totalOf(page, idle)).toBe('0.00');

    // Amounts and profits go back to 0; percentages stay.
    await searchAgents(page, earner.name);
    await expect(page.getByLabel(`Weekly amount for ${earner.name}`)).toHaveValue('');
    await expect(page.getByLabel(`Percentage for ${earner.name}`)).toHaveValue('12.5');
    await expect(row(page, earner.name)).toContainText('$0.00');
    await expect(total(page)).toHaveText('$0.00');
    await expect(submitButton(page)).toBeDisabled();

    // The overview shows the generated descriptions.
    const dashboard = (await (await page.request.get('/api/owner/dashboard')).json()) as OwnerDashboard;
    expect(dashboard.recentEntries.map((entry) => entry.description)).toEqual(
      expect.arrayContaining(['Automated weekly calculation: 12.5% of $1,500', 'Automated weekly calculation: Deduction']),
    );
  });

  test('refuses a percentage outside 0 to 100 and more than two decimals in an amount', async ({ page }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Checked');
    await page.goto('/');
    await openTab(page, 'Profit Calculator');
    await searchAgents(page, agent.name);
    const percentage = page.getByLabel(`Percentage for ${agent.name}`);
    await expect(percentage).toHaveAttribute('min', '0');
    await expect(percentage).toHaveAttribute('max', '100');
    await expect(percentage).toHaveAttribute('step', '0.1');
    await expect(page.getByLabel(`Weekly amount for ${agent.name}`)).toHaveAttribute('step', '0.01');

    await page.getByLabel(`Weekly amount for ${agent.name}`).fill('100');
    await percentage.fill('120');
    await expect(row(page, agent.name)).toContainText('Enter a percentage from 0 to 100');
    await expect(submitButton(page)).toBeDisabled();
    await expectNoAxeViolations(page);

    await percentage.fill('10');
    await page.getByLabel(`Weekly amount for ${agent.name}`).fill('100.125');
    await expect(row(page, agent.name)).toContainText('Enter an amount with at most two decimals');
    await expect(submitButton(page)).toBeDisabled();

    await page.getByLabel(`Weekly amount for ${agent.name}`).fill('100.05');
    // 100.05 x 10% = 10.005: rounded half away from zero to the cent.
    await expect(row(page, agent.name)).toContainText('$10.01');
    await expect(submitButton(page)).toBeEnabled();
  });

  test('a failed submission shows Submission Failed with the spec message and keeps the rows', async ({ page, pageErrors }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Unlucky');
    await page.goto('/');
    await openTab(page, 'Profit Calculator');
    await searchAgents(page, agent.name);
    await page.route('**/api/income-entries', (route) => route.fulfill({ status: 500, json: { message: 'Internal error', code: 'INTERNAL' } }));

    await page.getByLabel(`Weekly amount for ${agent.name}`).fill('50');
    await page.getByLabel(`Percentage for ${agent.name}`).fill('100');
    await submitButton(page).click();
    await expect(toasts(page).getByText('Submission Failed')).toBeVisible();
    await expect(toasts(page).getByText('Server error. Please try again in a moment.')).toBeVisible();
    await expect(page.getByLabel(`Weekly amount for ${agent.name}`)).toHaveValue('50');
    await expect(total(page)).toHaveText('$50.00');

    await page.unroute('**/api/income-entries');
    await page.route('**/api/income-entries', (route) => route.fulfill({ status: 401, json: { message: 'Unauthorized', code: 'UNAUTHENTICATED' } }));
    await submitButton(page).click();
    await expect(toasts(page).getByText('Authentication required. Please refresh the page and try again.')).toBeVisible();

    await page.unroute('**/api/income-entries');
    await page.route('**/api/income-entries', (route) =>
      route.fulfill({ status: 400, json: { message: 'Amount cannot be zero', code: 'VALIDATION_FAILED' } }),
    );
    await submitButton(page).click();
    await expect(toasts(page).getByText('Invalid data format. Please check your entries and try again.')).toBeVisible();
    expect(await totalOf(page, agent)).toBe('0.00');
    allowConsoleErrors(pageErrors, /status of (500|401|400)/);
  });
});

test.describe('profit calculator: saved percentages and the formula', () => {
  const percentageField = (page: Page, agent: TestAgent) => page.getByLabel(`Percentage for ${agent.name}`);
  const savedPercentages = async (page: Page, agent: TestAgent) =>
    ((await (await page.request.get(`/api/owner/calculator-percentages?agentIds=${agent.id}`)).json()) as { percentages: { percentage: string }[] }).percentages.map(
      (saved) => saved.percentage,
    );
  async function openCalculatorFor(page: Page, agent: TestAgent) {
    await page.goto('/');
    await openTab(page, 'Profit Calculator');
    await searchAgents(page, agent.name);
    await expect(percentageField(page, agent)).toBeEnabled();
  }

  test('remembers a percentage across reloads and devices, explains each profit and saves no bad value', async ({ page, browser }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Remembered');
    await openCalculatorFor(page, agent);
    await expect(percentageField(page, agent)).toHaveValue('0');
    expect(await savedPercentages(page, agent)).toEqual([]);

    // Leaving the field saves it.
    await percentageField(page, agent).fill('12.5');
    await percentageField(page, agent).press('Tab');
    await expect(row(page, agent.name).getByText('Saved', { exact: true })).toBeVisible();
    expect(await savedPercentages(page, agent)).toEqual(['12.50']);

    // The formula follows the numbers shown: the row's profit and the total.
    await page.getByLabel(`Weekly amount for ${agent.name}`).fill('1500');
    await expect(row(page, agent.name)).toContainText('$1,500.00 × 12.5% = $187.50');
    await expect(row(page, agent.name)).toContainText('$187.50');
    await expect(total(page)).toHaveText('$187.50');
    // A cent that was rounded shows the exact value first: 100.05 x 12.5% = 12.50625 -> 12.51.
    await page.getByLabel(`Weekly amount for ${agent.name}`).fill('100.05');
    await expect(row(page, agent.name)).toContainText('$100.05 × 12.5% = $12.50625, rounded to $12.51');
    await expect(total(page)).toHaveText('$12.51');
    await expect(page.getByText('Profit = weekly amount × percentage ÷ 100, rounded to the nearest cent (half a cent rounds up).')).toBeVisible();
    await expect(page.getByText('the calculator does not read recorded entries')).toBeVisible();
    await expectNoAxeViolations(page);

    // After a reload the percentage is still there (the weekly amount, typed for one submission, is not).
    await page.reload();
    await openCalculatorFor(page, agent);
    await expect(percentageField(page, agent)).toHaveValue('12.5');
    await expect(page.getByLabel(`Weekly amount for ${agent.name}`)).toHaveValue('');
    // Typing an amount uses the saved percentage.
    await page.getByLabel(`Weekly amount for ${agent.name}`).fill('200');
    await expect(row(page, agent.name)).toContainText('$200.00 × 12.5% = $25.00');
    await expect(total(page)).toHaveText('$25.00');

    // So on another device of the owner's.
    const otherDevice = await browser.newContext();
    const otherPage = await otherDevice.newPage();
    await signInAs(otherPage);
    await openCalculatorFor(otherPage, agent);
    await expect(percentageField(otherPage, agent)).toHaveValue('12.5');
    await otherDevice.close();

    // A bad value is said under the field and saves nothing.
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/owner/calculator-percentages/')) puts.push(request.postData() ?? '');
    });
    const message = 'Enter a percentage from 0 to 100 with at most two decimals';
    await percentageField(page, agent).fill('120');
    await percentageField(page, agent).press('Tab');
    await expect(percentageField(page, agent)).toHaveAccessibleDescription(message);
    await expect(percentageField(page, agent)).toHaveAttribute('aria-invalid', 'true');
    await expect(row(page, agent.name)).not.toContainText('×');
    await expect(submitButton(page)).toBeDisabled();
    await expectNoAxeViolations(page);
    // Letters: the number field keeps them out and reads empty, which is no percentage either.
    await percentageField(page, agent).fill('');
    await percentageField(page, agent).pressSequentially('abc');
    await percentageField(page, agent).press('Tab');
    await expect(percentageField(page, agent)).toHaveAccessibleDescription(message);
    await percentageField(page, agent).fill('12.345');
    await percentageField(page, agent).press('Tab');
    await expect(percentageField(page, agent)).toHaveAccessibleDescription(message);
    expect(puts).toEqual([]);
    expect(await savedPercentages(page, agent)).toEqual(['12.50']);
    await page.reload();
    await openCalculatorFor(page, agent);
    await expect(percentageField(page, agent)).toHaveValue('12.5');
  });

  test('says when the server does not save a percentage', async ({ page, pageErrors }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Unsaved');
    await openCalculatorFor(page, agent);
    await page.route('**/api/owner/calculator-percentages/*', (route) =>
      route.fulfill({ status: 500, json: { message: 'Something failed on our side. Please try again.', code: 'INTERNAL' } }),
    );
    await percentageField(page, agent).fill('8');
    await percentageField(page, agent).press('Tab');
    await expect(percentageField(page, agent)).toHaveAccessibleDescription('Not saved: Something failed on our side. Please try again.');
    expect(await savedPercentages(page, agent)).toEqual([]);
    // Typing again clears the message; the next save goes through.
    await page.unroute('**/api/owner/calculator-percentages/*');
    await percentageField(page, agent).fill('8.5');
    await expect(percentageField(page, agent)).toHaveAccessibleDescription('');
    await percentageField(page, agent).press('Tab');
    await expect(percentageField(page, agent)).toHaveAccessibleDescription('Saved');
    expect(await savedPercentages(page, agent)).toEqual(['8.50']);
    allowConsoleErrors(pageErrors, /status of 500/);
  });

  test('fits a 375 px screen with the formula and the saved note', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page);
    const agent = await createAgent(page.request, 'Narrow');
    await openCalculatorFor(page, agent);
    await percentageField(page, agent).fill('33.33');
    await percentageField(page, agent).press('Tab');
    await expect(percentageField(page, agent)).toHaveAccessibleDescription('Saved');
    await page.getByLabel(`Weekly amount for ${agent.name}`).fill('333.33');
    const formula = row(page, agent.name).getByText('$333.33 × 33.33% = $111.098889, rounded to $111.10');
    await expect(formula).toBeVisible();
    await expect(total(page)).toHaveText('$111.10');
    await expect(page.getByText('How the profit is worked out')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await page.reload();
    await openCalculatorFor(page, agent);
    await expect(percentageField(page, agent)).toHaveValue('33.33');
  });
});
