// Notifications (docs/product.md §12.13): the bell of the agent's tier dashboard and of the owner dashboard. The owner
// records entries and moves claims through the API, in a context of its own, while the screens under test stay open:
// the bell's count follows the live stream without a reload. The agent marks them read and switches off a kind.
import type { APIRequestContext, Page } from '@playwright/test';
import type { NotificationPage, NotificationPreferences } from '../../contract/notifications';
import type { RewardClaim } from '../../contract/rewards';
import { addIncome, claimTierReward, createAgent, expectNoHorizontalOverflow, expectWithinViewport, tierCard } from './support/helpers';
import { collectPageErrors, expect, expectNoAxeViolations, signInAgent, signInAs, test } from './support/fixtures';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
const badge = (page: Page) => bell(page).getByTestId('notification-count');
const popover = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const notification = (page: Page, title: string) => popover(page).getByRole('listitem').filter({ hasText: title });
/** Holds the bell popover's code back, as on a slow connection, until the returned function is called. */
async function holdPopoverCode(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/notification-popover-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}
const liveStatus = (page: Page) => page.getByRole('status', { name: 'Live updates' });

/**
 * A notification is made from its event by the server's notifier (a pass at least every 2 s) and then announced on
 * the stream: longer than the default wait.
 */
const NOTIFIED_MS = 10_000;

async function openBell(page: Page) {
  await bell(page).click();
  await expect(popover(page)).toBeVisible();
}

