// The working calendar (docs/decisions/0073-goal-pacing.md) under Settings: the owner ticks the days the team works and
// lists its holidays; Save sends only what changed; the last working day cannot go unticked without a word; a refused
// save shows the server's message at its field; managers have no Settings; axe, 1280 and 375 px. Each test starts from
// the defaults (Monday to Friday, no holidays); afterAll puts back the calendar the server had before this file, as
// goals elsewhere count by it.
import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import type { OrganisationSettings } from '../../contract/settings';
import { expectConsoleErrors, expectNoHorizontalOverflow, expectWithinViewport, openDashboard, openTab, toasts } from './support/helpers';
import { expect, expectNoAxeViolations, signInAs, test } from './support/fixtures';

const DEFAULT_CALENDAR = { workingDays: [1, 2, 3, 4, 5], holidays: [] as string[] };
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const NO_WORKING_DAY = 'At least one working day is needed: tick the days the team works.';

let before: Pick<OrganisationSettings, 'workingDays' | 'holidays'> | undefined;

async function readSettings(request: APIRequestContext): Promise<OrganisationSettings> {
  const response = await request.get('/api/settings');
  expect(response.status()).toBe(200);
  return (await response.json()) as OrganisationSettings;
}

async function saveCalendar(request: APIRequestContext, calendar: Pick<OrganisationSettings, 'workingDays' | 'holidays'>) {
  const response = await request.patch('/api/settings', { data: calendar });
  expect(response.status(), await response.text()).toBe(200);
}

/** A request context signed in as the owner, for the hooks. */
async function ownerRequest(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) {
  const request = await playwright.request.newContext({ baseURL });
  await signInAs(request);
  return request;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await ownerRequest(playwright, testInfo.project.use.baseURL);
  const { workingDays, holidays } = await readSettings(request);
  before = { workingDays, holidays };
  await request.dispose();
});

test.beforeEach(async ({ playwright, baseURL }) => {
  const request = await ownerRequest(playwright, baseURL);
  await saveCalendar(request, DEFAULT_CALENDAR);
  await request.dispose();
});

test.afterAll(async ({ playwright }, testInfo) => {
  if (!before) return;
  const request = await ownerRequest(playwright, testInfo.project.use.baseURL);
  await saveCalendar(request, before);
  await request.dispose();
});

const calendarSection = (page: Page) => page.getByRole('region', { name: 'Working calendar' });
const dayBox = (page: Page, name: string) => calendarSection(page).getByRole('checkbox', { name, exact: true });
const holidayDate = (page: Page) => calendarSection(page).getByLabel('Holiday date', { exact: true });
const holidayRows = (page: Page) => calendarSection(page).getByRole('list', { name: 'Holidays' }).getByRole('listitem');
const saveButton = (page: Page) => calendarSection(page).getByRole('button', { name: 'Save calendar' });

async function openCalendar(page: Page) {
  await openDashboard(page);
  await openTab(page, 'Settings');
  await expect(calendarSection(page)).toBeVisible();
}

async function addHoliday(page: Page, day: string) {
  await holidayDate(page).fill(day);
  await calendarSection(page).getByRole('button', { name: 'Add holiday' }).click();
  await expect(holidayDate(page)).toHaveValue('');
}

/** Counts the PATCH /api/settings the page sends from now on. */
function countSaves(page: Page) {
  const sent = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().endsWith('/api/settings')) sent.count += 1;
  });
  return sent;
}

/** A screenshot into the test's output directory: of the section alone, readable at 375 px, or of the whole page. */
const shot = (page: Page, name: string, section?: Locator) =>
  (section ?? page).screenshot({ path: test.info().outputPath(`${name}.png`), ...(section ? {} : { fullPage: true }) });

