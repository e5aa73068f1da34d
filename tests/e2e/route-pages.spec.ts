// The built app's per-route pages (docs/decisions/0009-performance.md): each names the scripts its screen loads, and
// "/" for a browser with an owner or manager session cookie reads the dashboard beside the session check.
import { DEMO_OWNER } from '../../contract/demo';
import { expect, signInAs, test } from './support/fixtures';

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);

test.describe('per-route pages', () => {
  test('each route preloads scripts that exist, and its screen uses them without fetching more of its own', async ({ page }) => {
    const scriptsOf = async (route: string, ready: () => Promise<void>) => {
      const scripts: string[] = [];
      // The service worker's registration is fetched after each page has loaded (docs/decisions/0092): no screen's.
      const onRequest = (request: { resourceType(): string; url(): string }) => {
        const path = new URL(request.url()).pathname;
        if (request.resourceType() === 'script' && !/\/assets\/service-worker-/.test(path)) scripts.push(path);
      };
      page.on('request', onRequest);
      await page.goto(route);
      await ready();
      page.off('request', onRequest);
      return scripts;
    };
    // What every page loads beside its screen (the entry and the notification area).
    const common = await scriptsOf('/', () => expect(page.getByRole('link', { name: 'Owner/Manager Access' })).toBeVisible());

    for (const [route, heading] of [
      ['/agents', 'Agent Portal'],
      ['/login', 'Owner/Manager Sign In'],
      ['/agent-register', 'Why register?'],
    ] as const) {
      const preloads = preloadsOf(await (await page.request.get(route)).text());
      expect(preloads.length, route).toBeGreaterThan(0);
      for (const file of preloads) expect((await page.request.get(file)).status(), `${route} ${file}`).toBe(200);

      const scripts = await scriptsOf(route, () => expect(page.getByRole('heading', { name: heading })).toBeVisible());
      // Every script the screen needed to show was named by its page (the validator comes later, when a form is used).
      expect(scripts.filter((file) => !common.includes(file) && !preloads.includes(file)), route).toEqual([]);
    }
  });

  test('the landing page is sent without preloads to a visitor with no session cookie', async ({ page }) => {
    const html = await (await page.request.get('/')).text();
    expect(preloadsOf(html)).toEqual([]);
    expect(html).not.toContain('tiertrack-session-hint');
  });

  test('a signed-in owner gets the dashboard page, whose data is read once', async ({ page }) => {
    await signInAs(page, 'owner');
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('tiertrack-session-hint');
    expect(preloadsOf(html).some((file) => file.includes('owner-dashboard-'))).toBe(true);

    const dashboardReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/owner/dashboard') dashboardReads.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByText('Demo Owner · Owner')).toBeVisible();
    await expect(page.getByText('Recent Transactions')).toBeVisible();
    expect(dashboardReads).toHaveLength(1);
  });

  test('a stale session cookie shows the landing page, and signing in afterwards opens the dashboard', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'sid', value: 'stale-session-token', url: baseURL! }]);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Owner/Manager Access' })).toBeVisible();
    await expect(page.getByText('Access Denied')).toHaveCount(0);

    await page.getByRole('link', { name: 'Owner/Manager Access' }).click();
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Recent Transactions')).toBeVisible();
    await expect(page.getByText('Access Denied')).toHaveCount(0);
  });
});
