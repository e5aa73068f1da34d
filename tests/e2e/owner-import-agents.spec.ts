// CSV import of agents (docs/product.md §12.9, docs/decisions/0019-agent-imports-and-links.md): the owner chooses
// "Agents", matches the columns, checks the file, fixes it, imports it and gets each new agent's one-time link once,
// to copy or download; an agent opens its link, sets a password and signs in on the Agent Portal.
import { readFile } from 'node:fs/promises';
import { createAgent, expectNoHorizontalOverflow, openTab, searchAgents, toasts, uniqueName } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';
import { choose, csvFile, figure } from './support/import-helpers';


test.describe('import of agents', () => {
  test('the owner imports agents, fixes the errors the check lists, and hands out one-time links that set a password', async ({ page, browser }) => {
    // A whole import story, a download, a second browser and three accessibility checks.
    test.setTimeout(90_000);
    await signInAs(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const existing = await createAgent(page.request, 'Already Here');
    const ann = uniqueName('Imported Ann');
    const bo = uniqueName('Imported Bo');
    const cy = uniqueName('Imported Cy');

    await page.goto('/');
    await openTab(page, 'Import');
    await page.getByRole('radio', { name: 'Agents' }).check();
    await expect(page.getByRole('heading', { name: 'How importing agents works' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download a template CSV' })).toHaveAttribute('download', 'agents-template.csv');

    // "Full Name" is not a field name: the owner says it is the name. "Role" holds the position; "Team" is left out.
    const header = 'Full Name,Email,Role,Team';
    await page.getByLabel('CSV file').setInputFiles(
      csvFile('agents.csv', [
        header,
        `${ann.name},${ann.email},Account Executive,North`,
        `Copy Cat,${existing.email.toUpperCase()},,North`,
        `${bo.name},not-an-email,,South`,
        `${cy.name},${cy.email},,South`,
      ]),
    );
    await expect(page.getByText('agents.csv')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Full Name', exact: true })).toHaveText('Leave out');
    await expect(page.getByRole('combobox', { name: 'Email', exact: true })).toHaveText('email');
    await expect(page.getByRole('alert').filter({ hasText: "Choose the column that holds the agent's name." })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check file' })).toBeDisabled();
    // Agents have no dates.
    await expect(page.getByRole('combobox', { name: 'Date format' })).toHaveCount(0);

    await choose(page, 'Full Name', 'name');
    await choose(page, 'Role', 'position');
    await expect(page.getByRole('alert').filter({ hasText: 'Choose the column' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Check file' }).click();

    const report = page.getByRole('heading', { name: 'Check report' });
    await expect(report).toBeFocused();
    await expect(figure(page, 'Rows')).toHaveText('4');
    await expect(figure(page, 'Valid')).toHaveText('2');
    await expect(figure(page, 'Errors')).toHaveText('2');
    // An email already taken is an error, not a skipped duplicate.
    await expect(figure(page, 'Duplicates \\(skipped\\)')).toHaveCount(0);
    const errors = page.getByRole('region', { name: 'Errors' }).getByRole('row');
    await expect(errors).toHaveCount(3);
    await expect(errors.nth(1).getByRole('cell')).toHaveText(['3', 'Email', `An account with the email ${existing.email} already exists`]);
    await expect(errors.nth(2).getByRole('cell')).toHaveText(['4', 'Email', 'Email "not-an-email" is not a valid address']);
    await expect(page.getByRole('button', { name: 'Import agents' })).toBeDisabled();
    await expectNoAxeViolations(page);

    // The fixed file keeps the columns as matched.
    await page.getByLabel('CSV file').setInputFiles(
      csvFile('agents-fixed.csv', [header, `${ann.name},${ann.email},Account Executive,North`, `${bo.name},${bo.email},,South`, `${cy.name},${cy.email},,South`]),
    );
    await expect(page.getByText('agents-fixed.csv')).toBeVisible();
    await expect(report).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Full Name', exact: true })).toHaveText('name');
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(report).toBeFocused();
    await expect(figure(page, 'Valid')).toHaveText('3');
    await expect(page.getByRole('status').filter({ hasText: 'No errors: 3 agents are ready to import.' })).toBeVisible();

    await page.getByRole('button', { name: 'Import 3 agents' }).click();
    await expect(toasts(page).getByText('3 agents imported')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: '3 agents imported' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Import report' })).toBeFocused();

    // One link per new agent, shown once.
    const links = page.getByRole('list', { name: 'Set-up links' }).getByRole('listitem');
    await expect(links).toHaveCount(3);
    await expect(page.getByText('Shown only once.')).toBeVisible();
    const annLink = page.getByRole('textbox', { name: new RegExp(ann.name) });
    await expect(annLink).toHaveValue(/\/reset-password#token=[\w-]+$/);
    const url = await annLink.inputValue();
    await links.filter({ hasText: ann.name }).getByRole('button', { name: 'Copy' }).click();
    await expect(links.filter({ hasText: ann.name }).getByRole('status')).toHaveText('Link copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectNoAxeViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download links as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^agent-setup-links-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n');
    expect(lines[0]).toBe('\uFEFFname,email,link,expiresAt');
    expect(lines.slice(1, -1).map((line) => line.split(',').slice(0, 2))).toEqual([
      [ann.name, ann.email],
      [bo.name, bo.email],
      [cy.name, cy.email],
    ]);
    expect(lines[1]!.split(',')[2]).toBe(url);

    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The new agents are on the Agents tab, read again without a reload.
    await openTab(page, 'Agents');
    await searchAgents(page, ann.name);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: ann.name }) });
    await expect(card).toContainText('Account Executive');

    // Ann opens the link on a phone, sets a password and signs in with it on the Agent Portal.
    const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const tab = await phone.newPage();
    await tab.goto(new URL(url).pathname + new URL(url).hash);
    await tab.getByLabel('New password').fill('imported ann password');
    await tab.getByLabel('Confirm password').fill('imported ann password');
    await tab.getByRole('button', { name: 'Set password' }).click();
    await expect(tab.getByText('Your password is set.')).toBeVisible();
    await tab.getByRole('link', { name: 'Sign in on the Agent Portal' }).click();
    await tab.getByLabel('Email').fill(ann.email);
    await tab.getByLabel('Password').fill('imported ann password');
    await tab.getByRole('button', { name: 'Sign In' }).click();
    await expect(tab.getByRole('heading', { level: 1, name: `Welcome, ${ann.name}` })).toBeVisible();
    await phone.close();
  });
});
