// Helpers of the owner dashboard browser tests: fast sign-in through the API and fresh data per test.
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_MANAGER, DEMO_OWNER } from '../../contract/demo';
import { expect } from './support/fixtures';

export type StaffRole = 'owner' | 'manager';

/** Signs in through the API; page.request shares its cookies with the page. */
export async function signInAs(page: Page, role: StaffRole = 'owner') {
  const credentials = role === 'owner' ? DEMO_OWNER : DEMO_MANAGER;
  const response = await page.request.post('/api/auth/login', { data: credentials });
  expect(response.status(), `sign in as ${role}`).toBe(200);
}

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
  await page.getByRole('main').getByLabel('Find an agent').fill(text);
  // The list is busy while the search waits for typing to pause and while it loads.
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
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

export interface CreatedAgent {
  id: number;
  name: string;
  email: string;
  password: string;
}

/** Adds an agent as the signed-in owner (POST /api/agents), optionally with a first income entry. */
export async function createAgent(request: APIRequestContext, prefix = 'Agent', income?: string): Promise<CreatedAgent> {
  const { name, email } = uniqueName(prefix);
  const password = 'e2e-password-1';
  const response = await request.post('/api/agents', { data: { name, position: 'Field Agent', email, password } });
  expect(response.status(), 'create agent').toBe(201);
  const agent = (await response.json()) as { id: number };
  if (income) await addIncome(request, agent.id, income);
  return { id: agent.id, name, email, password };
}

export async function addIncome(request: APIRequestContext, agentId: number, amount: string, description = 'E2E entry') {
  const response = await request.post('/api/income-entries', { data: { agentId, amount, description } });
  expect(response.status(), 'add income entry').toBe(201);
}

/**
 * Lets a test expect console errors it causes on purpose (a mocked 500 logs "Failed to load resource");
 * call at the end of the test: the fixture checks what is left afterwards.
 */
export function allowConsoleErrors(pageErrors: string[], pattern: RegExp) {
  const kept = pageErrors.filter((error) => !pattern.test(error));
  pageErrors.splice(0, pageErrors.length, ...kept);
}

/**
 * The toasts on screen. Found by Radix's attribute rather than by role: while a modal dialog is open, Radix hides
 * everything outside it (the notification region too) from the accessibility tree.
 */
export const toasts = (page: Page) => page.locator('li[data-swipe-direction]');
