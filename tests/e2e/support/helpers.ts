// The browser tests' helpers, one set for the owner and the agent specs: fresh data per test (agents, income) made
// through the API, the dashboard's tabs and lists, console errors a test causes on purpose, and layout checks.
// Signing in is in ./fixtures.ts.
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import type { CreatedIncomeEntry } from '../../../contract/income-entries';
import type { RewardOption } from '../../../contract/rewards';
import type { TierSetting } from '../../../contract/tiers';
import { expect, signInAgent, signInAs, type StaffRole } from './fixtures';

/** Signs in and opens the dashboard, waiting until its data is shown. */
export async function openDashboard(page: Page, role: StaffRole = 'owner') {
  await signInAs(page, role);
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
}

export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

/** Narrows the open tab's list (agents, leaderboard, calculator: they show a page at a time) to matching agents. */
export async function searchAgents(page: Page, text: string) {
  // English, or German for a spec whose owner reads German (settings.spec).
  await page.getByRole('main').getByLabel(/^(Find an agent|Vertriebler suchen)$/).fill(text);
  // The list is busy while the search waits for typing to pause and while it loads.
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Chooses an action in an agent card's "More actions" menu ("Edit agent", "Delete Agent"). */
export async function chooseAgentAction(card: Locator, agentName: string, action: string) {
  await card.getByRole('button', { name: `More actions for ${agentName}` }).click();
  await card.getByRole('menuitem', { name: action }).click();
}

/** The signed-in owner's view of one agent, found by name through the paged API. */
export async function agentByName(request: APIRequestContext, name: string) {
  const response = await request.get(`/api/agents?search=${encodeURIComponent(name)}`);
  expect(response.status()).toBe(200);
  const page = (await response.json()) as { agents: Array<{ id: number; name: string; totalIncome: string }> };
  return page.agents.find((agent) => agent.name === name);
}

let counter = 0;
/** A name and email no other test (or earlier run on the same server) uses. */
export function uniqueName(prefix: string) {
  counter += 1;
  // Fixed width, so that no name is the beginning of another (label lookups match substrings).
  const tag = `${Date.now().toString(36)}${counter.toString().padStart(4, '0')}`;
  return { name: `${prefix} ${tag}`, email: `${prefix.toLowerCase().replace(/\W+/g, '-')}-${tag}@e2e.test` };
}

/** An email no other test (or run against the same server) uses. */
export const uniqueEmail = (tag: string) => uniqueName(`e2e-${tag}`).email;

export interface TestAgent {
  id: number;
  name: string;
  email: string;
  password: string;
}

/** Adds an agent as the signed-in owner (POST /api/agents), optionally with a first income entry. */
export async function createAgent(request: APIRequestContext, prefix = 'Agent', income?: string): Promise<TestAgent> {
  const { name, email } = uniqueName(prefix);
  const password = 'e2e-password-1';
  const response = await request.post('/api/agents', { data: { name, position: 'Field Agent', email, password } });
  expect(response.status(), 'create agent').toBe(201);
  const agent = (await response.json()) as { id: number };
  if (income) await addIncome(request, agent.id, income);
  return { id: agent.id, name, email, password };
}

/**
 * Registers a fresh agent through the API (sign-up open, as in the e2e server) and signs it in. The request context
 * keeps the new agent's session cookie, so pass `page.request` to be signed in as it in the browser, or the separate
 * `request` fixture to stay signed out.
 */
export async function registerAgentViaApi(request: APIRequestContext, tag: string, firstName = 'Casey'): Promise<TestAgent> {
  const email = uniqueEmail(tag);
  const password = 'e2e-password-123';
  const lastName = `Tester${counter}`;
  const response = await request.post('/api/agents/register', {
    data: { email, password, firstName, lastName, position: 'Sales Agent' },
  });
  // 202 and no session, the same answer for a new and a known email: the new agent signs in like any other.
  expect(response.status(), await response.text()).toBe(202);
  const { agent } = (await signInAgent(request, { email, password })).body as { agent: { id: number; name: string } };
  return { id: agent.id, name: agent.name, email, password };
}

/** Records an income entry as the owner the request context is signed in as; answers the entry recorded. */
export async function addIncome(request: APIRequestContext, agentId: number, amount: string, description = 'E2E entry') {
  const response = await request.post('/api/income-entries', { data: { agentId, amount, description } });
  expect(response.status(), 'add income entry').toBe(201);
  return (await response.json()) as CreatedIncomeEntry;
}

/**
 * Claims the reward of a tier the agent reached, as the agent the request context is signed in as (its first reward
 * option, sent to the agent's email); answers the reward's title.
 */
export async function claimTierReward(request: APIRequestContext, agent: TestAgent, tierName: string) {
  const tiers = (await (await request.get('/api/tier-settings')).json()) as TierSetting[];
  const tier = tiers.find((t) => t.name === tierName)!;
  const [option] = (await (await request.get(`/api/rewards/tier/${tier.id}`)).json()) as RewardOption[];
  const res = await request.post('/api/agents/claim-reward', {
    data: { tierId: tier.id, rewardOptionId: option!.id, agentData: { name: agent.name, email: agent.email, address: '2 Other Road' } },
  });
  expect(res.status()).toBe(201);
  return option!.title;
}

/** A tier as the API has it now, by name. */
export async function tierByName(request: APIRequestContext, name: string): Promise<TierSetting> {
  const tiers = (await (await request.get('/api/tier-settings')).json()) as TierSetting[];
  return tiers.find((tier) => tier.name === name)!;
}

/** Signs the request context in as the demo owner, then records an income entry (for the agent specs). */
export async function addIncomeAsOwner(request: APIRequestContext, agentId: number, amount: string) {
  await signInAs(request, 'owner');
  await addIncome(request, agentId, amount);
}

/**
 * Lets a test expect console errors it causes on purpose (a mocked 500 logs "Failed to load resource");
 * call at the end of the test: the fixture checks what is left afterwards.
 */
export function allowConsoleErrors(pageErrors: string[], pattern: RegExp) {
  const kept = pageErrors.filter((error) => !pattern.test(error));
  pageErrors.splice(0, pageErrors.length, ...kept);
}

/** As allowConsoleErrors, and the error must have happened. */
export function expectConsoleErrors(pageErrors: string[], pattern: RegExp): void {
  expect(pageErrors.some((error) => pattern.test(error)), `expected a console error matching ${pattern}`).toBe(true);
  allowConsoleErrors(pageErrors, pattern);
}

export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBe(false);
}