/** The owner moves the agent's claim of a tier to `status` (processed through Mark Filled, as the dashboard does). */
async function moveClaim(owner: APIRequestContext, agentId: number, tierName: string, status: 'processed' | 'shipped') {
  const claims = (await (await owner.get('/api/owner/reward-claims')).json()) as RewardClaim[];
  const claim = claims.find((c) => c.agentId === agentId && c.tierName === tierName)!;
  const res =
    status === 'processed'
      ? await owner.patch(`/api/reward-claims/${claim.id}/process`)
      : await owner.patch(`/api/reward-claims/${claim.id}`, { data: { status } });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('notifications', () => {
  test('the agent hears of its tier and its claim live, marks them read and switches tiers off; the owner hears of the claim', async ({
    page,
    browser,
    request,
    pageErrors,
  }) => {
    // Two browsers, four notifications each made by the notifier, accessibility and phone checks.
    test.setTimeout(90_000);
    await signInAs(request);
    const owner = request;
    const agent = await createAgent(owner, 'Bell');

    await signInAgent(page.request, agent);
    await page.goto('/agent/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${agent.name}!` })).toBeVisible();
    await expect(liveStatus(page)).toHaveText('Live');
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(badge(page)).toHaveCount(0);
    await openBell(page);
    await expect(popover(page)).toContainText('Nothing new yet.');
    await page.keyboard.press('Escape');
    await expect(popover(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();

    // $6,000 takes the agent past Starter ($5,000): the bell counts it without a reload.
    await addIncome(owner, agent.id, '6000.00');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: NOTIFIED_MS });
    await expect(badge(page)).toHaveText('1');
    await openBell(page);
    const starter = notification(page, 'You reached Starter!');
    await expect(starter).toContainText('Your total reached the Starter tier.');
    // Unread: marked for screen readers too, and a button that marks it read.
    await expect(starter.getByRole('button')).toHaveAccessibleName(/^Unread: You reached Starter!/);
    await expectNoAxeViolations(page);
    await popover(page).getByRole('button', { name: 'Mark all read' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(badge(page)).toHaveCount(0);
    await expect(starter.getByRole('button')).toHaveCount(0);
    await expect(popover(page)).toContainText('All read');
    await expect(popover(page).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(popover(page)).toBeHidden();

    // The owner's dashboard, open in a browser of its own (its errors fail the test too), hears of the claim.
    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    collectPageErrors(ownerPage, pageErrors);
    await signInAs(ownerPage);
    await ownerPage.goto('/');
    await expect(ownerPage.getByRole('tab', { name: 'Overview' })).toBeVisible();
    await expect(liveStatus(ownerPage)).toHaveText('Live');
    await openBell(ownerPage);
    const rewardTitle = await claimTierReward(page.request, agent, 'Starter');
    // The open list follows the stream too (the demo owner hears of other tests' agents: its count is not known).
    const claimed = notification(ownerPage, `${agent.name} claimed the Starter reward`);
    await expect(claimed).toContainText(`“${rewardTitle}” is waiting in Reward Claims.`, { timeout: NOTIFIED_MS });
    await expect(claimed.getByRole('button')).toHaveAccessibleName(/^Unread: /);
    await expectNoAxeViolations(ownerPage);
    await ownerPage.setViewportSize({ width: 375, height: 800 });
    await expectWithinViewport(ownerPage, popover(ownerPage));
    await expectNoHorizontalOverflow(ownerPage);
    await ownerContext.close();

    // The owner fills the claim: the agent hears that it is being processed, and reads it with a click.
    await moveClaim(owner, agent.id, 'Starter', 'processed');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: NOTIFIED_MS });
    await openBell(page);
    const processed = notification(page, 'Your Starter reward is being processed');
    await expect(processed).toContainText(`Your claim of “${rewardTitle}” is being processed.`);
    await processed.getByRole('button').click();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(processed.getByRole('button')).toHaveCount(0);
    // The clicked button is gone: its notification keeps the focus inside the popover.
    await expect(processed).toBeFocused();

    // Settings: one group per kind the agent can receive; tiers reached are switched off in the app.
    await popover(page).getByRole('button', { name: 'Settings' }).click();
    await expect(popover(page).getByRole('heading', { name: 'Notification settings' })).toBeFocused();
    await expect(popover(page).getByRole('group')).toHaveCount(7);
    await expect(popover(page).getByRole('group', { name: 'A contest I take part in begins' })).toBeVisible();
    await expect(popover(page).getByRole('group', { name: 'I earn a badge' })).toBeVisible();
    await expect(popover(page).getByRole('group', { name: 'A goal of mine (or my team’s) reaches 50%, 90% or 100%' })).toBeVisible();
    await expect(popover(page).getByRole('group', { name: 'A goal falls behind pace (at most weekly)' })).toBeVisible();
    const tiers = popover(page).getByRole('group', { name: 'I reach a tier' });
    await expect(tiers.getByRole('checkbox', { name: 'Email', exact: true })).toBeVisible();
    await expect(popover(page).getByRole('group', { name: 'One of my reward claims changes status' }).getByRole('checkbox', { name: 'In the app' })).toBeChecked();
    await expectNoAxeViolations(page);
    const readPreferences = async () => ((await (await page.request.get('/api/notification-preferences')).json()) as NotificationPreferences).preferences;
    // Every other choice (email's, whatever its default) is sent back as it was.
    const expected = (await readPreferences()).map((p) => (p.kind === 'tier_reached' ? { ...p, inApp: false } : p));
    await tiers.getByRole('checkbox', { name: 'In the app' }).uncheck();
    const saved = page.waitForRequest((r) => r.url().endsWith('/api/notification-preferences') && r.method() === 'PUT');
    await popover(page).getByRole('button', { name: 'Save' }).click();
    expect((await saved).postDataJSON()).toEqual({ preferences: expected });
    await expect(popover(page).getByRole('status')).toHaveText('Saved.');
    await expect(popover(page).getByRole('button', { name: 'Save' })).toBeFocused();
    expect(await readPreferences()).toEqual(expected);
    await popover(page).getByRole('button', { name: 'Back' }).click();
    await expect(popover(page).getByRole('button', { name: 'Settings' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popover(page)).toBeHidden();

    // $5,000 more takes the agent past Bronze ($10,000): no notification. The owner then ships the claim, whose event
    // comes after the tier's (the notifier takes events in order): once its notification is there, the tier's pass
    // is done, with no guess at how long to wait.
    await addIncome(owner, agent.id, '5000.00');
    await expect(tierCard(page, 'Bronze')).toContainText('READY TO CLAIM');
    await moveClaim(owner, agent.id, 'Starter', 'shipped');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: NOTIFIED_MS });
    const list = (await (await page.request.get('/api/notifications')).json()) as NotificationPage;
    expect(list.unreadCount).toBe(1);
    expect(list.notifications.map((n) => n.title)).toEqual([
      'Your Starter reward has shipped',
      'Your Starter reward is being processed',
      'You reached Starter!',
    ]);

    // A phone: the popover fits the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await openBell(page);
    await expect(notification(page, 'Your Starter reward has shipped')).toBeVisible();
    await expectWithinViewport(page, popover(page));
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });
  test('the bell stands in as a plain button until its popover arrives, and the focus stays on the bell when it is replaced', async ({ page }) => {
    await signInAs(page);
    const release = await holdPopoverCode(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    // The stand-in: the same name, no popover yet.
    await expect(bell(page)).not.toHaveAttribute('aria-haspopup', 'dialog');
    await bell(page).focus();
    release();
    // The popover's own button replaced it, and has the focus.
    await expect(bell(page)).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(bell(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(popover(page)).toBeVisible();
  });

  test('a click on the stand-in bell opens the popover once its code arrives', async ({ page }) => {
    await signInAs(page);
    const release = await holdPopoverCode(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await bell(page).click();
    await expect(popover(page)).toHaveCount(0);
    release();
    await expect(popover(page)).toBeVisible();
  });
});
