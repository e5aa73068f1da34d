// Pairing a TV (docs/decisions/0086-tv-pairing.md): a signed-out screen at /tv shows a short code; the owner enters it
// under TV Links, Pair a TV (here on a phone, 375 px); the screen goes to its board by itself. A wrong code is said under
// the field and makes nothing; a mistyped board address says "not found", not "revoked".
import type { TvLinkList } from '../../contract/tv-links';
import { expectConsoleErrors, expectNoHorizontalOverflow, expectWithinViewport, openTab, toasts, uniqueName } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

/** What a TV page logs when a board address is refused (404). */
const NOT_FOUND_NOISE = /status of 404/;

test.describe('TV pairing', () => {
  test('a TV shows a code, the owner enters it on a phone, and the TV goes to its board', async ({ page, browser, pageErrors }) => {
    test.setTimeout(90_000);
    const tvContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const tv = await tvContext.newPage();
    await tv.goto('/tv');
    await expect(tv.getByRole('heading', { level: 1, name: 'Pair this TV' })).toBeVisible();
    const codeText = tv.getByTestId('tv-pairing-code');
    await expect(codeText).toHaveText(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    const code = (await codeText.textContent())!;
    await expectNoAxeViolations(tv);

    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page);
    await page.goto('/');
    await openTab(page, 'TV Links');
    const before = ((await (await page.request.get('/api/tv-links')).json()) as TvLinkList).links.length;
    await page.getByRole('button', { name: 'Pair a TV' }).click();
    const form = page.getByRole('dialog', { name: 'Pair a TV' });
    const { name } = uniqueName('Lobby TV');
    // A wrong code first: said under the field, nothing made, the dialog keeps what was typed.
    const wrong = code.startsWith('2') ? `3${code.slice(1)}` : `2${code.slice(1)}`;
    await form.getByLabel('Code shown on the TV').fill(wrong);
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Pair TV' }).click();
    await expect(form.getByText('No TV is waiting with this code')).toBeVisible();
    await expect(form.getByLabel('Code shown on the TV')).toHaveAttribute('aria-invalid', 'true');
    expect(((await (await page.request.get('/api/tv-links')).json()) as TvLinkList).links.length).toBe(before);
    await expectNoAxeViolations(page);
    await expectWithinViewport(page, form);
    await expectNoHorizontalOverflow(page);

    // Typed as a person would: lower case, no dash.
    await form.getByLabel('Code shown on the TV').fill(code.replace('-', '').toLowerCase());
    await form.getByRole('button', { name: 'Pair TV' }).click();
    await expect(form).toBeHidden();
    await expect(toasts(page).getByText(`${name} paired`)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Active links' }).getByText(name)).toBeVisible();

    await expect(tv).toHaveURL(/\/tv\/[A-Za-z0-9_-]{32}$/, { timeout: 15_000 });
    await expect(tv.getByRole('heading', { level: 1, name: 'Top 10 · This week' })).toBeVisible();
    await expect(tv.getByRole('contentinfo')).toContainText(name);
    await tvContext.close();
    // The wrong code's refusal.
    expectConsoleErrors(pageErrors, /status of 400/);
  });

  test('a mistyped TV link says it was not found, not revoked', async ({ page, pageErrors }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/tv/${'x'.repeat(32)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'TV link not found' })).toBeVisible();
    await expect(page.getByText('Check the address for a typing mistake')).toBeVisible();
    await expect(page.getByRole('heading', { name: /revoked/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Pair this TV' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pair this TV' })).toBeVisible();
    expectConsoleErrors(pageErrors, NOT_FOUND_NOISE);
  });
});