/** The text of a file the page downloaded (a CSV export). */
export async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The element (a dialog, a list row) fits the screen's width: it neither starts nor ends off screen, nor scrolls sideways. */
export async function expectWithinViewport(page: Page, element: Locator): Promise<void> {
  const width = page.viewportSize()!.width;
  const box = (await element.boundingBox())!;
  expect(box.x, 'it starts off screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'it ends off screen').toBeLessThanOrEqual(width);
  const overflows = await element.evaluate((node) => node.scrollWidth > node.clientWidth);
  expect(overflows, 'it scrolls sideways').toBe(false);
}

/**
 * The toasts on screen. Found by Radix's attribute rather than by role: while a modal dialog is open, Radix hides
 * everything outside it (the notification region too) from the accessibility tree.
 */
export const toasts = (page: Page) => page.locator('li[data-swipe-direction]');

/** The owner's card of a reward claim, by the agent's name and the reward's title. */
export const claimCard = (page: Page, agentName: string, rewardTitle: string) =>
  page.getByRole('listitem').filter({ hasText: agentName }).filter({ has: page.getByRole('heading', { name: rewardTitle }) });

/** A tier's card on the agent's tier dashboard, by the tier's name. */
export const tierCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** The figure of one of the counts atop Reward Claims (Pending, Processed, Rejected). */
export function claimCount(page: Page, label: 'Pending' | 'Processed' | 'Rejected') {
  return page.getByRole('region', { name: 'Reward Claims' }).locator('dl').first().locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}
