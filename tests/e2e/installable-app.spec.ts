// The installable app and push notifications (docs/product.md §12.21, docs/decisions/0092). Service workers are allowed
// here only (playwright.config.ts blocks them for every other spec). Chromium's DevTools protocol says the app is
// installable (no installability errors, the manifest read); the agent turns push on in the bell's settings, a claim
// shipped reaches a push service run here (tests/support/push-service.ts) encrypted for the device, and delivered to the
// service worker through the protocol it shows a notification whose click opens the app; offline, the offline page.
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../../scripts/support/chromium-flags';
import type { NotificationPage } from '../../contract/notifications';
import type { RewardClaim } from '../../contract/rewards';
import type { OrganisationSettings } from '../../contract/settings';
import { PushService } from '../support/push-service';
import { addIncome, claimTierReward, createAgent, tierByName } from './support/helpers';
import { collectPageErrors, expect, signInAgent, signInAs, test } from './support/fixtures';

test.use({ serviceWorkers: 'allow' });

/** The service worker's registration, once it controls the page (it is registered after the page has loaded). */
async function waitForWorker(page: Page) {
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active), undefined, { timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
}

async function workerVersionId(context: BrowserContext, page: Page): Promise<{ registrationId: string; origin: string; cdp: CDPSession }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const registration = event.registrations.find((one) => one.scopeURL === `${origin}/` && !one.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  return { registrationId: await found, origin, cdp };
}

/** A browser profile on disk: Playwright's usual contexts are off the record, where Chromium neither installs nor pushes. */
const persistentContext = (baseURL: string | undefined, dir: string) =>
  chromium.launchPersistentContext(dir, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS, baseURL, serviceWorkers: 'allow' });

test('the app is installable: a manifest with icons and a service worker, no installability errors', async ({ baseURL }, testInfo) => {
  // A profile on disk: Playwright's usual contexts are off the record, which Chromium never installs from ("in-incognito").
  const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
    baseURL,
    serviceWorkers: 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
  await page.goto('/');
  await waitForWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; data: string; errors: unknown[] };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const data = JSON.parse(manifest.data) as { short_name: string; display: string; icons: { sizes: string; purpose: string }[] };
  expect(data).toMatchObject({ short_name: 'TierTrack', display: 'standalone', start_url: '/', scope: '/' });
  expect(data.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  await expect
    .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map((e) => e.errorId), {
      timeout: 15_000,
    })
    .toEqual([]);
  // The icons are real PNGs.
  const icon = await page.request.get('/icons/icon-512.png');
  expect(icon.headers()['content-type']).toBe('image/png');
  // The worker is served fresh each time (a new build is a new worker), and never caches the API.
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(await page.evaluate(async () => (await caches.keys()).length)).toBe(1);
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const cache = await caches.open(names[0]!);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
  expect(cached).toContain('/offline.html');
  expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
  } finally {
    await context.close();
  }
});

/**
 * Stands in for Chromium's push service, which this sandbox cannot reach: PushManager's subscribe and getSubscription
 * (in the page only) answer a subscription whose endpoint is the test's push service and whose keys the test made.
 * The applicationServerKey the app subscribes with is kept in localStorage for the test to read.
 */
