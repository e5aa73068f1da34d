// Metrics (docs/decisions/0072-metrics-and-activities.md): the owner makes metrics beside profit under Settings (a count "Calls" agents
// may record, a money metric renamed, one retired), records activities through Record Activity on the overview, and
// ranks the month's board by a metric; a manager who leads no team records too but has no Settings; axe and 375 px.
// The metrics stay on the shared server (they are never deleted): afterAll makes them inactive and gives the long
// names short ones, so that the specs run after this one see no Record Activity button (the manager's "no control that
// changes data" of owner-dashboard.spec.ts) and a board whose Metric select fits 375 px.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Metric, MetricUnit } from '../../contract/metrics';
import { createAgent, expectNoHorizontalOverflow, expectWithinViewport, openDashboard, openTab, toasts, type TestAgent } from './support/helpers';
import { expect, expectNoAxeViolations, signInAgent, signInAs, test } from './support/fixtures';

const CALLS = { key: 'calls', name: 'Calls', unit: 'count', agentsMayRecord: true } as const;
const REVENUE = { key: 'revenue-booked', name: 'Revenue', unit: 'money', agentsMayRecord: false } as const;
/** 60 characters, the longest name there can be, with no space to break at: it must wrap, not push the page sideways. */
const UNBROKEN = { key: 'qualified', name: 'Qualified-opportunities-with-signed-nondisclosure-agreements', unit: 'count', agentsMayRecord: false } as const;
/** A name as an owner would write it, 60 characters too. */
const LONG = { key: 'nda-opportunities', name: 'Qualified opportunities with signed nondisclosure agreements', unit: 'count', agentsMayRecord: false } as const;
/** A metric's name longer than this is given its key as its name after the tests (see afterAll). */
const SHORT_NAME_MAX = 20;

/** The metrics section of the Settings tab. */
const metricsSection = (page: Page) => page.getByRole('region', { name: 'Metrics' });

const metricRows = (page: Page) => metricsSection(page).getByRole('list', { name: 'Metrics' }).getByRole('listitem');

/** A metric's row in the Settings list, by its key (which a rename leaves as it is; not shown while renaming). */
const metricRow = (page: Page, key: string) => metricRows(page).filter({ has: page.locator('code').getByText(key, { exact: true }) });

/** A metric's row while its name is being edited, by the name it had. */
const renamingRow = (page: Page, name: string) => metricRows(page).filter({ has: page.getByLabel(`Name of ${name}`, { exact: true }) });

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Record Activity' });

async function readMetrics(request: APIRequestContext): Promise<Metric[]> {
  const response = await request.get('/api/metrics');
  expect(response.status()).toBe(200);
  return (await response.json()) as Metric[];
}

/**
 * The metric as the later tests need it, active and so named (made through the API when the Settings test has not
 * made it, as when a test is run on its own), as the owner the request context is signed in as.
 */
