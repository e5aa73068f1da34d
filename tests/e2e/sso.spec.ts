// Company sign-in with OpenID Connect (docs/decisions/0090-company-sign-in.md), against a real OpenID provider in this
// test process (oidc-provider, tests/support/oidc-provider.ts, which finishes its login and consent at once for the
// person the test names): the owner sets it up in Settings; an agent signs in with "Sign in with Acme" on the portal
// and lands on the tier dashboard; a person of another email domain comes back to the sign-in page with the reason;
// the owner signs in with it too; with company sign-in required the portal has no password form. Axe, 1280 and 375 px.
// Company sign-in is removed after the spec: the other specs share the server and sign in with passwords.
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_OWNER } from '../../contract/demo';
import { SSO_ERRORS, ssoErrorMessage } from '../../contract/sso-text';
import type { SsoSettingsView } from '../../contract/sso';
import { startIdentityProvider, type TestIdentityProvider } from '../support/oidc-provider';
import { expectConsoleErrors, expectNoHorizontalOverflow, openTab, toasts, uniqueName } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

const LABEL = 'Acme';
const DOMAIN = 'acme.test';
// The demo owner's domain is let in too: the owner signs in with Acme in one test.
const OWNER_DOMAIN = DEMO_OWNER.email.slice(DEMO_OWNER.email.indexOf('@') + 1);

let idp: TestIdentityProvider;
let redirectUrl = '';

/** Sets company sign-in up as the signed-in owner the request context is (its session's password is fresh). */
async function configure(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const res = await request.put('/api/owner/sso', {
    data: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, label: LABEL, allowedDomains: [DOMAIN, OWNER_DOMAIN], ...overrides },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as SsoSettingsView;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signInAs(request);
  const res = await request.get('/api/owner/sso');
  expect(res.status()).toBe(200);
  // The e2e server has no PUBLIC_URL: the callback is at the address it listens on, which the browser opens too.
  redirectUrl = ((await res.json()) as SsoSettingsView).redirectUrl;
  expect(redirectUrl).toBe(`${testInfo.project.use.baseURL}/api/sso/callback`);
  idp = await startIdentityProvider(redirectUrl);
  await request.dispose();
});

test.afterAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signInAs(request);
  expect((await request.delete('/api/owner/sso')).status()).toBe(204);
  await request.dispose();
  await idp?.close();
});

const section = (page: Page) => page.getByRole('region', { name: 'Company sign-in' });