function fakePushManager(device: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const KEPT = 'e2e-push-subscribed-with';
  const base64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const bytesOf = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  const subscription = () => ({
    endpoint: device.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: bytesOf(localStorage.getItem(KEPT) ?? '').buffer },
    getKey: (name: 'p256dh' | 'auth') => bytesOf(device.keys[name]).buffer,
    toJSON: () => ({ endpoint: device.endpoint, expirationTime: null, keys: device.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(KEPT);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function () {
    return (localStorage.getItem(KEPT) ? subscription() : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    if (!options?.userVisibleOnly || !(key instanceof Uint8Array || key instanceof ArrayBuffer)) throw new DOMException('applicationServerKey and userVisibleOnly are required', 'NotSupportedError');
    localStorage.setItem(KEPT, base64Url(new Uint8Array(key)));
    return subscription() as unknown as PushSubscription;
  };
}

test('the agent turns push on; a shipped claim reaches the push service encrypted, the worker shows it, a click opens the app', async ({ baseURL, request }, testInfo) => {
  test.setTimeout(90_000);
  const service = new PushService();
  await service.start();
  const device = service.subscribe();
  await signInAs(request);
  const owner = request;
  // Pushes wait outside working days and hours (docs/product.md §12.21): every hour of every day is working for this test.
  const before = (await (await owner.get('/api/settings')).json()) as OrganisationSettings;
  const always = await owner.patch('/api/settings', { data: { workingDays: [1, 2, 3, 4, 5, 6, 7], holidays: [], workStartMinute: 0, workEndMinute: 1440 } });
  expect(always.status(), await always.text()).toBe(200);
  const context = await persistentContext(baseURL, testInfo.outputPath('profile'));
  try {
    await context.addInitScript(fakePushManager, device.json);
    const page = context.pages()[0] ?? (await context.newPage());
    const pageErrors: string[] = [];
    collectPageErrors(page, pageErrors);

    // The agent reaches Starter and claims its reward, and the owner processes the claim, before push is on.
    const agent = await createAgent(owner, 'Push');
    await addIncome(owner, agent.id, (await tierByName(owner, 'Starter')).threshold);
    await signInAgent(page.request, agent);
    await claimTierReward(page.request, agent, 'Starter');
    const claim = ((await (await owner.get('/api/owner/reward-claims')).json()) as RewardClaim[]).find((one) => one.agentId === agent.id)!;
    expect((await owner.patch(`/api/reward-claims/${claim.id}/process`)).status()).toBe(200);
    await expect
      .poll(async () => ((await (await page.request.get('/api/notifications')).json()) as NotificationPage).notifications.map((n) => n.kind).sort(), { timeout: 15_000 })
      .toEqual(['claim_status', 'tier_reached']);
    await page.request.post('/api/agents/logout');

    // The agent signs in on the phone and turns push on in the bell's settings.
    await page.goto('/agent/dashboard');
    await page.getByLabel('Email').fill(agent.email);
    await page.getByLabel('Password').fill(agent.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${agent.name}` })).toBeVisible();
    // The bell is on the agent's dashboard.
    await page.goto('/agent/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${agent.name}!` })).toBeVisible();
    await context.grantPermissions(['notifications']);
    await waitForWorker(page);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByText('This device does not receive push notifications.')).toBeVisible();
    const saved = page.waitForResponse((answer) => answer.url().endsWith('/api/push-subscriptions') && answer.request().method() === 'POST');
    await page.getByRole('button', { name: 'Turn on push on this device' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual(device.json);
    await expect(page.getByText('This device receives push notifications (on working days, in working hours).')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn off push on this device' })).toBeVisible();
    // The browser subscribed with the app's VAPID key.
    const { publicKey } = (await (await page.request.get('/api/push-subscriptions/key')).json()) as { publicKey: string };
    expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscribed-with'))).toBe(publicKey);

    // The owner ships the claim: the push service receives the push, signed with the app's key and encrypted for the device.
    const shipped = await owner.patch(`/api/reward-claims/${claim.id}`, { data: { status: 'shipped' } });
    expect(shipped.status(), await shipped.text()).toBe(200);
    await expect.poll(() => service.receivedBy(device).length, { timeout: 20_000 }).toBe(1);
    const [received] = service.receivedBy(device);
    expect(service.refused).toEqual([]);
    expect(received!.vapid.publicKey).toBe(publicKey);
    expect(received!.payload).toMatchObject({ title: 'Your Starter reward has shipped', url: '/agents', tag: expect.stringMatching(/^tiertrack-claim_status-\d+$/) });

    // The browser would hand the decrypted push to the service worker: the DevTools protocol does, and it shows it.
    const { registrationId, origin, cdp } = await workerVersionId(context, page);
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url })),
      );
    // A delivery through the DevTools protocol can be lost while Chromium starts a stopped worker (seen once in a whole
    // run, never alone): it is sent again until the notification shows, as a push service retries. Its tag keeps one.
    await expect
      .poll(
        async () => {
          const now = await shown();
          if (now.length === 0) await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: received!.plaintext });
          return now;
        },
        { timeout: 30_000, intervals: [3_000] },
      )
      .toEqual([{ title: 'Your Starter reward has shipped', body: received!.payload.body, tag: received!.payload.tag, url: `${origin}/agents` }]);

    // A click on it (headless Chromium draws no notification: the worker's click handler is run with it) opens /agents.
    const worker = context.serviceWorkers().find((one) => one.url().endsWith('/sw.js'))!;
    await worker.evaluate(async () => {
      // The worker's global scope (the tests' TypeScript has no WebWorker library).
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      const click = new scope.NotificationEvent('notificationclick', { notification: notification! });
      let handled: Promise<unknown> = Promise.resolve();
      // A script's event has no waitUntil of its own: what the handler waits for is awaited here.
      Object.defineProperty(click, 'waitUntil', { value: (promise: Promise<unknown>) => (handled = promise) });
      scope.dispatchEvent(click);
      // Focusing a window needs a real click: its refusal is expected.
      await handled.catch(() => undefined);
    });
    await expect(page).toHaveURL(`${origin}/agents`);
    await expect.poll(shown).toEqual([]);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
    await owner.patch('/api/settings', {
      data: { workingDays: before.workingDays, holidays: before.holidays, workStartMinute: before.workStartMinute, workEndMinute: before.workEndMinute },
    });
    await service.stop();
  }
});

test('offline, a page shows the offline page; back online, the app', async ({ page, context }) => {
  await page.goto('/');
  await waitForWorker(page);
  await context.setOffline(true);
  await page.goto('/agents');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeHidden();
});
