// Who may register (the owner's sign-up modes, invitations, approval) and the password confirmation of sensitive
// actions. These tests run against a server of their own (support/clock-server.ts): they change the sign-up mode,
// which every other test shares, and move the server's clock past the 10 minutes a password confirmation lasts.
import type { Browser, Page } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { WRONG_PASSWORD } from '../../contract/auth';
import { DEMO_OWNER } from '../../contract/demo';
import {
  AWAITING_APPROVAL,
  INVITATION_INVALID,
  INVITATION_REQUIRED,
  REGISTRATION_CLOSED,
  registrationMessages,
  type SignUpMode,
} from '../../contract/sign-up';
import { allowConsoleErrors, chooseAgentAction, createAgent, expectNoHorizontalOverflow, openTab, searchAgents, toasts, uniqueEmail } from './support/helpers';
import { CLOCK_SERVER_PORT, startClockServer, type ClockServer } from './support/clock-server-control';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

const baseURL = `http://127.0.0.1:${CLOCK_SERVER_PORT}`;
/** The server's message when a sensitive action needs the password again (server/auth/sessions.ts). */
const CONFIRM_AGAIN = 'Enter your password again to confirm this change';

let server: ClockServer;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startClockServer();
});

test.afterAll(async () => {
  await server?.stop();
});

