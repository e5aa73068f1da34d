// Back-dated entries in the lists (issue 35, docs/decisions/0085-entry-dates-in-lists.md): an agent whose entries were
// recorded out of deal-date order (back-dated entries and a CSV of bare days) sees them by deal date with a running
// total that only climbs, and no "0:00"; the owner's Recent Transactions and the TV's latest wins go by when each was
// recorded and name the deal's day when it is another. Axe clean, also at 375 px.
import type { Locator, Page } from '@playwright/test';
import type { CreatedTvLink } from '../../contract/tv-links';
import { createAgent, expectNoHorizontalOverflow, type TestAgent } from './support/helpers';
import { expect, expectNoAxeViolations, signInAgent, signInAs, test } from './support/fixtures';

const DAY_MS = 86_400_000;
/** The server's calendar day (ORG_TIMEZONE is UTC in these tests) `back` days ago. */
const serverDay = (back: number) => new Date(Date.now() - back * DAY_MS).toISOString().slice(0, 10);
/** "Nov 3, 2026" (the lists) or "Nov 3" (the TV): how en-US writes a server day. */
const shownDay = (day: string, withYear = true) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
/** The New total a row shows, as a number of cents. */
const newTotalOf = async (row: Locator) => {
  const text = (await row.getByText(/^New total /).textContent()) ?? '';
  return Math.round(Number(text.replace(/^New total \$/, '').replaceAll(',', '')) * 100);
};
/** A midnight as en-US or a 24-hour clock writes it: what a bare day must never show. */
const MIDNIGHT = /12:00\s?AM|\b0:00\b|00:00/;

/**
 * Records, as the owner, entries out of deal-date order: one back-dated 5 days, one 20 days, today's sale, one 12
 * days, then a CSV of bare days (today and 8 days ago). By deal date, the totals are $300, $700, $850, $1,050,
 * $1,120 and $2,120.
 */
async function recordOutOfOrder(page: Page, agent: TestAgent) {
  const entry = async (amount: string, description: string, back?: number) => {
    const date = back === undefined ? {} : { date: `${serverDay(back)}T12:00:00Z` };
    const response = await page.request.post('/api/income-entries', { data: { agentId: agent.id, amount, description, ...date } });
    expect(response.status(), await response.text()).toBe(201);
  };
  await entry('200.00', 'Five days back', 5);
  await entry('300.00', 'Twenty days back', 20);
  await entry('1000.00', 'Today’s sale');
  await entry('400.00', 'Twelve days back', 12);
  const file = ['agentEmail,amount,date,description', `${agent.email},70.00,${serverDay(0)},Imported today`, `${agent.email},150.00,${serverDay(8)},Imported eight days back`].join('\r\n');
  const imported = await page.request.post('/api/imports/income-entries', { headers: { 'content-type': 'text/csv' }, data: file });
  expect(imported.status(), await imported.text()).toBe(201);
}

