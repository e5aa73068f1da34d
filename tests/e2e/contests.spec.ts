// Contests (docs/decisions/0077-contests.md): the owner makes one from the Contests tab with a preview of who takes
// part, watches its standings move live as income arrives, and the agents see their place and the gap to the place
// above on their dashboards; a race shows each one's percent of the target and its winner; bad windows are refused at
// their fields (by the form, and by the server); a contest is changed as its state allows, cancelled, and a draft
// deleted; a manager has the tab. The final results and the prizes need a window that is over and its grace period
// passed: they are seen on a server of their own (support/clock-server.ts) whose organisation's day ends within 70
// minutes and whose grace period is none, its clock moved on. Axe and 375 px on both screens.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Contest, ContestList, CreateContestInput } from '../../contract/contests';
import type { RewardOption } from '../../contract/rewards';
import { CLOCK_SERVER_PORT, startClockServer, type ClockServer } from './support/clock-server-control';
import { addIncome, addIncomeAsOwner, createAgent, expectConsoleErrors, expectNoHorizontalOverflow, openDashboard, openTab, toasts, uniqueName, type TestAgent } from './support/helpers';
import { collectPageErrors, expect, expectNoAxeViolations, signInAgent, signInAs, test } from './support/fixtures';

// The browser's "today" (the form's first day, the countdowns) is the organisation's: the e2e server's is UTC.
test.use({ timezoneId: 'UTC' });

/** Contests this spec made on the shared server: cancelled or deleted after it, so that other specs never meet them. */
const made: number[] = [];

test.afterAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signInAs(request);
  const { contests } = (await (await request.get('/api/contests')).json()) as ContestList;
  for (const contest of contests.filter((one) => made.includes(one.id))) {
    if (contest.state === 'draft') expect((await request.delete(`/api/contests/${contest.id}`)).status()).toBe(204);
    else if (contest.state !== 'final' && contest.state !== 'cancelled') expect((await request.post(`/api/contests/${contest.id}/cancel`)).status()).toBe(200);
  }
  await request.dispose();
});

/** A day as the API names them, `days` from today in UTC. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The same day as a date field writes it under the demo's locale, en-US: "11/28/2026". */
const shownDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

async function makeContest(request: APIRequestContext, input: Partial<CreateContestInput> & Pick<CreateContestInput, 'participants'>): Promise<Contest> {
  const response = await request.post('/api/contests', {
    data: { name: uniqueName('Contest').name, metric: 'profit', startsAt: dayFromToday(0), endsAt: dayFromToday(6), format: 'total', ...input },
  });
  expect(response.status(), await response.text()).toBe(201);
  const contest = (await response.json()) as Contest;
  made.push(contest.id);
  return contest;
}

