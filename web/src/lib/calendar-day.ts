/** The calendar day ("2026-11-28") a moment falls on in the browser's time zone. */
export function localDayOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