test.describe('entry dates in lists', () => {
  test('back-dated entries: the agent sees them by deal date with a climbing total; the overview and the TV say what they show', async ({ page, browser }) => {
    // Three screens (agent, owner, TV), two widths.
    test.setTimeout(90_000);
    await signInAs(page);
    const agent = await createAgent(page.request, 'Backdated');
    await recordOutOfOrder(page, agent);

    // The agent, on a phone-free desktop first.
    const agentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const agentPage = await agentContext.newPage();
      await signInAgent(agentPage.request, agent);
      await agentPage.goto('/agent/dashboard');
      const myEntries = agentPage.getByRole('region', { name: 'My entries' });
      await expect(myEntries).toContainText('by deal date, newest first');
      const rows = myEntries.getByRole('list').getByRole('listitem');
      await expect(rows).toHaveCount(6);
      // Newest deal first: today's sale, today's bare day, then 5, 8, 12 and 20 days back.
      const descriptions = ['Today’s sale', 'Imported today', 'Five days back', 'Imported eight days back', 'Twelve days back', 'Twenty days back'];
      for (const [index, description] of descriptions.entries()) await expect(rows.nth(index)).toContainText(description);
      // The running total climbs with the deal dates: read bottom to top, each row adds its amount.
      const totals = [];
      for (let index = 0; index < 6; index++) totals.push(await newTotalOf(rows.nth(index)));
      expect(totals).toEqual([212_000, 112_000, 105_000, 85_000, 70_000, 30_000]);
      // Each row names its date; a back-dated one its day alone (and when it was recorded), never a time of "0:00".
      await expect(rows.nth(3)).toContainText(`Deal date ${shownDay(serverDay(8))} · recorded ${shownDay(serverDay(0))}`);
      await expect(rows.nth(1)).toContainText(`Deal date ${shownDay(serverDay(0))}`);
      await expect(rows.nth(1)).not.toContainText('recorded');
      for (let index = 1; index < 6; index++) await expect(rows.nth(index)).not.toContainText(MIDNIGHT);
      // Today's sale was recorded as it happened: its time is shown.
      await expect(rows.nth(0)).toContainText(/Deal date \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M/);
      await expectNoAxeViolations(agentPage);
      await agentPage.setViewportSize({ width: 375, height: 800 });
      await myEntries.scrollIntoViewIfNeeded();
      await expectNoHorizontalOverflow(agentPage);
      await expectNoAxeViolations(agentPage);
    } finally {
      await agentContext.close();
    }

    // The owner's Recent Transactions: by when each was recorded, the deal's day named when it is another.
    await page.goto('/');
    const recent = page.getByRole('list', { name: 'Recent Transactions' });
    const card = page.getByText('by when they were recorded, newest first');
    await expect(card).toBeVisible();
    const mine = recent.getByRole('listitem').filter({ hasText: agent.name });
    await expect(mine).toHaveCount(6);
    // The file's rows were recorded last (the later row first), the first back-dated entry first of all.
    await expect(mine.nth(0)).toContainText('Imported eight days back');
    await expect(mine.nth(0)).toContainText(`· deal of ${shownDay(serverDay(8))}`);
    await expect(mine.nth(0)).toContainText(/Recorded \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}/);
    await expect(mine.nth(1)).toContainText('Imported today');
    await expect(mine.nth(1)).not.toContainText('deal of');
    await expect(mine.nth(5)).toContainText('Five days back');
    // Its New total is the agent's total just after each was recorded: in this order it climbs too.
    const recorded = [];
    for (let index = 0; index < 6; index++) recorded.push(await newTotalOf(mine.nth(index)));
    expect(recorded).toEqual([212_000, 197_000, 190_000, 150_000, 50_000, 20_000]);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await mine.nth(0).scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // The staff's page of the agent lists by deal date, as the agent's own list does.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/dashboard/agents/${agent.id}`);
    const staffList = page.getByRole('region', { name: 'Income entries', exact: true });
    await expect(staffList).toContainText('by deal date, newest first');
    await expect(staffList.getByRole('list').getByRole('listitem').first()).toContainText('Today’s sale');
    await expect(staffList.getByRole('list').getByRole('listitem').first()).toContainText('New total $2,120.00');
    await expect(staffList.getByRole('list').getByRole('listitem').last()).toContainText('New total $300.00');

    // The TV: latest recorded first, "Recorded … · deal of Nov 3" for a back-dated win.
    const response = await page.request.post('/api/tv-links', { data: { name: `Entry dates TV ${agent.id}`, showAmounts: true } });
    expect(response.status()).toBe(201);
    const link = (await response.json()) as CreatedTvLink;
    const tvContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    try {
      const tv = await tvContext.newPage();
      await tv.goto(link.url);
      const wins = tv.getByRole('list', { name: 'Latest wins' }).getByRole('listitem').filter({ hasText: agent.name });
      const justNow = '(just now|\\d+ minutes? ago)';
      await expect(wins.first()).toContainText(new RegExp(`Recorded ${justNow} · deal of ${shownDay(serverDay(8), false)}$`));
      await expect(wins.nth(1)).toContainText(new RegExp(`Recorded ${justNow}$`));
      await expect(wins.nth(1)).not.toContainText('deal of');
      await expectNoAxeViolations(tv);
    } finally {
      await tvContext.close();
    }
  });
});
