// CSV import of income entries (docs/product.md §12.9): the owner chooses a file, matches its columns,
// checks it (a dry run that lists every error by row), fixes it, and imports it; the dashboard's figures follow.
import type { Page } from '@playwright/test';
import { agentByName, createAgent, expectNoHorizontalOverflow, openDashboard, openTab, searchAgents, toasts, uniqueName } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { choose, csvFile, figure } from './support/import-helpers';

/** A day written MM/DD/YYYY, `daysAgo` days before today (imports refuse days in the future). */
function usDate(daysAgo: number): string {
  const day = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
  return `${String(day.getMonth() + 1).padStart(2, '0')}/${String(day.getDate()).padStart(2, '0')}/${day.getFullYear()}`;
}


async function agentTotal(page: Page, name: string) {
  await searchAgents(page, name);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  return card.locator('dl > div').filter({ has: page.locator('dt', { hasText: 'Total Profit' }) }).locator('dd');
}

test.describe('import', () => {
  test('the owner checks a file, sees its errors by row, fixes it and imports it; the totals follow', async ({ page }) => {
    // A whole import story with three accessibility checks: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    await signInAs(page);
    const first = await createAgent(page.request, 'Import First');
    const second = await createAgent(page.request, 'Import Second');
    const tag = uniqueName('import').email.split('@')[0];
    const nobody = `nobody-${tag}@e2e.test`;

    await page.goto('/');
    await openTab(page, 'Agents');
    await expect(await agentTotal(page, first.name)).toHaveText('$0');

    await openTab(page, 'Import');
    await expect(page.getByRole('heading', { name: 'How importing income entries works' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download a template CSV' })).toHaveAttribute('href', /^data:text\/csv/);
    await expectNoAxeViolations(page);

    // The agents' column is called "Seller": the owner says it is agentEmail. "Region" is left out.
    const header = 'Seller,Amount,Date,Description,External ID,Region';
    const day = usDate(2);
    await page.getByLabel('CSV file').setInputFiles(
      csvFile('entries.csv', [
        header,
        `${first.email},100.00,${day},"First, big",${tag}-1,North`,
        `${nobody},5.00,${day},,${tag}-2,North`,
        `${second.email},12.345,${day},,${tag}-3,South`,
        `${second.email},30.00,02/30/2026,,${tag}-4,South`,
      ]),
    );
    await expect(page.getByText('entries.csv')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Seller', exact: true })).toHaveText('Leave out');
    await expect(page.getByRole('combobox', { name: 'Amount', exact: true })).toHaveText('amount');
    await expect(page.getByRole('combobox', { name: 'External ID', exact: true })).toHaveText(/^externalId/);
    await expect(page.getByRole('combobox', { name: 'Region', exact: true })).toHaveText('Leave out');
    await expect(page.getByRole('alert').filter({ hasText: 'Choose the column that says whose entry it is' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check file' })).toBeDisabled();

    await choose(page, 'Seller', /^agentEmail/);
    await expect(page.getByRole('alert').filter({ hasText: 'Choose the column' })).toHaveCount(0);
    await choose(page, 'Date format', 'MM/DD/YYYY (US: 11/23/2026)');
    await page.getByRole('button', { name: 'Check file' }).click();

    const report = page.getByRole('heading', { name: 'Check report' });
    await expect(report).toBeFocused();
    await expect(figure(page, 'Rows')).toHaveText('4');
    await expect(figure(page, 'Valid')).toHaveText('1');
    await expect(figure(page, 'Errors')).toHaveText('3');
    const errors = page.getByRole('region', { name: 'Errors' }).getByRole('row');
    await expect(errors).toHaveCount(4);
    await expect(errors.nth(1).getByRole('cell')).toHaveText(['3', 'Seller', `No agent has the email "${nobody}"`]);
    await expect(errors.nth(2).getByRole('cell')).toHaveText(['4', 'Amount', 'Amount "12.345" is not a number with at most two decimals (write 1234.50 or 1,234.50)']);
    await expect(errors.nth(3).getByRole('cell')).toHaveText(['5', 'Date', 'Date "02/30/2026" does not exist (read as MM/DD/YYYY)']);
    await expect(page.getByRole('status').filter({ hasText: '3 errors found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import entries' })).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The fixed file: the mapping is kept for a file with the same header.
    await page.getByLabel('CSV file').setInputFiles(
      csvFile('entries-fixed.csv', [
        header,
        `${first.email},100.00,${day},"First, big",${tag}-1,North`,
        `${first.email},5.00,${day},,${tag}-2,North`,
        `${second.email},"1,200.00",${day},,${tag}-3,South`,
        `${second.email},30.00,${usDate(1)},,${tag}-4,South`,
      ]),
    );
    await expect(page.getByText('entries-fixed.csv')).toBeVisible();
    await expect(report).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Seller', exact: true })).toHaveText(/^agentEmail/);
    await expect(page.getByRole('combobox', { name: 'Date format', exact: true })).toHaveText('MM/DD/YYYY (US: 11/23/2026)');
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(report).toBeFocused();
    await expect(figure(page, 'Valid')).toHaveText('4');
    await expect(figure(page, 'Errors')).toHaveText('0');
    await expect(page.getByRole('status').filter({ hasText: 'No errors: 4 entries are ready to import.' })).toBeVisible();

    await page.getByRole('button', { name: 'Import 4 entries' }).click();
    await expect(toasts(page).getByText('4 entries imported')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: '4 entries imported' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Import report' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Import entries' })).toBeDisabled();

    expect((await agentByName(page.request, first.name))?.totalIncome).toBe('105.00');
    expect((await agentByName(page.request, second.name))?.totalIncome).toBe('1230.00');
    // The Agents tab read before the import shows the new totals without a reload.
    await openTab(page, 'Agents');
    await expect(await agentTotal(page, first.name)).toHaveText('$105');
    await expect(await agentTotal(page, second.name)).toHaveText('$1,230');
  });

  test('a manager has no Import tab', async ({ page }) => {
    await openDashboard(page, 'manager');
    await expect(page.getByRole('tab', { name: 'Agents', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Import', exact: true })).toHaveCount(0);
  });
});
