import type { APIRequestContext, Page } from '@playwright/test';
import type { Contest, ContestList } from '../../contract/contests';
import type { Goal } from '../../contract/goals';
import { pseudoText } from '../../web/src/lib/i18n/pseudo';
import { createAgent, type TestAgent } from './support/helpers';
import { expect, signInAgent, signInAs, test } from './support/fixtures';
import { expectUnbrokenScreen } from './support/language-screens';

// docs/product.md §12.22: the contests and goals (features/contests, features/goals) in German and in the pseudo-locale
// (English accented, ~40% longer, in brackets) at 375 px: the owner's Contests tab (its list, a contest opened, the
// "New contest" dialog) and Goals tab (its list, "Set goal", "Goals for a team", "Change target"), and the agent
// dashboard's goals and contests sections. Nothing wider than the screen, nothing of them cut off, axe clean,
// screenshots kept. The dashboard around them (tabs, header) belongs to other folders: tabs are found by their English
// or translated names.

// The browser's "today" (the form's first day, the countdowns) is the organisation's: the e2e server's is UTC.
test.use({ timezoneId: 'UTC', viewport: { width: 375, height: 800 } });

/** Contests and goals this spec made on the shared server: cancelled or removed after it, so that other specs never meet them. */
const contestsMade: number[] = [];
const goalsMade: number[] = [];

test.afterAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signInAs(request);
  expect((await request.patch('/api/auth/user', { data: { language: null } })).status()).toBe(200);
  for (const id of goalsMade) expect([204, 404]).toContain((await request.delete(`/api/goals/${id}`)).status());
  const { contests } = (await (await request.get('/api/contests')).json()) as ContestList;
  for (const contest of contests.filter((one) => contestsMade.includes(one.id))) {
    if (contest.state === 'draft') expect((await request.delete(`/api/contests/${contest.id}`)).status()).toBe(204);
    else if (contest.state !== 'final' && contest.state !== 'cancelled') expect((await request.post(`/api/contests/${contest.id}/cancel`)).status()).toBe(200);
  }
  await request.dispose();
});

/** A day as the API names them, `days` from today in UTC. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * An agent with $250 of profit today, a monthly profit goal of $1,000 and a running contest of its own with a prize
 * for 1st place, made by the owner `request` is signed in as.
 */