test.describe('the working calendar', () => {
  test('the owner changes the working days and holidays; Save sends only what changed, and it stays', async ({ page }) => {
    await openCalendar(page);
    const section = calendarSection(page);
    await expect(section).toContainText('Goals count only these days: what is expected by now grows with each working day that is over');
    // Monday to Friday by default, nothing to save yet.
    for (const [index, name] of WEEKDAYS.entries()) {
      if (index < 5) await expect(dayBox(page, name)).toBeChecked();
      else await expect(dayBox(page, name)).not.toBeChecked();
    }
    await expect(section.getByText('No holidays: every working day counts.')).toBeVisible();
    await expect(section.getByText('No changes to save.')).toBeVisible();

    await dayBox(page, 'Saturday').check();
    await dayBox(page, 'Friday').uncheck();
    await expect(section.getByText('No changes to save.')).toBeHidden();

    // Holidays are listed in date order as readable days, whatever order they are added in; Enter in the date field
    // adds, it does not save.
    const saves = countSaves(page);
    await addHoliday(page, '2031-12-25');
    await addHoliday(page, '2031-01-01');
    await holidayDate(page).fill('2031-05-04');
    await holidayDate(page).press('Enter');
    await expect(holidayRows(page)).toHaveText([
      'Wed, Jan 1, 2031Remove',
      'Sun, May 4, 2031 · not a working day anywayRemove',
      'Thu, Dec 25, 2031Remove',
    ]);
    expect(saves.count).toBe(0);

    // A day already listed, and no day at all, are refused at the field.
    await holidayDate(page).fill('2031-12-25');
    await section.getByRole('button', { name: 'Add holiday' }).click();
    await expect(holidayDate(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(holidayDate(page)).toHaveAccessibleDescription(/Thu, Dec 25, 2031 is already a holiday\./);
    await holidayDate(page).fill('');
    await section.getByRole('button', { name: 'Add holiday' }).click();
    await expect(holidayDate(page)).toHaveAccessibleDescription(/Enter a whole date: day, month and year\./);
    await expect(holidayRows(page)).toHaveCount(3);

    // Removing one: the focus moves to the next day's Remove.
    await section.getByRole('button', { name: 'Remove Sun, May 4, 2031' }).click();
    await expect(holidayRows(page)).toHaveCount(2);
    await expect(section.getByRole('button', { name: 'Remove Thu, Dec 25, 2031' })).toBeFocused();
    await expectNoAxeViolations(page);

    const patch = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith('/api/settings'));
    await saveButton(page).click();
    expect((await patch).postDataJSON()).toEqual({ workingDays: [1, 2, 3, 4, 6], holidays: ['2031-01-01', '2031-12-25'] });
    await expect(toasts(page).filter({ hasText: 'Working calendar saved' })).toContainText(
      'Goals now count Monday, Tuesday, Wednesday, Thursday and Saturday, skipping 2 holidays.',
    );
    await expect(section.getByText('No changes to save.')).toBeVisible();
    const saved = await readSettings(page.request);
    expect({ workingDays: saved.workingDays, holidays: saved.holidays }).toEqual({ workingDays: [1, 2, 3, 4, 6], holidays: ['2031-01-01', '2031-12-25'] });
    // The organisation's other settings were not sent, and are as they were.
    await expect(page.getByRole('region', { name: 'Organisation' }).getByLabel('Currency')).toHaveValue(saved.currency);

    // After a reload, as saved; then only the holidays change, and only they are sent.
    await page.reload();
    await openTab(page, 'Settings');
    await expect(dayBox(page, 'Saturday')).toBeChecked();
    await expect(dayBox(page, 'Friday')).not.toBeChecked();
    await expect(holidayRows(page)).toHaveText(['Wed, Jan 1, 2031Remove', 'Thu, Dec 25, 2031Remove']);
    await calendarSection(page).getByRole('button', { name: 'Remove Wed, Jan 1, 2031' }).click();
    const second = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith('/api/settings'));
    await saveButton(page).click();
    expect((await second).postDataJSON()).toEqual({ holidays: ['2031-12-25'] });
    await expect(toasts(page).filter({ hasText: 'skipping 1 holiday.' })).toContainText('Working calendar saved');
  });

  test('unticking the last working day says at least one is needed, and Save sends nothing until one is ticked', async ({ page }) => {
    await openCalendar(page);
    const section = calendarSection(page);
    await expect(section.getByText('At least one day must stay a working day.')).toBeVisible();
    const saves = countSaves(page);
    for (const name of WEEKDAYS.slice(0, 4)) await dayBox(page, name).uncheck();
    await expect(section.getByText(NO_WORKING_DAY)).toHaveCount(0);
    await dayBox(page, 'Friday').uncheck();
    await expect(section.getByText(NO_WORKING_DAY)).toBeVisible();
    await expect(section.getByRole('group', { name: 'Working days' })).toHaveAccessibleDescription(new RegExp(NO_WORKING_DAY));
    await expect(dayBox(page, 'Monday')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await saveButton(page).click();
    await expect(dayBox(page, 'Monday')).toBeFocused();
    await expect(section.getByText(NO_WORKING_DAY)).toBeVisible();
    expect(saves.count).toBe(0);

    await dayBox(page, 'Sunday').check();
    await expect(section.getByText(NO_WORKING_DAY)).toHaveCount(0);
    const patch = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith('/api/settings'));
    await saveButton(page).click();
    expect((await patch).postDataJSON()).toEqual({ workingDays: [7] });
    await expect(toasts(page).filter({ hasText: 'Working calendar saved' })).toContainText('Goals now count Sunday.');
  });

  test('a save the server refuses shows its message at the field it is about, and keeps what was entered', async ({ page, pageErrors }) => {
    await openCalendar(page);
    await addHoliday(page, '2031-04-18');
    const message = 'holidays must be a date that exists, such as 2026-11-01';
    await page.route('**/api/settings', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 400, json: { message, code: 'VALIDATION_FAILED', issues: [{ path: 'holidays.0', message }] } })
        : route.fallback(),
    );
    await saveButton(page).click();
    await expect(holidayDate(page)).toBeFocused();
    await expect(holidayDate(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(holidayDate(page)).toHaveAccessibleDescription(new RegExp(message));
    await expect(holidayRows(page)).toHaveText(['Fri, Apr 18, 2031Remove']);
    await expect(toasts(page).filter({ hasText: 'Working calendar saved' })).toHaveCount(0);
    expect((await readSettings(page.request)).holidays).toEqual([]);
    expectConsoleErrors(pageErrors, /status of 400/);
  });

  test('a manager has no Settings tab: the calendar is the owner’s to change', async ({ page }) => {
    await openDashboard(page, 'manager');
    await expect(page.getByRole('tab', { name: 'Settings', exact: true })).toHaveCount(0);
    await expect(calendarSection(page)).toHaveCount(0);
  });

  test('axe, 1280 and 375 px with holidays listed', async ({ page }) => {
    await signInAs(page);
    await saveCalendar(page.request, { workingDays: [1, 2, 3, 4, 5], holidays: ['2031-01-01', '2031-04-18', '2031-05-04', '2031-12-25'] });
    await page.goto('/');
    await openTab(page, 'Settings');
    await expect(holidayRows(page)).toHaveCount(4);
    await expect(holidayRows(page).nth(2)).toContainText('Sun, May 4, 2031 · not a working day anyway');
    await expectNoAxeViolations(page);
    await calendarSection(page).scrollIntoViewIfNeeded();
    await shot(page, 'working-calendar-1280');

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(holidayRows(page)).toHaveCount(4);
    await expectWithinViewport(page, calendarSection(page));
    await expectNoHorizontalOverflow(page);
    // An error under the date field fits too.
    await calendarSection(page).getByRole('button', { name: 'Add holiday' }).click();
    await expect(holidayDate(page)).toHaveAccessibleDescription(/Enter a whole date/);
    await expectWithinViewport(page, calendarSection(page));
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await shot(page, 'working-calendar-375', calendarSection(page));
  });
});
