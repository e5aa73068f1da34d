// The browser tests' fixtures: the test (failing on page and console errors), signing in through the API with the
// sign-in helpers the integration tests use (tests/support/sign-in.ts), and the accessibility check.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_MANAGER, DEMO_OWNER } from '../../../contract/demo';
import { signIn, type Credentials, type PostJson, type SignedIn } from '../../support/sign-in';

/** Collects the page's errors and console errors into `errors` (a test's second page: pass it `pageErrors`). */
export function collectPageErrors(page: Page, errors: string[]) {
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // Session probes answer 401 when signed out, by design (docs/product.md §4.6); Chromium logs each as an error.
    const expected401 = /Failed to load resource: the server responded with a status of 401/.test(message.text());
    if (message.type() === 'error' && !expected401) errors.push(`console error: ${message.text()}`);
  });
}

/** Fails a test on any page error or console error, as a person would notice a broken page. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      collectPageErrors(page, errors);
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Sends a JSON POST through a Playwright request context, which keeps the cookies the answer sets. */
export const overRequest =
  (request: APIRequestContext): PostJson =>
  async (path, data) => {
    const res = await request.post(path, { data });
    const setCookie = res.headersArray().filter((header) => header.name.toLowerCase() === 'set-cookie');
    return { status: res.status(), setCookie: setCookie.map((header) => header.value), text: await res.text() };
  };

export type StaffRole = 'owner' | 'manager';

/**
 * Signs in as the demo owner or manager through the API. Given a page, its request context shares cookies with the
 * page (the page is signed in); given a separate request context, only that context is.
 */
export async function signInAs(target: Page | APIRequestContext, role: StaffRole = 'owner'): Promise<SignedIn> {
  const request = 'request' in target ? target.request : target;
  return signIn(overRequest(request), 'user', role === 'owner' ? DEMO_OWNER : DEMO_MANAGER);
}

/** Signs an agent in through the API on the request context (`page.request`: the page is signed in too). */
export const signInAgent = (request: APIRequestContext, agent: Credentials) => signIn(overRequest(request), 'agent', agent);

/** Zero axe violations (WCAG 2.1 AA rules) on what the page shows now. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
