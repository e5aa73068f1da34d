import { csvHeader, csvLines, text, UTF8_BOM } from '@contract/csv';
import type { AgentSetupLink } from '@contract/imports';

/**
 * An agent import's set-up links as a CSV file for a spreadsheet: RFC 4180, formulas neutralised (a name such as
 * "=HYPERLINK(...)" stays text), a byte order mark so that Excel reads it as UTF-8.
 */
export function linksCsv(links: readonly AgentSetupLink[]): string {
  return (
    UTF8_BOM +
    csvHeader(['name', 'email', 'link', 'expiresAt']) +
    csvLines(links.map((link) => [text(link.name), text(link.email), text(link.url), text(link.expiresAt)]))
  );
}
