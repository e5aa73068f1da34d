// Shared by the import browser tests (owner-import.spec.ts, owner-import-agents.spec.ts).
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** A CSV file for setInputFiles: the lines joined by CRLF. */
export const csvFile = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n') + '\r\n') });

/** Picks `option` in the select named `combobox` and waits for its list to close. */
export async function choose(page: Page, combobox: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** A figure of the import report (Rows, Valid, Errors...) by its label; `label` is a regular expression's source. */
export const figure = (page: Page, label: string) =>
  page.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
