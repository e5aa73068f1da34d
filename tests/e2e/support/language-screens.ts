// The checks of a screen in another language or the pseudo-locale (docs/product.md §12.22, tests/e2e/languages*.spec.ts):
// nothing wider than the screen, no words cut off, axe clean, a screenshot kept.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { expectNoHorizontalOverflow } from './helpers';

/** The elements that hold a screen's words. */
export const TEXT_ELEMENTS = 'h1, h2, h3, h4, p, a, button, label, legend, li, nav, summary, time, dt, dd, [role="heading"]';

export interface CutOffOptions {
  /** Only inside these (a selector: `main, [role="dialog"]`); the whole page without. */
  within?: string;
  /** The elements looked at (TEXT_ELEMENTS by default). */
  elements?: string;
  /** Leave out elements inside these (a selector): another folder's part of the screen. */
  except?: string;
}

/** The words cut off: elements whose text is wider than their box and that may not scroll, by their text. */
export function cutOffTexts(page: Page, options: CutOffOptions = {}): Promise<(string | undefined)[]> {
  const elements = options.elements ?? TEXT_ELEMENTS;
  const selector = options.within ? `:is(${options.within}) :is(${elements})` : elements;
  return page.evaluate(
    ({ selector, except }) => {
      // The bell's unread count sits over its corner on purpose ("99+" after many notifications): no words of the screen.
      const badges = [...document.querySelectorAll<HTMLElement>('[data-testid="notification-count"]')];
      for (const badge of badges) badge.style.setProperty('display', 'none');
      try {
        return [...document.querySelectorAll<HTMLElement>(selector)]
          .filter((element) => !except || !element.closest(except))
          .filter((element) => {
            const style = getComputedStyle(element);
            // Text for screen readers only (a 1 px box) is not shown at all.
            if (element.clientWidth <= 1) return false;
            return element.scrollWidth > element.clientWidth + 1 && style.overflowX !== 'auto' && style.overflowX !== 'scroll';
          })
          .map((element) => element.textContent?.trim().slice(0, 60));
      } finally {
        for (const badge of badges) badge.style.removeProperty('display');
      }
    },
    { selector, except: options.except },
  );
}

/**
 * A screen unbroken in a language: `<html lang>` is `lang` (when given), nothing scrolls sideways, no words are cut off,
 * axe finds nothing; its full-page screenshot is kept as `<name>-375.png` in the test's output.
 */
export async function expectUnbrokenScreen(page: Page, name: string, options: CutOffOptions & { lang?: string } = {}): Promise<void> {
  if (options.lang) await expect(page.locator('html')).toHaveAttribute('lang', options.lang);
  await expectNoHorizontalOverflow(page);
  expect(await cutOffTexts(page, options)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${name}-375.png`), fullPage: true });
  await expectNoAxeViolations(page);
}

/**
 * A German organisation for this page only: a signed-out page is in the organisation's language (contract/languages.ts),
 * so the page's settings (its meta element and GET /api/app-info) say de-DE; the server's settings stay as they are.
 */
export async function germanOrganisation(page: Page) {
  await page.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const isPage = request.resourceType() === 'document';
    if (!isPage && url.pathname !== '/api/app-info') return route.fallback();
    const response = await route.fetch();
    const body = await response.text();
    const german = isPage
      ? body.replace(/&quot;locale&quot;:&quot;[^&]*&quot;/, '&quot;locale&quot;:&quot;de-DE&quot;')
      : JSON.stringify({ ...JSON.parse(body), organisation: { ...JSON.parse(body).organisation, locale: 'de-DE' } });
    await route.fulfill({ response, body: german });
  });
}

/** Runs `run` with the signed-in owner or manager of `request` reading German, and gives them the organisation's again. */
export async function staffInGerman(request: APIRequestContext, run: () => Promise<void>): Promise<void> {
  const chosen = await request.patch('/api/auth/user', { data: { language: 'de' } });
  expect(chosen.status(), await chosen.text()).toBe(200);
  try {
    await run();
  } finally {
    const restored = await request.patch('/api/auth/user', { data: { language: null } });
    expect(restored.status(), await restored.text()).toBe(200);
  }
}
