import { formatMonthDay, orgLocale } from '../../../lib/format';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// In the locale of the language shown ("5 minutes ago", "vor 5 Minuten"), made again only when it changes.
let relative: { locale: string; format: Intl.RelativeTimeFormat } | undefined;
function relativeFormat(): Intl.RelativeTimeFormat {
  const locale = orgLocale();
  if (relative?.locale !== locale) relative = { locale, format: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }) };
  return relative.format;
}

/** "just now", in the language shown ("gerade eben"). */
const justNow = () => translate(messages, 'justNow');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", then the date ("Nov 22" in en-US); a time ahead of `now` is "just now". */
export function formatRelativeTime(value: string | Date, now: number): string {
  const elapsed = now - (typeof value === 'string' ? Date.parse(value) : value.getTime());
  if (elapsed < MINUTE) return justNow();
  if (elapsed < HOUR) return relativeFormat().format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relativeFormat().format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relativeFormat().format(-Math.floor(elapsed / DAY), 'day');
  return formatMonthDay(new Date(now - elapsed));
}
