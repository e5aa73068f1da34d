// The audit trail (docs/product.md §12.12) in the owner's Audit tab: the changes the owner just made are listed newest
// first with who made them; the filters by action, person and days narrow the list (a tier change shows its before →
// after); a row's details show where the change came from and its hash; the CSV export takes the filter; managers have
// no Audit tab; it reads on a phone.
import type { AuthUser } from '../../contract/auth';
import { AUDIT_EXPORT_COLUMNS } from '../../contract/audit';
import type { CreatedTvLink } from '../../contract/tv-links';
import { addIncome, createAgent, expectNoHorizontalOverflow, expectWithinViewport, openDashboard, openTab, readDownload, tierByName, uniqueName } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

test.describe('audit trail', () => {
  test('the owner reads, filters and exports the changes just made', async ({ page }) => {
    // Five filters, a download and three accessibility checks.
    test.setTimeout(60_000);
    const owner = (await signInAs(page)).body as AuthUser;
    const agent = await createAgent(page.request);
    const entry = await addIncome(page.request, agent.id, '1500.00');
    // The tier is changed and put back at once (two rows), so that the other tests see the usual rewards.
    const silver = await tierByName(page.request, 'Silver');
    const rewards = `Audit hoodie ${uniqueName('x').name}`;
    for (const text of [rewards, silver.rewards]) {
      expect((await page.request.patch(`/api/tier-settings/${silver.id}`, { data: { rewards: text } })).status()).toBe(200);
    }
    const linkAnswer = await page.request.post('/api/tv-links', { data: { name: uniqueName('Audit lobby').name, showAmounts: false } });
    expect(linkAnswer.status()).toBe(201);
    const link = (await linkAnswer.json()) as CreatedTvLink;

    await page.goto('/');
    await openTab(page, 'Audit');
    const table = page.getByRole('table', { name: 'Changes, newest first' });
    const rows = table.locator('tbody > tr');
    await expect(rows.nth(0)).toContainText('Made a TV link');
    await expect(rows.nth(0)).toContainText(`TV link #${link.id}`);
    await expect(rows.nth(0)).toContainText(`Name: ${link.name}`);
    await expect(rows.nth(1)).toContainText('Changed a tier');
    await expect(rows.nth(2)).toContainText('Changed a tier');
    await expect(rows.nth(3)).toContainText('Recorded an income entry');
    await expect(rows.nth(3)).toContainText(`Entry #${entry.id}`);
    // Read as a person reads them: money written as money, an id as an id, not stored JSON (issue 35).
    await expect(rows.nth(3)).toContainText('Amount: $1,500.00');
    await expect(rows.nth(3)).toContainText(`Agent: #${agent.id}`);
    await expect(rows.nth(3)).not.toContainText('agentId');
    for (const index of [0, 1, 2, 3]) await expect(rows.nth(index).getByRole('cell').nth(1)).toHaveText(owner.name);
    await expect(rows.nth(0).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expectNoAxeViolations(page);

    // A page at a time (the demo data fills more than one); a new filter starts again at the first.
    const pager = page.getByRole('navigation', { name: 'Audit trail pages' });
    await expect(pager).toContainText('Rows 1–50');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText(/Rows 51–\d+/);
    await expect(rows.nth(0)).not.toContainText('Made a TV link');

    // By action: the tier's change, newest first (put back, then changed), each with its before → after.
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Changed a tier', exact: true }).click();
    const before = silver.rewards.replace(/\s+/g, ' ');
    await expect(rows.nth(0)).toContainText(`Rewards: ${rewards} → ${before}`);
    await expect(rows.nth(1)).toContainText(`Rewards: ${before} → ${rewards}`);
    await expect(rows.nth(1)).toContainText(`Tier #${silver.id}`);
    await expect(rows.nth(1)).toContainText(`Name: Silver`);
    await expect(pager).toContainText(/^Rows 1–\d+/);

    // A row's details open from the keyboard: where the change came from, and its place in the hash chain.
    const more = rows.nth(1).getByRole('button', { name: /^More about row #\d+$/ });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    const details = table.locator(`#${await more.getAttribute('aria-controls')}`);
    await expect(details).toContainText('127.0.0.1');
    await expect(details).toContainText('HeadlessChrome');
    await expect(details).toContainText(/[0-9a-f]{64}/);
    await expectNoAxeViolations(page);

    // The CSV export takes the filter; its name says what and when.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: /^Export CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readDownload(file)).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(`\uFEFF${AUDIT_EXPORT_COLUMNS.join(',')}`);
    expect(lines.slice(1).every((line) => line.includes(',tier.updated,tier,'))).toBe(true);
    expect(lines.some((line) => line.includes(`,user,${owner.id},${owner.name},tier.updated,tier,${silver.id},`))).toBe(true);

    // By person, every action: the owner's changes only (the demo data is the system's).
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'All actions' }).click();
    await page.getByRole('combobox', { name: 'Person' }).click();
    await expect(page.getByRole('option', { name: 'System', exact: true })).toBeVisible();
    await page.getByRole('option', { name: owner.name, exact: true }).click();
    await expect(rows.nth(0)).toContainText('Made a TV link');
    await expect(table.getByRole('cell', { name: 'System', exact: true })).toHaveCount(0);

    // Days long past: nothing; From after To: said so, instead of a table.
    await page.getByLabel('From', { exact: true }).fill('2000-01-01');
    await page.getByLabel('To', { exact: true }).fill('2000-01-31');
    await expect(page.getByText('No changes match these filters.')).toBeVisible();
    await expect(table).toHaveCount(0);
    await page.getByLabel('From', { exact: true }).fill('2000-02-01');
    await expect(page.getByRole('alert')).toHaveText('The From date must be on or before the To date.');
    await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('link', { name: /^Export CSV/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByRole('combobox', { name: 'Person' })).toBeFocused();
    await expect(rows.nth(0)).toContainText('Made a TV link');

    // A phone: a card per change, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    const cards = page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
    await expect(cards.first()).toContainText('Made a TV link');
    await expect(table).toBeHidden();
    await expectNoHorizontalOverflow(page);
    await expectWithinViewport(page, cards.first());
    await cards.first().getByRole('button', { name: /^More about row/ }).click();
    await expectWithinViewport(page, cards.first());
    await expectNoAxeViolations(page);
  });

  test('a manager has no Audit tab, and the trail refuses it', async ({ page }) => {
    await openDashboard(page, 'manager');
    await expect(page.getByRole('tab', { name: 'Tier Settings' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Audit' })).toHaveCount(0);
    for (const path of ['/api/audit', '/api/audit/actors', '/api/exports/audit.csv']) {
      expect((await page.request.get(path)).status(), path).toBe(403);
    }
  });
});