async function agentWithGoalAndContest(request: APIRequestContext, tag: string): Promise<{ agent: TestAgent; contest: Contest }> {
  await signInAs(request);
  const agent = await createAgent(request, tag, '250.00');
  const goal = await request.post('/api/goals', { data: { agentId: agent.id, metric: 'profit', period: 'month', target: '1000' } });
  expect(goal.status(), await goal.text()).toBe(201);
  goalsMade.push(((await goal.json()) as Goal).id);
  const made = await request.post('/api/contests', {
    data: {
      name: `${tag} sprint ${agent.id}`,
      description: 'Most profit this week wins.',
      metric: 'profit',
      startsAt: dayFromToday(0),
      endsAt: dayFromToday(6),
      format: 'total',
      participants: { kind: 'agents', ids: [agent.id] },
      prizes: [{ place: 1, text: 'Gift card' }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const contest = (await made.json()) as Contest;
  contestsMade.push(contest.id);
  return { agent, contest };
}

const escape = (text: string) => text.replace(/[[\]().*+?^$|\\]/g, '\\$&');
/** A pseudo-locale message as a whole: "[Ñééŵ çööñţééšţ]". */
const pseudo = (text: string) => `[${pseudoText(text)}]`;
/** A tab of the owner's dashboard by its English or translated name (the tabs are another folder's). */
const tab = (page: Page, ...names: string[]) => page.getByRole('tab', { name: new RegExp(`^\\[?(${names.map(escape).join('|')})\\]?$`) });

/** The tab panel and the dialogs: this folder's parts of the owner's dashboard. */
const expectOwnerScreen = (page: Page, name: string, lang: string) => expectUnbrokenScreen(page, name, { lang, within: '[role="tabpanel"], [role="dialog"], [role="alertdialog"]' });
/** The goals and contests sections of the agent's dashboard; each kept alone too, readable at its size. */
async function expectAgentScreen(page: Page, name: string, lang: string) {
  const sections = ['my-goals-heading', 'my-contests-heading'].map((id) => `[aria-labelledby="${id}"]`);
  await expectUnbrokenScreen(page, name, { lang, within: sections.join(', ') });
  for (const [index, section] of sections.entries()) await page.locator(section).screenshot({ path: test.info().outputPath(`${name}-part${index + 1}-375.png`) });
}

/** Words of the owner's screens, in the language tested. */
interface OwnerWords {
  lang: string;
  contestsTab: string;
  contests: string;
  running: string;
  itemFacts: string;
  endsIn: RegExp;
  open: (name: string) => RegExp;
  liveStandings: RegExp;
  standings: string;
  leading: string;
  whoTakesPart: string;
  allContests: string;
  newContest: string;
  firstDay: string;
  preview: string;
  someTeams: RegExp;
  addFirstPrize: string;
  firstPrize: string;
  publish: string;
  giveName: string;
  cancel: string;
  goalsTab: string;
  goals: string;
  goalLine: string;
  progress: RegExp;
  expected: string;
  setGoal: string;
  selectAgent: string;
  enterTarget: string;
  targetMoney: string;
  teamGoals: string;
  chooseTeam: string;
  changeTarget: (agent: string) => string;
  changeTargetTitle: string;
  target: string;
}

async function checkOwnerScreens(page: Page, contest: Contest, agent: TestAgent, words: OwnerWords, suffix: string) {
  await tab(page, 'Contests', words.contestsTab).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: words.contests, exact: true })).toBeVisible();
  const item = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: contest.name }) });
  await expect(item).toContainText(words.running);
  await expect(item).toContainText(words.itemFacts);
  await expect(item.getByRole('timer')).toHaveAccessibleName(words.endsIn);
  await expectOwnerScreen(page, `contests-tab-${suffix}`, words.lang);

  // A contest opened: its live standings and what it is.
  await item.getByRole('button', { name: words.open(contest.name) }).click();
  await expect(panel.getByRole('heading', { level: 4, name: contest.name })).toBeFocused();
  await expect(panel.getByRole('heading', { level: 5, name: words.liveStandings })).toBeVisible();
  await expect(panel.getByRole('list', { name: words.standings, exact: true }).getByRole('listitem').first()).toContainText(words.leading);
  await expect(panel.getByText(words.whoTakesPart, { exact: true })).toBeVisible();
  await expectOwnerScreen(page, `contest-detail-${suffix}`, words.lang);
  await panel.getByRole('button', { name: words.allContests }).click();

  // The "New contest" dialog, with a prize for 1st place and the name left out.
  await panel.getByRole('button', { name: words.newContest }).click();
  const dialog = page.getByRole('dialog', { name: words.newContest });
  await expect(dialog.getByLabel(words.firstDay, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('region', { name: words.preview })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: words.someTeams })).toBeVisible();
  await dialog.getByRole('button', { name: words.addFirstPrize }).click();
  await expect(dialog.getByLabel(words.firstPrize, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: words.publish, exact: true }).click();
  await expect(dialog.getByText(words.giveName)).toBeVisible();
  await expectOwnerScreen(page, `contest-new-${suffix}`, words.lang);
  await dialog.getByRole('button', { name: words.cancel, exact: true }).click();
  await expect(dialog).toBeHidden();

  // The Goals tab: the agent's goal with its progress.
  await tab(page, 'Goals', words.goalsTab).click();
  await expect(panel.getByRole('heading', { name: words.goals, exact: true })).toBeVisible();
  const goal = panel.getByRole('list', { name: words.goals, exact: true }).getByRole('listitem').filter({ hasText: agent.name });
  await expect(goal).toContainText(words.goalLine);
  await expect(goal).toContainText(words.progress);
  await expect(goal).toContainText(words.expected);
  await expectOwnerScreen(page, `goals-tab-${suffix}`, words.lang);

  // "Set goal", sent empty: both mistakes said at their fields.
  await panel.getByRole('button', { name: words.setGoal, exact: true }).click();
  const setGoal = page.getByRole('dialog', { name: words.setGoal });
  await setGoal.getByRole('button', { name: words.setGoal, exact: true }).click();
  await expect(setGoal.getByText(words.selectAgent)).toBeVisible();
  await expect(setGoal.getByText(words.enterTarget)).toBeVisible();
  await expect(setGoal.getByLabel(words.targetMoney, { exact: true })).toBeVisible();
  await expectOwnerScreen(page, `goal-set-${suffix}`, words.lang);
  await setGoal.getByRole('button', { name: words.cancel, exact: true }).click();
  await expect(setGoal).toBeHidden();

  await panel.getByRole('button', { name: words.teamGoals }).click();
  const teamGoals = page.getByRole('dialog', { name: words.teamGoals });
  await expect(teamGoals.getByRole('combobox').first().getByRole('option', { name: words.chooseTeam })).toBeAttached();
  await expectOwnerScreen(page, `goal-team-${suffix}`, words.lang);
  await teamGoals.getByRole('button', { name: words.cancel, exact: true }).click();
  await expect(teamGoals).toBeHidden();

  await goal.getByRole('button', { name: words.changeTarget(agent.name) }).click();
  const change = page.getByRole('dialog', { name: words.changeTargetTitle });
  await expect(change.getByLabel(words.target, { exact: true })).toHaveValue(/^1000(\.00)?$/);
  await expectOwnerScreen(page, `goal-change-${suffix}`, words.lang);
  await change.getByRole('button', { name: words.cancel, exact: true }).click();
  await expect(change).toBeHidden();
}