async function makeTeam(request: APIRequestContext, agents: TestAgent[]) {
  const response = await request.post('/api/teams', { data: { name: uniqueName('Contest team').name, agentIds: agents.map((agent) => agent.id) } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

const tab = (page: Page) => page.getByRole('tabpanel', { name: 'Contests' });
/** A contest in the tab's list, by name. */
const listed = (page: Page, name: string) => tab(page).getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
const standingsOf = (page: Page) => tab(page).getByRole('list', { name: 'Standings' });
const placeOf = (page: Page, name: string) => standingsOf(page).getByRole('listitem').filter({ hasText: name });

async function openContest(page: Page, name: string) {
  await listed(page, name).getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(tab(page).getByRole('heading', { level: 4, name })).toBeFocused();
}

/** Picks an agent in the contest dialog's picker as a person does: part of the name typed, then the match clicked. */
async function pickAgent(page: Page, agent: TestAgent) {
  const dialog = page.getByRole('dialog');
  const picker = dialog.getByRole('combobox', { name: 'Add an agent' });
  await picker.fill(agent.name.slice(0, -2));
  await dialog.getByRole('option', { name: agent.name }).click();
  await expect(dialog.getByRole('list', { name: 'Agents taking part' })).toContainText(agent.name);
}

/** The agent's dashboard in a browser context of its own. */
async function agentDashboard(browser: Browser, agent: TestAgent, options: { baseURL?: string; errors: string[] }) {
  const context = await browser.newContext({ ...(options.baseURL ? { baseURL: options.baseURL } : {}), timezoneId: 'UTC' });
  const page = await context.newPage();
  collectPageErrors(page, options.errors);
  await signInAgent(page.request, agent);
  await page.goto('/agent/dashboard');
  return { page, close: () => context.close() };
}

test.describe('contests', () => {
  test('the owner makes a contest with a preview of who takes part; its standings move live for the owner and on the agents’ dashboards', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signInAs(page);
    const first = await createAgent(page.request, 'Racer');
    const second = await createAgent(page.request, 'Racer');
    const team = await makeTeam(page.request, [first, second]);
    const activeAgents = ((await (await page.request.get('/api/owner/dashboard')).json()) as { overview: { totalAgents: number } }).overview.totalAgents;
    await openDashboard(page);
    await openTab(page, 'Contests');
    await expect(tab(page).getByRole('heading', { name: 'Contests' })).toBeVisible();

    await tab(page).getByRole('button', { name: 'New contest' }).click();
    const dialog = page.getByRole('dialog', { name: 'New contest' });
    const name = uniqueName('Sprint').name;
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Description (optional)').fill('Most profit this week wins.');
    await expect(dialog.getByLabel('First day', { exact: true })).toHaveValue(shownDay(dayFromToday(0)));
    await expect(dialog.getByLabel('Last day', { exact: true })).toHaveValue(shownDay(dayFromToday(6)));
    // Everyone at first: the preview counts every active agent.
    const preview = dialog.getByRole('region', { name: 'Preview: who takes part' });
    await expect(preview.getByRole('status')).toHaveText(`${activeAgents} active agents take part.`);
    await dialog.getByRole('radio', { name: /^Some teams/ }).check();
    await expect(preview.getByRole('status')).toHaveText('No active agent takes part yet.');
    await dialog.getByRole('checkbox', { name: new RegExp(`^${team.name}`) }).check();
    await expect(preview.getByRole('status')).toHaveText('2 active agents take part.');
    await expect(preview).toContainText([first.name, second.name].sort().join(', '));
    await dialog.getByRole('button', { name: 'Add a prize for 1st place' }).click();
    await dialog.getByLabel('1st place prize', { exact: true }).fill('A $100 gift card');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(toasts(page).filter({ hasText: `${name} is running from today.` })).toContainText('Contest published');
    await expect(dialog).toBeHidden();
    made.push(...(await contestIdsNamed(page.request, name)));

    const item = listed(page, name);
    await expect(item).toContainText('Running');
    await expect(item).toContainText(`1 team: ${team.name}`);
    await expect(item.getByRole('timer')).toHaveAccessibleName(/^Ends in/);
    await openContest(page, name);
    await expect(tab(page)).toContainText('Most profit this week wins.');
    await expect(tab(page).getByRole('timer')).toHaveAccessibleName(/^Ends in \d+ days?, \d+ hours? and \d+ minutes?$/);
    await expect(standingsOf(page).getByRole('listitem')).toHaveCount(2);
    await expect(placeOf(page, first.name)).toContainText('$0');

    // Income recorded elsewhere moves the standings on this screen (the live stream).
    await addIncomeAsOwner(page.request, first.id, '300.00');
    await expect(standingsOf(page).getByRole('listitem').first()).toContainText(first.name);
    await expect(placeOf(page, first.name)).toContainText('Leading');
    await expect(placeOf(page, first.name)).toContainText('$300');
    await expect(placeOf(page, second.name)).toContainText('$300 behind 1st');

    // The second agent sees its place and the gap to the place above, then moves up live.
    const errors: string[] = [];
    const agent = await agentDashboard(browser, second, { errors });
    const mine = agent.page.getByRole('region', { name: 'Your contests' }).getByRole('group', { name, exact: true });
    await expect(mine.getByRole('group', { name: 'You: 2nd of 2' })).toContainText('$300 behind 1st.');
    await expect(mine.getByRole('list', { name: `Top 2 of ${name}` }).getByRole('listitem').nth(1)).toContainText('You');
    await expect(mine.getByRole('timer')).toHaveAccessibleName(/^Ends in/);
    await expect(mine).toContainText('Prizes: 1st A $100 gift card');
    await addIncomeAsOwner(page.request, second.id, '500.00');
    await expect(mine.getByRole('group', { name: 'You: 1st of 2' })).toContainText('Leading by $200.');
    // Told as it happens, in the status region a screen reader announces.
    await expect(mine.getByRole('status')).toHaveText('You moved up to 1st!');
    await mine.screenshot({ path: test.info().outputPath('agent-moved-up.png') });
    await mine.getByRole('status').getByRole('button', { name: 'Dismiss' }).click();
    await expect(mine.getByRole('status')).toBeEmpty();
    await expect(standingsOf(page).getByRole('listitem').first()).toContainText(second.name);
    await expect(placeOf(page, first.name)).toContainText('$200 behind 1st');

    await expectNoAxeViolations(agent.page);
    await agent.page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(agent.page);
    await agent.page.screenshot({ path: test.info().outputPath('agent-contests-375.png'), fullPage: true });
    await agent.close();
    expect(errors).toEqual([]);

    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: test.info().outputPath('contest-detail-375.png'), fullPage: true });
    await tab(page).getByRole('button', { name: 'All contests' }).click();
    await expect(listed(page, name).getByRole('button', { name: new RegExp(`^${name}`) })).toBeFocused();
    await expectNoHorizontalOverflow(page);
  });

  test('a race shows each agent’s percent of the target, then its winner', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signInAs(page);
    const runner = await createAgent(page.request, 'Runner');
    const other = await createAgent(page.request, 'Runner');
    await openDashboard(page);
    await openTab(page, 'Contests');
    await tab(page).getByRole('button', { name: 'New contest' }).click();
    const dialog = page.getByRole('dialog', { name: 'New contest' });
    const name = uniqueName('Race').name;
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('radio', { name: /^First to a target/ }).check();
    await dialog.getByRole('radio', { name: /^Some agents/ }).check();
    await pickAgent(page, runner);
    await pickAgent(page, other);
    await expect(dialog.getByRole('region', { name: 'Preview: who takes part' }).getByRole('status')).toHaveText('2 active agents take part.');
    // No target yet: said at the field, nothing sent.
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByText('Enter the target that wins the race')).toBeVisible();
    await dialog.getByLabel('Target ($)').fill('1000');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(toasts(page).filter({ hasText: `${name} is running from today.` })).toContainText('Contest published');
    made.push(...(await contestIdsNamed(page.request, name)));
    await expect(listed(page, name)).toContainText('Race to $1,000');

    await openContest(page, name);
    await expect(standingsOf(page).getByRole('progressbar', { name: `${runner.name}: 0% of the target` })).toBeVisible();
    await addIncomeAsOwner(page.request, runner.id, '250.00');
    await expect(standingsOf(page).getByRole('progressbar', { name: `${runner.name}: 25% of the target` })).toHaveAttribute('aria-valuenow', '25');
    await expect(placeOf(page, runner.name)).toContainText('25%');

    const errors: string[] = [];
    const agent = await agentDashboard(browser, runner, { errors });
    const mine = agent.page.getByRole('region', { name: 'Your contests' }).getByRole('group', { name, exact: true });
    await expect(mine.getByRole('group', { name: 'You: 1st of 2' })).toContainText('$750 to the target.');
    await expect(mine.getByRole('group', { name: 'You: 1st of 2' }).getByRole('progressbar', { name: 'You: 25% of the target' })).toBeVisible();

    await addIncomeAsOwner(page.request, runner.id, '800.00');
    await expect(tab(page).getByRole('status').filter({ hasText: 'won the race' })).toHaveText(`${runner.name} won the race.`);
    await expect(placeOf(page, runner.name)).toContainText('Winner');
    await expect(placeOf(page, runner.name)).toContainText('105%');
    await expect(mine).toContainText('You won the race!');
    await expectNoAxeViolations(page);
    await agent.close();
    expect(errors).toEqual([]);
  });

  test('a bad window is refused at its field, by the form and by the server', async ({ page, pageErrors }) => {
    await openDashboard(page);
    await openTab(page, 'Contests');
    await tab(page).getByRole('button', { name: 'New contest' }).click();
    const dialog = page.getByRole('dialog', { name: 'New contest' });
    // Nothing filled: the name is asked for.
    await dialog.getByLabel('Name', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByText('Give the contest a name')).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill(uniqueName('Window').name);
    await dialog.getByRole('radio', { name: /^Some agents/ }).check();
    await dialog.getByLabel('First day', { exact: true }).fill(dayFromToday(5));
    await dialog.getByLabel('Last day', { exact: true }).fill(dayFromToday(2));
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByLabel('Last day', { exact: true })).toHaveAccessibleDescription('The last day must not be before the first day');
    await expect(dialog.getByText('Pick at least one agent')).toBeVisible();
    await expectNoAxeViolations(page);

    // Longer than a contest may last: the server says so under the field.
    const agent = await createAgent(page.request, 'Window');
    await pickAgent(page, agent);
    await dialog.getByLabel('Last day', { exact: true }).fill(dayFromToday(200));
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByLabel('Last day', { exact: true })).toHaveAccessibleDescription('A contest lasts at most 92 days: make a season of several contests');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // The refusal, as Chromium logs it.
    expectConsoleErrors(pageErrors, /status of 400/);
  });

  test('the owner changes a running contest as its state allows, cancels it, deletes a draft and publishes another', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAs(page);
    const agent = await createAgent(page.request, 'Cancel');
    const running = await makeContest(page.request, { participants: { kind: 'agents', ids: [agent.id] } });
    await openDashboard(page);
    await openTab(page, 'Contests');

    // Running: only its description and the TV may change; the rest is shown, fixed.
    const item = listed(page, running.name);
    await item.getByRole('button', { name: `Edit ${running.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit contest' });
    await expect(edit).toContainText('only its description and showing on the TV can change');
    await expect(edit.getByLabel('Name', { exact: true })).toBeDisabled();
    await expect(edit.getByLabel('Last day', { exact: true })).toBeDisabled();
    await edit.getByLabel('Description (optional)').fill('Extended rules: deductions count too.');
    await expectNoAxeViolations(page);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toasts(page).filter({ hasText: `${running.name} is changed.` })).toContainText('Contest saved');

    await item.getByRole('button', { name: `Cancel contest ${running.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this contest?' });
    await expect(confirm).toContainText('awards no prize');
    await confirm.getByRole('button', { name: 'Cancel contest' }).click();
    await expect(toasts(page).filter({ hasText: running.name })).toContainText('Contest cancelled');
    const cancelled = tab(page).getByRole('list', { name: 'Cancelled contests' }).getByRole('listitem').filter({ hasText: running.name });
    await expect(cancelled).toContainText('Cancelled');
    await expect(cancelled.getByRole('button', { name: `Edit ${running.name}` })).toHaveCount(0);
    await openContest(page, running.name);
    await expect(tab(page)).toContainText('Extended rules: deductions count too.');
    await expect(tab(page)).toContainText('no prize is awarded');
    await tab(page).getByRole('button', { name: 'All contests' }).click();

    // A draft: saved from the dialog, nobody sees it; deleted, it is gone.
    await tab(page).getByRole('button', { name: 'New contest' }).click();
    const dialog = page.getByRole('dialog', { name: 'New contest' });
    const draft = uniqueName('Draft').name;
    await dialog.getByLabel('Name', { exact: true }).fill(draft);
    await dialog.getByRole('radio', { name: /^Some agents/ }).check();
    await pickAgent(page, agent);
    await dialog.getByRole('button', { name: 'Save as draft' }).click();
    await expect(toasts(page).filter({ hasText: `${draft} is kept as a draft until it is published.` })).toContainText('Draft saved');
    made.push(...(await contestIdsNamed(page.request, draft)));
    await tab(page).getByRole('radio', { name: /^Draft/ }).check();
    const drafted = listed(page, draft);
    await expect(drafted).toContainText('Draft');
    await expect(drafted).toContainText('1 agent');
    await drafted.getByRole('button', { name: `Delete ${draft}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete this draft?' }).getByRole('button', { name: 'Delete draft' }).click();
    await expect(toasts(page).filter({ hasText: draft })).toContainText('Draft deleted');
    await expect(listed(page, draft)).toHaveCount(0);

    // Another draft published from its row: it runs from today.
    const ready = await makeContest(page.request, { participants: { kind: 'agents', ids: [agent.id] }, draft: true });
    await tab(page).getByRole('radio', { name: /^All/ }).check();
    await listed(page, ready.name).getByRole('button', { name: `Publish ${ready.name}` }).click();
    await expect(toasts(page).filter({ hasText: `${ready.name} is running from today.` })).toContainText('Contest published');
    await expect(tab(page).getByRole('list', { name: 'Running contests' }).getByRole('listitem').filter({ hasText: ready.name })).toContainText('Running');
  });

  test('a manager has the Contests tab', async ({ page, browser }) => {
    await signInAs(page);
    const agent = await createAgent(page.request, 'Managed');
    const contest = await makeContest(page.request, { participants: { kind: 'agents', ids: [agent.id] }, startsAt: dayFromToday(2), endsAt: dayFromToday(4) });
    const context = await browser.newContext({ timezoneId: 'UTC' });
    const manager = await context.newPage();
    const errors: string[] = [];
    collectPageErrors(manager, errors);
    await openDashboard(manager, 'manager');
    await openTab(manager, 'Contests');
    const item = listed(manager, contest.name);
    await expect(item).toContainText('Scheduled');
    await expect(item.getByRole('timer')).toHaveAccessibleName(/^Starts in/);
    await expect(tab(manager).getByRole('button', { name: 'New contest' })).toBeVisible();
    await expectNoAxeViolations(manager);
    await manager.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(manager);
    await manager.screenshot({ path: test.info().outputPath('contests-tab-375.png'), fullPage: true });
    await context.close();
    expect(errors).toEqual([]);
  });
});

async function contestIdsNamed(request: APIRequestContext, name: string): Promise<number[]> {
  const { contests } = (await (await request.get('/api/contests')).json()) as ContestList;
  return contests.filter((contest) => contest.name === name).map((contest) => contest.id);
}

/**
 * An organisation's time zone whose day ends in 10 to 70 minutes (a whole-hour offset from UTC where it is 23:00 to
 * 23:49 now, or else 22:50 to 22:59): a contest of today is over after at most seven moves of the clock server's clock.
 */
function zoneNearMidnight(now = new Date()): string {
  let offset = ((now.getUTCMinutes() < 50 ? 23 : 22) - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** Today as the API names days, in `timeZone`. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

test.describe('a final contest', () => {
  const baseURL = `http://127.0.0.1:${CLOCK_SERVER_PORT}`;
  let timeZone = 'UTC';
  let server: ClockServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Chosen as the server starts: its day ends at least 10 minutes later, time enough to start and set up.
    timeZone = zoneNearMidnight();
    // The clock server reads its settings from its environment: the time zone above, and results that freeze as soon
    // as the window is over. Put back at once, for the other specs' servers.
    const kept = { ORG_TIMEZONE: process.env.ORG_TIMEZONE, CONTEST_GRACE_HOURS: process.env.CONTEST_GRACE_HOURS };
    Object.assign(process.env, { ORG_TIMEZONE: timeZone, CONTEST_GRACE_HOURS: '0' });
    const starting = startClockServer();
    for (const [key, value] of Object.entries(kept)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    server = await starting;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('shows its frozen results with the podium, and the winner claims its prize', async ({ browser, playwright }) => {
    test.setTimeout(180_000);
    const api = await playwright.request.newContext({ baseURL });
    await signInAs(api);
    const winner = await createAgent(api, 'Winner');
    const second = await createAgent(api, 'Second');
    const [option] = (await (await api.get('/api/rewards/tier/2')).json()) as RewardOption[];
    const today = todayIn(timeZone);
    const response = await api.post('/api/contests', {
      data: {
        name: uniqueName('Final').name,
        metric: 'profit',
        startsAt: today,
        endsAt: today,
        format: 'total',
        participants: { kind: 'agents', ids: [winner.id, second.id] },
        prizes: [
          { place: 1, text: 'A gift card', rewardOptionId: option!.id },
          { place: 2, text: 'Lunch with the team' },
        ],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const contest = (await response.json()) as Contest;
    await addIncome(api, winner.id, '700.00');
    await addIncome(api, second.id, '300.00');
    const stateNow = async () => ((await (await api.get(`/api/contests/${contest.id}`)).json()) as Contest).state;
    // The organisation's day ends within 70 minutes: move the clock on until the window is over (11 minutes a step).
    for (let step = 0; step < 8 && (await stateNow()) === 'running'; step += 1) await server!.advance();
    // No grace: the notifier's next pass freezes the results.
    await expect.poll(stateNow, { timeout: 20_000 }).toBe('final');
    await api.dispose();

    const ownerContext = await browser.newContext({ baseURL, timezoneId: timeZone });
    const owner = await ownerContext.newPage();
    const errors: string[] = [];
    collectPageErrors(owner, errors);
    await openDashboard(owner);
    await openTab(owner, 'Contests');
    const item = tab(owner).getByRole('list', { name: 'Final contests' }).getByRole('listitem').filter({ hasText: contest.name });
    await expect(item).toContainText(`Won by ${winner.name} · $700`);
    await openContest(owner, contest.name);
    await expect(tab(owner).getByRole('heading', { name: /^Final results/ })).toBeVisible();
    const podium = tab(owner).getByRole('list', { name: 'Podium' });
    const onPodium = async (index: number, texts: string[]) => {
      for (const text of texts) await expect(podium.getByRole('listitem').nth(index)).toContainText(text);
    };
    await onPodium(0, ['1st place', winner.name, '$700', 'Prize: A gift card']);
    await onPodium(1, ['2nd place', second.name, '$300', 'Prize: Lunch with the team']);
    await expect(tab(owner)).toContainText('these results no longer change');
    await expect(tab(owner).getByRole('button', { name: `Cancel contest ${contest.name}` })).toHaveCount(0);
    await expectNoAxeViolations(owner);
    await owner.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(owner);
    await owner.screenshot({ path: test.info().outputPath('final-results-375.png'), fullPage: true });
    await ownerContext.close();

    // The winner's prize is a reward: claimed from the dashboard, then its claim's status shows.
    const agent = await agentDashboard(browser, winner, { baseURL, errors });
    const prizes = agent.page.getByRole('region', { name: 'Your prizes' });
    const prize = prizes.getByRole('listitem').filter({ hasText: contest.name });
    await expect(prize).toContainText(`1st place · ${contest.name}`);
    await expect(prize).toContainText(`Reward: ${option!.title}`);
    await expectNoAxeViolations(agent.page);
    await prize.getByRole('button', { name: `Claim prize for ${contest.name}` }).click();
    const claim = agent.page.getByRole('dialog', { name: 'Claim your prize' });
    await expect(claim.getByLabel('Full Name *')).toHaveValue(winner.name);
    await claim.getByLabel('Mailing Address *').fill('1 Prize Street, Winnerville');
    await expectNoAxeViolations(agent.page);
    await claim.getByRole('button', { name: 'Submit Claim' }).click();
    await expect(toasts(agent.page).filter({ hasText: option!.title })).toContainText('Prize claimed!');
    await expect(prize).toContainText('Claim: PENDING');
    await expect(prize.getByRole('button', { name: /^Claim prize/ })).toHaveCount(0);
    await agent.page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(agent.page);
    await agent.close();

    // The second place's prize is given in person: nothing to claim.
    const runnerUp = await agentDashboard(browser, second, { baseURL, errors });
    const given = runnerUp.page.getByRole('region', { name: 'Your prizes' }).getByRole('listitem').filter({ hasText: contest.name });
    await expect(given).toContainText('2nd place');
    await expect(given).toContainText('Given to you in person');
    await expect(given.getByRole('button')).toHaveCount(0);
    await runnerUp.close();
    expect(errors).toEqual([]);
  });
});
