// Helpers for the agent browser tests (tests/e2e/agent-*.spec.ts).
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_OWNER } from '../../contract/demo';
import { expect } from './support/fixtures';

export interface TestAgent {
  id: number;
  name: string;
  email: string;
  password: string;
}

let counter = 0;

/** An email no other test (or run against the same server) uses. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `e2e-${tag}-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/**
 * Registers a fresh agent through the API (sign-up open, as in the e2e server) and signs it in. The request context
 * keeps the new agent's session cookie, so pass
 * `page.request` to be signed in as it in the browser, or the separate `request` fixture to stay signed out.
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
  const login = await request.post('/api/agents/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const body = (await login.json()) as { agent: { id: number; name: string } };
  return { id: body.agent.id, name: body.agent.name, email, password };
}

/** Signs in as the demo owner on a separate request context and records income for an agent. */
export async function addIncome(request: APIRequestContext, agentId: number, amount: string): Promise<void> {
  const login = await request.post('/api/auth/login', { data: DEMO_OWNER });
  expect(login.status(), await login.text()).toBe(200);
  const entry = await request.post('/api/income-entries', { data: { agentId, amount } });
  expect(entry.status(), await entry.text()).toBe(201);
}

/**
 * The fixture fails a test on any console error but expected 401s. A test that provokes another failing response
 * on purpose (a refused second claim, a taken email) asserts that error here and takes it off the list.
 */
export function expectConsoleErrors(pageErrors: string[], pattern: RegExp): void {
  const matching = pageErrors.filter((error) => pattern.test(error));
  expect(matching.length, `expected a console error matching ${pattern}`).toBeGreaterThan(0);
  for (let i = pageErrors.length - 1; i >= 0; i--) if (pattern.test(pageErrors[i]!)) pageErrors.splice(i, 1);
}

export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBe(false);
}