/** Sets the sign-up mode through the API as a freshly signed-in owner (so no password confirmation is due). */
async function setSignUpMode(mode: SignUpMode) {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await signInAs(api, 'owner');
    const response = await api.put('/api/owner/sign-up', { data: { mode } });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

interface Registrant {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

function newRegistrant(tag: string): Registrant {
  const suffix = Math.random().toString(36).slice(2, 7);
  return { firstName: 'Reg', lastName: `${tag}${suffix}`, email: uniqueEmail(tag), password: 'register-pass-1' };
}

async function fillRegistration(page: Page, who: Registrant) {
  await page.getByLabel('First Name').fill(who.firstName);
  await page.getByLabel('Last Name').fill(who.lastName);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Position').fill('Sales Agent');
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm Password').fill(who.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** A page in a browser context of its own: a visitor with no cookies of the owner's. */
async function visitorPage(browser: Browser) {
  const context = await browser.newContext({ baseURL });
  return { page: await context.newPage(), close: () => context.close() };
}

async function openSignUpSettings(page: Page) {
  await page.goto('/');
  await openTab(page, 'Agents');
  await page.getByRole('button', { name: 'Sign-up settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign-up settings' });
  await expect(dialog.getByRole('group', { name: 'Who can register' })).toBeVisible();
  return dialog;
}

test('open: a new agent registers and lands signed in at the portal', async ({ page }) => {
  await setSignUpMode('open');
  const who = newRegistrant('open');
  await page.goto('/agent-register');
  await fillRegistration(page, who);
  await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
  await expect(page.getByText(registrationMessages.open)).toBeVisible();
  await expect(page).toHaveURL('/agents', { timeout: 6_000 });
  await expect(page.getByRole('heading', { name: `Welcome, ${who.firstName} ${who.lastName}` })).toBeVisible();
});

test('approval: the owner chooses it, a registration waits, the owner approves it, then the agent signs in', async ({ page, browser, pageErrors }) => {
  await setSignUpMode('open');
  await signInAs(page);
  const dialog = await openSignUpSettings(page);
  await expect(dialog.getByRole('radio', { name: 'Open', exact: true })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Open with approval' }).check();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Saved: Open with approval.' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const visitor = await visitorPage(browser);
  const who = newRegistrant('approval');
  await visitor.page.goto('/agent-register');
  await expect(visitor.page.getByText('The owner approves new accounts')).toBeVisible();
  await fillRegistration(visitor.page, who);
  await expect(visitor.page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
  await expect(visitor.page.getByText(registrationMessages.approval)).toBeVisible();
  await expect(visitor.page.getByRole('link', { name: 'Go to Agent Portal' })).toHaveCount(0);
  await expectNoAxeViolations(visitor.page);

  // Signing in is refused until the owner approves.
  await visitor.page.goto('/agents');
  await visitor.page.getByLabel('Email').fill(who.email);
  await visitor.page.getByLabel('Password').fill(who.password);
  await visitor.page.getByRole('button', { name: 'Sign In' }).click();
  await expect(visitor.page.getByRole('alert').filter({ hasText: AWAITING_APPROVAL })).toBeVisible();

  await searchAgents(page, who.lastName);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${who.firstName} ${who.lastName}` }) });
  await expect(card.getByText('Pending approval')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete Agent' })).toHaveCount(0);
  await card.getByRole('button', { name: `Approve ${who.firstName} ${who.lastName}` }).click();
  await expect(toasts(page).getByText('can sign in now')).toBeVisible();
  await expect(card.getByText('Pending approval')).toHaveCount(0);
  await card.getByRole('button', { name: `More actions for ${who.firstName} ${who.lastName}` }).click();
  await expect(card.getByRole('menuitem', { name: 'Delete Agent' })).toBeVisible();
  await page.keyboard.press('Escape');

  await visitor.page.getByRole('button', { name: 'Sign In' }).click();
  await expect(visitor.page.getByRole('heading', { name: `Welcome, ${who.firstName} ${who.lastName}` })).toBeVisible();
  await visitor.close();
  allowConsoleErrors(pageErrors, /status of 403/);
});

test('approval: Decline deletes the registration after confirming', async ({ page, pageErrors }) => {
  await setSignUpMode('approval');
  const who = newRegistrant('decline');
  const api = await playwrightRequest.newContext({ baseURL });
  const registered = await api.post('/api/agents/register', {
    data: { email: who.email, password: who.password, firstName: who.firstName, lastName: who.lastName, position: 'Sales Agent' },
  });
  expect(registered.status()).toBe(202);

  await signInAs(page);
  await page.goto('/');
  await openTab(page, 'Agents');
  await searchAgents(page, who.lastName);
  const name = `${who.firstName} ${who.lastName}`;
  await page.getByRole('button', { name: `Decline ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Decline ${name}?` });
  await confirm.getByRole('button', { name: 'Decline' }).click();
  await expect(toasts(page).getByText('Registration declined')).toBeVisible();
  await expect(page.getByText('No matching agents')).toBeVisible();
  expect((await api.post('/api/agents/login', { data: { email: who.email, password: who.password } })).status()).toBe(401);
  await api.dispose();
  allowConsoleErrors(pageErrors, /status of 401/);
});

test('invite: the owner makes a link, a new visitor registers with it and is signed in; the link works once', async ({ page, browser, pageErrors }) => {
  await setSignUpMode('invite');

  const stranger = await visitorPage(browser);
  await stranger.page.goto('/agent-register');
  await expect(stranger.page.getByRole('heading', { name: 'Invitation needed' })).toBeVisible();
  await expect(stranger.page.getByText(INVITATION_REQUIRED)).toBeVisible();
  await expect(stranger.page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
  await expect(stranger.page.getByRole('link', { name: 'Sign in to the Agent Portal' })).toBeVisible();
  await stranger.close();

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page);
  const dialog = await openSignUpSettings(page);
  await expect(dialog.getByRole('radio', { name: 'Invitation only' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create invitation link' }).click();
  const linkField = dialog.getByLabel('New invitation link');
  await expect(linkField).toHaveValue(new RegExp(`^${baseURL}/agent-register\\?invite=`));
  await expect(dialog.getByText('It is shown only now')).toBeVisible();
  const link = await linkField.inputValue();
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const invitations = dialog.getByRole('list', { name: 'Invitations' });
  await expect(invitations.getByText('Open', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  const visitor = await visitorPage(browser);
  const who = newRegistrant('invited');
  await visitor.page.goto(link);
  await fillRegistration(visitor.page, who);
  await expect(visitor.page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
  await expect(visitor.page).toHaveURL('/agents', { timeout: 6_000 });
  await expect(visitor.page.getByRole('heading', { name: `Welcome, ${who.firstName} ${who.lastName}` })).toBeVisible();

  // The same link a second time is refused, with the field's message.
  await visitor.page.goto(link);
  await fillRegistration(visitor.page, newRegistrant('again'));
  await expect(visitor.page.getByRole('alert').filter({ hasText: INVITATION_INVALID })).toBeVisible();
  await visitor.close();

  // The owner sees it used after opening the settings again (the link itself is not shown again).
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Sign-up settings' }).click();
  await expect(dialog.getByLabel('New invitation link')).toHaveCount(0);
  await expect(invitations.getByText('Used', { exact: true }).first()).toBeVisible();

  // Revoking an open link.
  await dialog.getByRole('button', { name: 'Create invitation link' }).click();
  await expect(dialog.getByLabel('New invitation link')).toBeVisible();
  const revokeButtons = dialog.getByRole('button', { name: /^Revoke/ });
  const before = await revokeButtons.count();
  await revokeButtons.first().click();
  await expect(revokeButtons).toHaveCount(before - 1);
  allowConsoleErrors(pageErrors, /status of 400/);
});

test('closed: the registration page and the auth flow say so and offer to sign in', async ({ page }) => {
  await setSignUpMode('closed');
  await page.goto('/agent-register');
  await expect(page.getByRole('heading', { name: 'Registration closed' })).toBeVisible();
  await expect(page.getByText(REGISTRATION_CLOSED)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in to the Agent Portal' })).toHaveAttribute('href', '/agents');
  await expectNoAxeViolations(page);

  await page.goto('/agent/dashboard');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(REGISTRATION_CLOSED)).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agent Sign In' })).toBeVisible();
  await setSignUpMode('open');
});

test('a delete after the password confirmation has lapsed asks for the password, then goes through', async ({ page, pageErrors }) => {
  await signInAs(page);
  const agent = await createAgent(page.request, 'Reauth');
  await page.goto('/');
  await openTab(page, 'Agents');
  await searchAgents(page, agent.name);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: agent.name }) });
  await server.advance();

  const deleteAgent = async () => {
    await chooseAgentAction(card, agent.name, 'Delete Agent');
    await page.getByRole('alertdialog', { name: `Delete ${agent.name}?` }).getByRole('button', { name: 'Delete Agent' }).click();
  };
  await deleteAgent();
  const reauth = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(reauth).toContainText(CONFIRM_AGAIN);
  const password = reauth.getByLabel('Password');
  await expect(password).toBeFocused();
  await expectNoAxeViolations(page);

  // Cancel abandons the deletion quietly.
  await reauth.getByRole('button', { name: 'Cancel' }).click();
  await expect(reauth).toBeHidden();
  await expect(card).toBeVisible();
  await expect(toasts(page).getByText(/Failed|Error/)).toHaveCount(0);

  // A wrong password is said under the field; the right one lets the deletion through.
  await deleteAgent();
  await expect(reauth).toBeVisible();
  await password.fill('not-the-password');
  await password.press('Enter');
  await expect(reauth.getByText(WRONG_PASSWORD)).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await password.fill(DEMO_OWNER.password);
  await reauth.getByRole('button', { name: 'Confirm' }).click();
  await expect(reauth).toBeHidden();
  await expect(toasts(page).getByText('Agent deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);

  // Confirmed just now: the sign-up settings save without asking again.
  const dialog = await openSignUpSettings(page);
  await dialog.getByRole('radio', { name: 'Open with approval' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(reauth).toHaveCount(0);

  // Lapsed again: saving asks too, and goes through after the password.
  await server.advance();
  await dialog.getByRole('radio', { name: 'Open', exact: true }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(reauth).toBeVisible();
  await reauth.getByLabel('Password').fill(DEMO_OWNER.password);
  await reauth.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Saved: Open.' })).toBeVisible();
  allowConsoleErrors(pageErrors, /status of (403|400)/);
});

test('the sign-up settings dialog fits a 375 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page);
  const dialog = await openSignUpSettings(page);
  await dialog.getByRole('button', { name: 'Create invitation link' }).click();
  await expect(dialog.getByLabel('New invitation link')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
});