test('the owner sets up company sign-in in Settings', async ({ page, pageErrors }) => {
  test.setTimeout(60_000);
  await signInAs(page);
  // From nothing set up, as on a new install.
  expect((await page.request.delete('/api/owner/sso')).status()).toBe(204);
  await page.goto('/');
  await openTab(page, 'Settings');
  const form = section(page);
  await expect(form.getByText('Everyone signs in with their email and password.')).toBeVisible();
  await expect(form.getByLabel('Redirect URL')).toHaveValue(redirectUrl);
  await expect(form.getByLabel('Client secret')).toHaveAttribute('type', 'password');
  await expect(form.getByRole('button', { name: 'Remove company sign-in' })).toHaveCount(0);

  // Nothing filled in: the contract's rules, under their fields, the focus on the first.
  await form.getByRole('button', { name: 'Save company sign-in' }).click();
  await expect(form.getByLabel('Issuer')).toBeFocused();
  await expect(form.getByText(/^issuer must be the provider's https:\/\/ address/)).toBeVisible();
  await expect(form.getByText('Enter the client secret the provider gave this app')).toBeVisible();
  await expectNoAxeViolations(page);

  await form.getByLabel('Issuer').fill(idp.issuer);
  await form.getByLabel('Client ID').fill(idp.clientId);
  await form.getByLabel('Client secret').fill(idp.clientSecret);
  await form.getByLabel('Button label (company name)').fill(LABEL);
  await form.getByLabel('Allowed email domains').fill(`${DOMAIN},\n${OWNER_DOMAIN}`);
  await form.getByLabel('Role claim').fill('groups');
  await form.getByLabel('Manager value').fill('sales-managers');
  await expect(form).toContainText("People whose ID token’s groups contains sales-managers sign in as managers");

  // Required needs the owner's own two-factor sign-in (the demo owner has none): the server says so under the box.
  const required = form.getByRole('checkbox', { name: 'Require company sign-in (passwords stop working for everyone but you)' });
  await required.check();
  await form.getByRole('button', { name: 'Save company sign-in' }).click();
  await expect(form.getByText(/^Turn on two-factor sign-in for your own account first/)).toBeVisible();
  await expect(required).toBeFocused();
  await required.uncheck();
  // The browser logs the refused request (400); it was answered on the screen.
  expectConsoleErrors(pageErrors, /status of 400/);

  await form.getByRole('button', { name: 'Save company sign-in' }).click();
  await expect(toasts(page).getByText('Company sign-in saved')).toBeVisible({ timeout: 15_000 });
  await expect(form.getByText('The sign-in pages offer “Sign in with Acme”.')).toBeVisible();
  await expect(form.getByLabel('Client secret')).toHaveValue('');
  await expect(form.getByText(/^A secret is saved/)).toBeVisible();
  await expect(form.getByText('No changes to save.')).toBeVisible();
  await expectNoAxeViolations(page);
  await form.screenshot({ path: test.info().outputPath('company-sign-in-settings-1280.png') });

  const saved = (await (await page.request.get('/api/owner/sso')).json()) as SsoSettingsView;
  expect(saved).toMatchObject({ configured: true, issuer: idp.issuer, clientId: idp.clientId, hasSecret: true, label: LABEL, allowedDomains: [DOMAIN, OWNER_DOMAIN], roleClaim: 'groups', managerValue: 'sales-managers', required: false });

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await form.screenshot({ path: test.info().outputPath('company-sign-in-settings-375.png') });

  // Remove asks first; cancelled, nothing changes.
  await form.getByRole('button', { name: 'Remove company sign-in' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove company sign-in?' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(form.getByText('The sign-in pages offer “Sign in with Acme”.')).toBeVisible();
});

test('an agent signs in with Acme on the portal and lands on the tier dashboard', async ({ page }) => {
  await signInAs(page.request);
  await configure(page.request);
  // The agent exists (made by the owner); company sign-in finds it by its verified email.
  const { name } = uniqueName('Okafor');
  const email = `casey-${Date.now().toString(36)}@${DOMAIN}`;
  const made = await page.request.post('/api/agents', { data: { name, position: 'Field Agent', email, password: 'e2e-password-1' } });
  expect(made.status(), await made.text()).toBe(201);
  await page.request.get('/api/logout');
  await page.context().clearCookies();

  await page.goto('/agents');
  const button = page.getByRole('link', { name: 'Sign in with Acme' });
  await expect(button).toHaveAttribute('href', '/api/sso/start?audience=agent');
  // Passwords still work while company sign-in is not required: the form is under the button.
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register here' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('agent-portal-sso-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('agent-portal-sso-375.png'), fullPage: true });

  idp.signInAs({ email, email_verified: true, given_name: 'Casey', family_name: 'Okafor' });
  await button.click();
  await expect(page).toHaveURL('/agent/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${name}!` })).toBeVisible();
  const session = (await (await page.request.get('/api/agents/session')).json()) as { authenticated: boolean; agent: { email: string } };
  expect(session).toMatchObject({ authenticated: true, agent: { email } });
});

test('a person of another email domain comes back to the sign-in page with the reason; the owner signs in with Acme', async ({ page }) => {
  await signInAs(page.request);
  await configure(page.request);
  await page.request.get('/api/logout');
  await page.context().clearCookies();

  await page.goto('/login');
  const button = page.getByRole('link', { name: 'Sign in with Acme' });
  await expect(button).toHaveAttribute('href', '/api/sso/start?audience=staff&returnTo=%2F');
  await expect(page.getByRole('heading', { name: 'Owner sign-in with password' })).toHaveCount(0);

  idp.signInAs({ email: 'pat@elsewhere.example', email_verified: true, name: 'Pat Elsewhere' });
  await button.click();
  await expect(page).toHaveURL('/login?ssoError=domain_not_allowed');
  await expect(page.getByRole('alert')).toHaveText(SSO_ERRORS.domain_not_allowed);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('login-sso-error-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('login-sso-error-375.png'), fullPage: true });

  // The same on the portal: an agent's failure comes back to /agents. (The provider keeps a session in its cookies,
  // on the same host as the app's: each person signs in from a browser without them, as from a browser of their own.)
  await page.context().clearCookies();
  idp.signInAs({ email: 'sam@elsewhere.example', email_verified: true });
  await page.goto('/agents');
  await page.getByRole('link', { name: 'Sign in with Acme' }).click();
  await expect(page).toHaveURL('/agents?ssoError=domain_not_allowed');
  await expect(page.getByRole('alert')).toHaveText(ssoErrorMessage('domain_not_allowed', LABEL));

  // The owner: back to the dashboard ("/"), signed in.
  await page.context().clearCookies();
  idp.signInAs({ email: DEMO_OWNER.email, email_verified: true, name: 'Demo Owner' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Acme' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  expect(((await (await page.request.get('/api/auth/user')).json()) as { email: string }).email).toBe(DEMO_OWNER.email);
});

test('while company sign-in is required, the portal offers only Acme and the sign-in page keeps the owner’s password', async ({ page }) => {
  // Turning it on needs the owner's two-factor sign-in, which the shared demo owner does not have: the status the
  // pages read is answered here as the server answers it then.
  await page.route('**/api/sso', (route) => route.fulfill({ json: { enabled: true, label: LABEL, required: true } }));

  await page.goto('/agents');
  await expect(page.getByRole('link', { name: 'Sign in with Acme' })).toBeVisible();
  await expect(page.getByText('Your organisation signs in with Acme: use "Sign in with Acme" instead of a password.')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Register here' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Register', exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('agent-portal-required-1280.png'), fullPage: true });

  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Sign in with Acme' })).toBeVisible();
  const ownerForm = page.getByRole('region', { name: 'Owner sign-in with password' });
  await expect(ownerForm.getByLabel('Password')).toBeVisible();
  await expect(ownerForm.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: test.info().outputPath('login-required-375.png'), fullPage: true });
});
