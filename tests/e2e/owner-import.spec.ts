// CSV import of income entries (docs/product.md §12.9): the owner chooses a file, matches its columns,
// checks it (a dry run that lists every error by row), fixes it, and imports it; the dashboard's figures follow.
import { utimesSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { agentByName, createAgent, expectNoHorizontalOverflow, openDashboard, openTab, readDownload, searchAgents, toasts, uniqueName } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { choose, csvFile, figure } from './support/import-helpers';

/** A day written MM/DD/YYYY, `daysAgo` days before today (imports refuse days in the future). */
function usDate(daysAgo: number): string {
  const day = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
  return `${String(day.getMonth() + 1).padStart(2, '0')}/${String(day.getDate()).padStart(2, '0')}/${day.getFullYear()}`;
}

/** A day written YYYY-MM-DD with a time after it, as HubSpot exports a close date, `daysAgo` days before today. */
function hubspotDate(daysAgo: number): string {
  const day = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')} 14:22`;
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

  test('a HubSpot deals export: columns and dates read as they are, the valid rows imported, the rejected ones downloaded', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAs(page);
    const elena = await createAgent(page.request, 'Crm Elena');
    const marcus = await createAgent(page.request, 'Crm Marcus');
    const tag = uniqueName('crm').email.split('@')[0];
    await page.goto('/');
    await openTab(page, 'Import');

    // HubSpot names the deal's owner; the deal's Record ID keeps a second import from counting it twice.
    await page.getByLabel('CSV file').setInputFiles(
      csvFile('hubspot-deals.csv', [
        'Record ID,Deal Name,Deal Stage,Close Date,Deal owner,Amount,Pipeline',
        `${tag}-1,Acme renewal,Closed won,${hubspotDate(3)},${elena.name},4500,Sales Pipeline`,
        `${tag}-2,Globex seats,Closed won,${hubspotDate(2)},Nobody Known,1250.50,Sales Pipeline`,
        `${tag}-3,"=HYPERLINK(""http://evil.test"")",Closed won,${hubspotDate(2)},${marcus.name},12.345,Sales Pipeline`,
        `${tag}-4,Initech upgrade,Closed won,${hubspotDate(1)},${marcus.name},980,Sales Pipeline`,
      ]),
    );
    for (const [column, field] of [
      ['Record ID', /^externalId/],
      ['Deal Name', 'description'],
      ['Deal Stage', 'Leave out'],
      ['Close Date', 'date'],
      ['Deal owner', /^agentName/],
      ['Amount', 'amount'],
      ['Pipeline', 'Leave out'],
    ] as const) {
      await expect(page.getByRole('combobox', { name: column, exact: true })).toHaveText(field);
    }
    await expect(page.getByRole('combobox', { name: 'Date format', exact: true })).toHaveText('Guess from the file');
    await page.getByRole('button', { name: 'Check file' }).click();

    await expect(page.getByRole('heading', { name: 'Check report' })).toBeFocused();
    await expect(figure(page, 'Valid')).toHaveText('2');
    await expect(figure(page, 'Errors')).toHaveText('2');
    const read = page.getByRole('list', { name: 'How the file was read' });
    await expect(read.getByRole('listitem')).toHaveText(['Record ID as externalId', 'Deal Name as description', 'Close Date as date', 'Deal owner as agentName', 'Amount as amount']);
    await expect(page.getByText('Dates are read year first (YYYY-MM-DD).')).toBeVisible();
    const errors = page.getByRole('region', { name: 'Errors' }).getByRole('row');
    await expect(errors.nth(1).getByRole('cell')).toHaveText(['3', 'Deal owner', 'No agent is named "Nobody Known"']);
    await expect(page.getByRole('status').filter({ hasText: '2 errors found in 2 rows' })).toContainText('or import the 2 valid rows now');
    // All or nothing stays the default; the valid rows are a choice beside it.
    await expect(page.getByRole('button', { name: 'Import entries' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Import the 2 valid rows' })).toBeEnabled();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The rejected rows as the file has them, with their errors, a formula made harmless.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download rejected rows' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('hubspot-deals-rejected-rows.csv');
    const lines = (await readDownload(download)).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Record ID,Deal Name,Deal Stage,Close Date,Deal owner,Amount,Pipeline,Import errors');
    expect(lines[1]).toContain(`${tag}-2,Globex seats`);
    expect(lines[1]).toContain(',"Deal owner: No agent is named ""Nobody Known"""');
    expect(lines[2]).toContain(`${tag}-3,"'=HYPERLINK(""http://evil.test"")"`);
    expect(lines[2]).toContain('Amount: Amount ""12.345"" is not a number');
    expect(lines).toHaveLength(4);

    await page.getByRole('button', { name: 'Import the 2 valid rows' }).click();
    await expect(toasts(page).getByText('2 entries imported; 2 rows with errors left out')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: '2 entries imported' })).toContainText('2 rows with errors were left out');
    await expect(page.getByRole('heading', { name: 'Import report' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Download rejected rows' })).toBeVisible();
    expect((await agentByName(page.request, elena.name))?.totalIncome).toBe('4500.00');
    expect((await agentByName(page.request, marcus.name))?.totalIncome).toBe('980.00');
    await expectNoAxeViolations(page);

    // The same export checked again: the two deals imported are recognised by their Record ID.
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(figure(page, 'Duplicates \\(skipped\\)')).toHaveText('2');
    await expect(page.getByRole('button', { name: /^Import the/ })).toHaveCount(0);
  });

  test('a file saved again after it was chosen is told as such, and checked once chosen again', async ({ page }, testInfo) => {
    // A whole story with an accessibility check on a busy machine: more than the default 30 s.
    test.setTimeout(60_000);
    await signInAs(page);
    const agent = await createAgent(page.request, 'Resaved');
    const path = testInfo.outputPath('resaved-deals.csv');
    writeFileSync(path, `Owner Email,Amount,Close Date\r\n${agent.email},100.00,${hubspotDate(2)}\r\n`);
    await page.goto('/');
    await openTab(page, 'Import');
    await page.getByLabel('CSV file').setInputFiles(path);
    await expect(page.getByRole('combobox', { name: 'Owner Email', exact: true })).toHaveText(/^agentEmail/);
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(figure(page, 'Valid')).toHaveText('1');

    // Edited and saved in a spreadsheet: same name, new content, a newer time.
    writeFileSync(path, `Owner Email,Amount,Close Date\r\n${agent.email},100.00,${hubspotDate(2)}\r\n${agent.email},25.00,${hubspotDate(1)}\r\n`);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path, later, later);
    await page.getByRole('button', { name: 'Check file' }).click();
    const message = page.getByRole('alert').filter({ hasText: 'The file changed after you chose it; choose it again.' });
    await expect(message).toBeVisible();
    await expect(page.getByText(/check the connection/)).toHaveCount(0);
    await expect(page.getByLabel('CSV file')).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Check report' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByLabel('CSV file').setInputFiles(path);
    await expect(message).toHaveCount(0);
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(figure(page, 'Valid')).toHaveText('2');
    await page.getByRole('button', { name: 'Import 2 entries' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '2 entries imported' })).toBeVisible();
    expect((await agentByName(page.request, agent.name))?.totalIncome).toBe('125.00');
  });

  test('a manager has no Import tab', async ({ page }) => {
    await openDashboard(page, 'manager');
    await expect(page.getByRole('tab', { name: 'Agents', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Import', exact: true })).toHaveCount(0);
  });
});