async function ensureMetric(request: APIRequestContext, metric: { key: string; name: string; unit: MetricUnit; agentsMayRecord: boolean }) {
  const found = (await readMetrics(request)).find((one) => one.key === metric.key);
  if (!found) {
    const response = await request.post('/api/metrics', { data: metric });
    expect(response.status(), await response.text()).toBe(201);
  } else if (!found.active || found.name !== metric.name) {
    const response = await request.patch(`/api/metrics/${metric.key}`, { data: { active: true, name: metric.name } });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** Picks an agent in the dialog's picker as a person does: part of the name typed, then the match clicked. */
async function pickAgent(dialog: Locator, agent: TestAgent) {
  const picker = dialog.getByRole('combobox', { name: 'Agent' });
  await picker.fill(agent.name.slice(0, -2));
  await dialog.getByRole('option', { name: agent.name }).click();
  await expect(picker).toHaveValue(agent.name);
}

/** Records one activity through the overview's Record Activity dialog and waits for its toast. */
async function recordActivity(page: Page, agent: TestAgent, metric: { name: string; unit: MetricUnit }, value: string, shown: string) {
  await page.getByRole('button', { name: 'Record Activity' }).click();
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await pickAgent(dialog, agent);
  await dialog.getByLabel('Metric', { exact: true }).selectOption({ label: metric.name });
  await dialog.getByLabel(metric.unit === 'count' ? `How many ${metric.name}` : 'Value ($)', { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(toasts(page).filter({ hasText: `${shown} ${metric.name} for ${agent.name}.` })).toContainText('Activity recorded');
  await expect(dialog).toBeHidden();
}

/** The leaderboard's rows (its list is named by the board's heading). */
const boardRows = (page: Page, heading: string) => page.getByRole('list', { name: heading, exact: true }).getByRole('listitem');

/** Waits until the open tab has stopped loading (the board is busy while it fetches). */
const settled = (page: Page) => expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);

/** The Monthly Leaderboard tab, once its own board (not the dashboard's first page) and the metrics are read. */
async function openLeaderboard(page: Page) {
  await openTab(page, 'Leaderboard');
  await expect(page.getByRole('main').getByLabel('Metric', { exact: true })).toBeVisible();
  await settled(page);
}

async function chooseBoardMetric(page: Page, name: string) {
  await page.getByRole('main').getByLabel('Metric', { exact: true }).selectOption({ label: name });
  const heading = name === 'Profit' ? 'Monthly Leaderboard' : `Monthly Leaderboard: ${name}`;
  await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
  await settled(page);
}

/** A screenshot into the test's output directory: the whole page, or only the screen (with a dialog open). */
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

test.afterAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signInAs(request);
  for (const metric of await readMetrics(request)) {
    if (metric.builtIn) continue;
    const update = { ...(metric.active ? { active: false } : {}), ...(metric.name.length > SHORT_NAME_MAX ? { name: metric.key } : {}) };
    if (Object.keys(update).length === 0) continue;
    expect((await request.patch(`/api/metrics/${metric.key}`, { data: update })).status()).toBe(200);
  }
  await request.dispose();
});

test.describe('metrics', () => {
  test('the owner makes a count and a money metric under Settings, renames one and makes another inactive', async ({ page }) => {
    test.setTimeout(90_000);
    await openDashboard(page);
    await openTab(page, 'Settings');
    const section = metricsSection(page);
    const list = section.getByRole('list', { name: 'Metrics' });
    await expect(list.getByRole('listitem').first()).toContainText('Profit · built in: the income entries');
    // Metrics another spec made before this one (they are never deleted, only made inactive) stay listed.
    const listedBefore = await list.getByRole('listitem').count();

    const form = section.getByRole('form', { name: 'New metric' });
    const name = form.getByLabel('Name', { exact: true });
    const key = form.getByLabel('Key', { exact: true });
    const add = form.getByRole('button', { name: 'Add metric' });

    // An empty name is refused at the field, and nothing is sent.
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/metrics')) posts += 1;
    });
    await add.click();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('A metric needs a name');
    await expectNoAxeViolations(page);

    // The key is proposed from the name.
    await name.fill('Calls');
    await expect(key).toHaveValue('calls');
    await name.fill('Calls made today');
    await expect(key).toHaveValue('calls-made-today');
    await name.fill('Calls');
    await expect(key).toHaveValue('calls');
    await form.getByLabel('Unit', { exact: true }).selectOption('count');
    const agentsMay = form.getByRole('switch', { name: 'Agents record their own' });
    await expect(agentsMay).not.toBeChecked();
    await agentsMay.click();
    await expect(agentsMay).toBeChecked();
    await add.click();
    await expect(toasts(page).filter({ hasText: 'Metric added' })).toContainText('Calls can now be recorded');
    expect(posts).toBe(1);
    const calls = metricRow(page, 'calls');
    await expect(calls).toContainText('Calls');
    await expect(calls).toContainText('count');
    await expect(calls.getByRole('switch', { name: 'Agents record their own' })).toBeChecked();
    await expect(calls.getByRole('switch', { name: 'Active' })).toBeChecked();
    // The form is empty again for the next metric.
    await expect(name).toHaveValue('');
    await expect(key).toHaveValue('');
    await expect(agentsMay).not.toBeChecked();

    // A key already taken, and a key not written as keys are, are refused at the key's field.
    await name.fill('Calls');
    await add.click();
    await expect(key).toHaveAttribute('aria-invalid', 'true');
    await expect(key).toHaveAccessibleDescription(/The key "calls" is taken/);
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await key.fill('2 calls!');
    await add.click();
    await expect(key).toHaveAccessibleDescription(/Key must be 1 to 40 characters: lower-case letters, digits, - and _, starting with a letter/);
    expect(posts).toBe(1);
    await expect(list.getByRole('listitem')).toHaveCount(listedBefore + 1);
    await expectNoAxeViolations(page);

    // A money metric (under a first name, renamed below), and a third count to retire. The page is reloaded first: a
    // hand-edited key stays until the form is sent, and "Revenue booked" must propose its own.
    await page.reload();
    await openTab(page, 'Settings');
    await name.fill('Revenue booked');
    await expect(key).toHaveValue('revenue-booked');
    await form.getByLabel('Unit', { exact: true }).selectOption({ label: 'Money (revenue, pipeline)' });
    await add.click();
    await expect(toasts(page).filter({ hasText: 'Revenue booked can now be recorded' })).toBeVisible();
    const revenue = metricRow(page, 'revenue-booked');
    await expect(revenue).toContainText('money');
    await expect(revenue.getByRole('switch', { name: 'Agents record their own' })).not.toBeChecked();
    // The form starts again from its defaults once a metric is added: a count, not the unit just used.
    await expect(form.getByLabel('Unit', { exact: true })).toHaveValue('count');
    await name.fill('Meetings');
    await add.click();
    const meetings = metricRow(page, 'meetings');
    await expect(meetings).toContainText('count');

    // Renaming: the name changes, the key does not.
    await revenue.getByRole('button', { name: 'Rename Revenue booked' }).click();
    const renaming = renamingRow(page, 'Revenue booked');
    const rename = renaming.getByLabel('Name of Revenue booked', { exact: true });
    await expect(rename).toBeFocused();
    await expect(rename).toHaveValue('Revenue booked');
    await rename.fill('Revenue');
    await renaming.getByRole('button', { name: 'Save the name of Revenue booked' }).click();
    await expect(revenue.getByRole('button', { name: 'Rename Revenue' })).toBeVisible();
    await expect(revenue).toContainText('Revenue');
    await expect(revenue).not.toContainText('Revenue booked');
    await expect.poll(async () => (await readMetrics(page.request)).find((metric) => metric.key === 'revenue-booked')?.name).toBe('Revenue');

    // Meetings made inactive: shown so, and no longer offered by Record Activity.
    const active = meetings.getByRole('switch', { name: 'Active' });
    await active.click();
    await expect(active).not.toBeChecked();
    await expect(meetings).toContainText('· inactive');
    await expect(metricRow(page, 'calls')).not.toContainText('inactive');
    await expect.poll(async () => (await readMetrics(page.request)).find((metric) => metric.key === 'meetings')?.active).toBe(false);
    await expectNoAxeViolations(page);
    await shot(page, 'metrics-settings-1280');

    await openTab(page, 'Overview');
    await page.getByRole('button', { name: 'Record Activity' }).click();
    const choices = dialogOf(page).getByLabel('Metric', { exact: true }).locator('option');
    await expect(choices).toContainText(['Calls', 'Revenue']);
    await expect(choices.filter({ hasText: 'Meetings' })).toHaveCount(0);
    await dialogOf(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialogOf(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Record Activity' })).toBeFocused();
  });

  test('the owner records activities through Record Activity; the board by Calls ranks them, profit is unchanged', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page);
    await ensureMetric(page.request, CALLS);
    await ensureMetric(page.request, REVENUE);
    const first = await createAgent(page.request, 'Caller');
    const second = await createAgent(page.request, 'Caller');
    const third = await createAgent(page.request, 'Caller');
    await page.goto('/');

    // Nothing picked and nothing typed, then a count that is not whole: refused at the fields, nothing sent.
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/activities')) posts += 1;
    });
    await page.getByRole('button', { name: 'Record Activity' }).click();
    const dialog = dialogOf(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Agent' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(dialog.getByRole('combobox', { name: 'Agent' })).toHaveAccessibleDescription(/Please select an agent/);
    const howMany = dialog.getByLabel('How many Calls', { exact: true });
    await expect(howMany).toHaveAccessibleDescription(/Enter a value/);
    await pickAgent(dialog, first);
    await dialog.getByLabel('Metric', { exact: true }).selectOption({ label: 'Calls' });
    await howMany.fill('1.5');
    await dialog.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(howMany).toHaveAttribute('aria-invalid', 'true');
    await expect(howMany).toHaveAccessibleDescription(/A whole number from 1 to 1,000,000/);
    await expect(dialog.getByRole('combobox', { name: 'Agent' })).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    expect(posts).toBe(0);

    // A money metric asks for a value in dollars.
    await dialog.getByLabel('Metric', { exact: true }).selectOption({ label: 'Revenue' });
    await expect(dialog.getByLabel('Value ($)', { exact: true })).toBeVisible();
    await dialog.getByLabel('Metric', { exact: true }).selectOption({ label: 'Calls' });

    await howMany.fill('12');
    await dialog.getByLabel('Note (optional)').fill('Cold calls, morning shift');
    const posted = page.waitForRequest((request) => request.url().endsWith('/api/activities') && request.method() === 'POST');
    await dialog.getByRole('button', { name: 'Record', exact: true }).click();
    expect((await posted).postDataJSON()).toMatchObject({ agentId: first.id, metric: 'calls', value: '12', note: 'Cold calls, morning shift' });
    await expect(toasts(page).filter({ hasText: `12 Calls for ${first.name}.` })).toContainText('Activity recorded');
    await expect(dialog).toBeHidden();

    await recordActivity(page, second, CALLS, '7', '7');
    await recordActivity(page, third, CALLS, '3', '3');
    await recordActivity(page, second, CALLS, '9', '9');
    await recordActivity(page, first, REVENUE, '2500.5', '$2,500.50');

    // The board: profit first, as it was; then by Calls, whole numbers, second (16) before first (12) before third (3).
    await openLeaderboard(page);
    const profitRows = boardRows(page, 'Monthly Leaderboard');
    const profitBefore = await profitRows.allTextContents();
    expect(profitBefore.length).toBeGreaterThan(0);
    await expect(page.getByRole('main').getByLabel('Metric', { exact: true }).locator('option')).toContainText(['Profit', 'Calls', 'Revenue']);

    await chooseBoardMetric(page, 'Calls');
    await expect(page.getByRole('main')).toContainText('Agents ranked by Calls this month.');
    const rows = boardRows(page, 'Monthly Leaderboard: Calls');
    for (const [index, [agent, calls]] of ([[second, '16'], [first, '12'], [third, '3']] as const).entries()) {
      const row = rows.nth(index);
      await expect(row).toContainText(`Rank ${index + 1}`);
      await expect(row).toContainText(agent.name);
      await expect(row.getByText(calls, { exact: true })).toBeVisible();
    }
    // Counts are whole numbers, never money nor "16.00", on the rows and on the podium.
    const board = page.getByRole('region', { name: 'Monthly Leaderboard: Calls' });
    await expect(board).toContainText(second.name);
    await expect(board).not.toContainText(/\d\.\d\d/);
    await expect(board).not.toContainText('$');

    await chooseBoardMetric(page, 'Profit');
    await expect(profitRows).toHaveText(profitBefore);
  });

  test('a manager who leads no team records activities and picks the board metric, but has no Settings tab', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAs(page);
    await ensureMetric(page.request, CALLS);
    const agent = await createAgent(page.request, 'Managed');

    await openDashboard(page, 'manager');
    await expect(page.getByRole('tab', { name: 'Settings', exact: true })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Tier Settings', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Income Entry' })).toHaveCount(0);
    // The demo manager leads no team: every agent is theirs to record for.
    await recordActivity(page, agent, CALLS, '2', '2');

    await openLeaderboard(page);
    await chooseBoardMetric(page, 'Calls');
    await expect(page.getByRole('main').getByText('Agents ranked by Calls this month.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an agent logs its own calls on its dashboard, marked self-reported, and sees no card without such a metric', async ({ page, request }) => {
    await signInAs(request);
    await ensureMetric(request, CALLS);
    const agent = await createAgent(request, 'Logger');
    await signInAgent(page.request, agent);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/agent/dashboard');
    const card = page.getByRole('region', { name: 'Log activity' });
    await expect(card).toBeVisible();
    await card.getByLabel('Metric').selectOption({ label: 'Calls' });
    await card.getByLabel('How many').fill('0');
    await card.getByRole('button', { name: 'Log', exact: true }).click();
    await expect(card.getByText('A whole number from 1 to 1,000,000')).toBeVisible();
    await card.getByLabel('How many').fill('4');
    await card.getByRole('button', { name: 'Log', exact: true }).click();
    await expect(toasts(page).filter({ hasText: '4 Calls recorded.' })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);
    // Recorded as the agent's own, on its own account.
    const listed = await request.get(`/api/activities?metric=calls&agentId=${agent.id}`);
    expect(listed.status()).toBe(200);
    const [activity] = ((await listed.json()) as { activities: Array<{ value: number; selfReported: boolean; agentId: number }> }).activities;
    expect(activity).toMatchObject({ value: 4, selfReported: true, agentId: agent.id });
    // The owner closes Calls to agents: the card goes (no other metric is open to them).
    const opened = ((await readMetrics(request)).filter((metric) => !metric.builtIn && metric.active && metric.agentsMayRecord));
    for (const metric of opened) expect((await request.patch(`/api/metrics/${metric.key}`, { data: { agentsMayRecord: false } })).status()).toBe(200);
    try {
      await page.reload();
      await expect(page.getByRole('region', { name: 'My rank' })).toBeVisible();
      await expect(card).toHaveCount(0);
    } finally {
      for (const metric of opened) await request.patch(`/api/metrics/${metric.key}`, { data: { agentsMayRecord: true } });
    }
  });

  test('axe and 375 px: the metrics section, the dialog and the board by a metric', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page);
    await ensureMetric(page.request, CALLS);
    await ensureMetric(page.request, REVENUE);
    const agent = await createAgent(page.request, 'Phone');

    // 1280 px (the default viewport).
    await page.goto('/');
    await openTab(page, 'Settings');
    await expect(metricRow(page, 'calls')).toBeVisible();
    await expect(metricRow(page, 'revenue-booked')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'metrics-settings-1280');

    await openTab(page, 'Overview');
    await page.getByRole('button', { name: 'Record Activity' }).click();
    await expect(dialogOf(page)).toBeVisible();
    await pickAgent(dialogOf(page), agent);
    await expectNoAxeViolations(page);
    await shot(page, 'record-activity-1280', false);
    await dialogOf(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialogOf(page)).toBeHidden();

    await openLeaderboard(page);
    await chooseBoardMetric(page, 'Calls');
    await expectNoAxeViolations(page);
    await shot(page, 'leaderboard-calls-1280');

    // 375 px: a phone.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await openTab(page, 'Settings');
    await expect(metricRow(page, 'calls')).toBeVisible();
    await expectWithinViewport(page, metricsSection(page));
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await shot(page, 'metrics-settings-375');
    // Renaming in place fits too.
    await metricRow(page, 'calls').getByRole('button', { name: 'Rename Calls' }).click();
    await expect(renamingRow(page, 'Calls').getByLabel('Name of Calls', { exact: true })).toBeFocused();
    await expectWithinViewport(page, renamingRow(page, 'Calls'));
    await expectNoHorizontalOverflow(page);
    await renamingRow(page, 'Calls').getByRole('button', { name: 'Cancel' }).click();
    await expect(metricRow(page, 'calls')).toBeVisible();

    await openTab(page, 'Overview');
    await page.getByRole('button', { name: 'Record Activity' }).click();
    const dialog = dialogOf(page);
    await expect(dialog).toBeVisible();
    await pickAgent(dialog, agent);
    await dialog.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(dialog.getByLabel('How many Calls', { exact: true })).toHaveAccessibleDescription(/Enter a value/);
    await expectWithinViewport(page, dialog);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await shot(page, 'record-activity-375', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await openLeaderboard(page);
    await chooseBoardMetric(page, 'Calls');
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await shot(page, 'leaderboard-calls-375');
  });

  test('375 px: a metric with a long name wraps in the Settings list and the dialog', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page);
    await ensureMetric(page.request, UNBROKEN);
    await ensureMetric(page.request, LONG);
    const agent = await createAgent(page.request, 'Phone');
    await page.goto('/');

    await openTab(page, 'Settings');
    await expect(metricRow(page, UNBROKEN.key)).toContainText(UNBROKEN.name);
    await expect(metricRow(page, LONG.key)).toContainText(LONG.name);
    await expectWithinViewport(page, metricsSection(page));
    await expectNoHorizontalOverflow(page);
    await metricsSection(page).scrollIntoViewIfNeeded();
    await shot(page, 'metrics-settings-long-names-375');

    await openTab(page, 'Overview');
    await page.getByRole('button', { name: 'Record Activity' }).click();
    const dialog = dialogOf(page);
    await pickAgent(dialog, agent);
    await dialog.getByLabel('Metric', { exact: true }).selectOption({ label: UNBROKEN.name });
    await dialog.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(dialog.getByLabel(`How many ${UNBROKEN.name}`, { exact: true })).toHaveAccessibleDescription(/Enter a value/);
    await expectWithinViewport(page, dialog);
    await expectNoHorizontalOverflow(page);
    await shot(page, 'record-activity-long-name-375', false);
  });

  test('375 px: the board fits with a long metric name among the choices', async ({ page }) => {
    // A select is as wide as its longest option: once it pushed the board to about 510 px on a 375 px screen.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page);
    await ensureMetric(page.request, CALLS);
    await ensureMetric(page.request, LONG);
    await page.goto('/');
    await openLeaderboard(page);
    await chooseBoardMetric(page, 'Calls');
    await shot(page, 'leaderboard-long-choice-375');
    await expectNoHorizontalOverflow(page);
    await chooseBoardMetric(page, LONG.name);
    await expectNoHorizontalOverflow(page);
  });
});