test.describe('contests and goals in other languages', () => {
  test("the owner's contests and goals tabs in German at 375 px", async ({ page, request }) => {
    test.setTimeout(120_000);
    const { agent, contest } = await agentWithGoalAndContest(request, 'Sprache');
    await signInAs(page);
    const chosen = await page.request.patch('/api/auth/user', { data: { language: 'de' } });
    expect(chosen.status(), await chosen.text()).toBe(200);
    try {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await checkOwnerScreens(
        page,
        contest,
        agent,
        {
          lang: 'de',
          contestsTab: 'Wettbewerbe',
          contests: 'Wettbewerbe',
          running: 'Läuft',
          itemFacts: '1 Vertriebler · 1 Preis',
          endsIn: /^Endet in \d+ Tagen?, \d+ Stunden? und \d+ Minuten?$/,
          open: (name) => new RegExp(`^${escape(name)}\\s?: Platzierungen öffnen$`),
          liveStandings: /^Aktueller Stand/,
          standings: 'Platzierungen',
          leading: 'In Führung',
          whoTakesPart: 'Wer teilnimmt',
          allContests: 'Alle Wettbewerbe',
          newContest: 'Neuer Wettbewerb',
          firstDay: 'Erster Tag',
          preview: 'Vorschau: Wer nimmt teil',
          someTeams: /^Einige Teams/,
          addFirstPrize: 'Preis für den 1. Platz hinzufügen',
          firstPrize: 'Preis für den 1. Platz',
          publish: 'Veröffentlichen',
          giveName: 'Geben Sie dem Wettbewerb einen Namen',
          cancel: 'Abbrechen',
          goalsTab: 'Ziele',
          goals: 'Ziele',
          goalLine: 'Profit · Monatlich',
          // Money in German, the organisation's currency (de-US: "1.000 $", with a no-break space).
          progress: /250\s\$ von 1\.000\s\$ \(25\s%\)/,
          expected: 'Bis jetzt erwartet:',
          setGoal: 'Ziel setzen',
          selectAgent: 'Bitte wählen Sie einen Vertriebler',
          enterTarget: 'Geben Sie einen Zielwert ein',
          targetMoney: 'Zielwert ($)',
          teamGoals: 'Ziele für ein Team',
          chooseTeam: 'Team wählen',
          changeTarget: (name) => `Zielwert für Profit von ${name} ändern`,
          changeTargetTitle: 'Zielwert ändern',
          target: 'Zielwert',
        },
        'de',
      );
    } finally {
      const restored = await page.request.patch('/api/auth/user', { data: { language: null } });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });

  test("the owner's contests and goals tabs hold the pseudo-locale at 375 px", async ({ page, request }) => {
    test.setTimeout(120_000);
    const { agent, contest } = await agentWithGoalAndContest(request, 'Pseudo');
    await signInAs(page);
    await page.goto('/?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await checkOwnerScreens(
      page,
      contest,
      agent,
      {
        lang: 'en-XA',
        contestsTab: pseudoText('Contests'),
        contests: pseudo('Contests'),
        running: pseudo('Running'),
        // A placeholder's own words are in their own brackets: "[[1 åå…] · [1 þŕîîžéé]]".
        itemFacts: pseudoText('prize'),
        // The label and the time are messages of their own inside the timer's: "[[Éñðš îîñ] [6 ðååýš, …]]".
        endsIn: new RegExp(`^${escape(`[${pseudo('Ends in')} [`)}\\d+ ${escape(pseudoText('day'))}`),
        open: (name) => new RegExp(`^${escape(name)}\\s?${escape(pseudo(': open its standings'))}$`),
        liveStandings: new RegExp(`^${escape(pseudo('Live standings'))}`),
        standings: pseudo('Standings'),
        leading: pseudo('Leading'),
        whoTakesPart: pseudo('Who takes part'),
        allContests: pseudo('All contests'),
        newContest: pseudo('New contest'),
        firstDay: pseudo('First day'),
        preview: pseudo('Preview: who takes part'),
        someTeams: new RegExp(`^${escape(pseudo('Some teams'))}`),
        addFirstPrize: `[${pseudoText('Add a prize for ')}[1${pseudoText('st')}]${pseudoText(' place')}]`,
        firstPrize: `[[1${pseudoText('st')}]${pseudoText(' place prize')}]`,
        publish: pseudo('Publish'),
        giveName: pseudo('Give the contest a name'),
        cancel: pseudo('Cancel'),
        goalsTab: pseudoText('Goals'),
        goals: pseudo('Goals'),
        goalLine: pseudoText('Monthly'),
        progress: /\$250 .*\$1,000 \(25%\)/,
        expected: pseudoText('Expected by now: '),
        setGoal: pseudo('Set goal'),
        selectAgent: pseudo('Please select an agent'),
        enterTarget: pseudo('Enter a target'),
        targetMoney: `[${pseudoText('Target (')}$)]`,
        teamGoals: pseudo('Goals for a team'),
        chooseTeam: pseudo('Choose a team'),
        changeTarget: (name) => `[${pseudoText('Change the target of ')}${name}${pseudoText('’s ')}Profit${pseudoText(' goal')}]`,
        changeTargetTitle: pseudo('Change target'),
        target: pseudo('Target'),
      },
      'pseudo',
    );
  });

  test("the agent dashboard's goals and contests in German at 375 px", async ({ page, request }) => {
    const { agent, contest } = await agentWithGoalAndContest(request, 'Vertrieb');
    await signInAgent(page.request, agent);
    expect((await page.request.patch('/api/agents/me', { data: { language: 'de' } })).status()).toBe(200);
    await page.goto('/agent/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    const goals = page.getByRole('region', { name: 'Ihre Ziele' });
    const own = goals.getByRole('list', { name: 'Ihre eigenen Ziele' }).getByRole('listitem');
    await expect(own).toContainText('Profit · Monatlich');
    await expect(own).toContainText(/250\s\$ von 1\.000\s\$ \(25\s%\)/);
    await expect(own.getByRole('progressbar', { name: 'Profit: 25 % des Zielwerts' })).toBeVisible();
    await expect(own).toContainText(/(pro Werktag für (den|die) \d+ verbleibenden Werktage?|Kein Werktag mehr in diesem Zeitraum)/);

    const mine = page.getByRole('region', { name: 'Ihre Wettbewerbe' }).getByRole('group', { name: contest.name, exact: true });
    await expect(mine).toContainText('Läuft');
    await expect(mine.getByRole('group', { name: 'Sie: 1. von 1' })).toContainText('In Führung.');
    await expect(mine.getByRole('timer')).toHaveAccessibleName(/^Endet in \d+ Tagen?, /);
    await expect(mine.getByRole('list', { name: `Top 1 von ${contest.name}` }).getByRole('listitem')).toContainText('Sie');
    await expect(mine).toContainText('Preise: 1. Gift card');
    await expectAgentScreen(page, 'agent-goals-contests-de', 'de');
  });

  test("the agent dashboard's goals and contests hold the pseudo-locale at 375 px", async ({ page, request }) => {
    const { agent, contest } = await agentWithGoalAndContest(request, 'Pseudoagent');
    await signInAgent(page.request, agent);
    await page.goto('/agent/dashboard?lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');

    const goals = page.getByRole('region', { name: pseudo('Your goals') });
    const own = goals.getByRole('list', { name: pseudo('Your own goals') }).getByRole('listitem');
    await expect(own).toContainText(pseudoText('Monthly'));
    await expect(own.getByRole('progressbar', { name: `[Profit${pseudoText(': ')}25${pseudoText('% of the target')}]` })).toBeVisible();

    const mine = page.getByRole('region', { name: pseudo('Your contests') }).getByRole('group', { name: contest.name, exact: true });
    await expect(mine).toContainText(pseudo('Running'));
    await expect(mine.getByRole('group', { name: `[${pseudoText('You')}: [1${pseudoText('st')}]${pseudoText(' of ')}1]` })).toContainText(pseudo('Leading.'));
    await expect(mine.getByRole('timer')).toHaveAccessibleName(new RegExp(`^${escape(`[${pseudo('Ends in')} [`)}\\d+ `));
    await expect(mine).toContainText(pseudo('Prizes:'));
    await expectAgentScreen(page, 'agent-goals-contests-pseudo', 'en-XA');
  });
});
