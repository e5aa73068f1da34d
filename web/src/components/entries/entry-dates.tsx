import type { EntryDates } from '@contract/income-entries';
import { getOrgSettings } from '../../lib/org-settings';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../lib/i18n/translate';
import { PART, withPart } from '../ui/message-part';
import { messages } from './messages';

/**
 * Which date an entry list orders by and shows first (docs/decisions/0085-entry-dates-in-lists.md): the day the deal
 * was made (an agent's history), or when the entry was recorded (what just happened: the overview, the TV).
 */
export type EntryDateOrder = 'deal' | 'recorded';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day as the API names it ("2026-11-01", a day of the organisation's time zone) in the organisation's
 * locale: "Nov 1, 2026", or "Nov 1" without the year. Written as it is, never moved through the browser's time zone.
 */
export function formatEntryDay(day: string, withYear = true): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const { locale } = getOrgSettings();
  const key = `${locale}|${withYear}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
    dayFormats.set(key, format);
  }
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12)));
}

interface DatedEntry extends EntryDates {
  date: string;
  createdAt: string;
}

/**
 * The dates under an entry, the list's own first and named. By deal date: "Deal date Nov 1, 2026 · recorded Nov 22,
 * 2026" for a back-dated entry, "Deal date Nov 22, 2026, 3:04 PM" for one recorded as it happened (the time only
 * then, and never the "0:00" of a bare day). By recorded time: "Recorded Nov 22, 2026, 3:04 PM · deal of Nov 1, 2026",
 * the deal's day only when it is another day.
 */
export function EntryDatesText({ entry, order }: { entry: DatedEntry; order: EntryDateOrder }) {
  const t = useT(messages);
  const backDated = entry.dealDay !== entry.recordedDay;
  // A date never breaks inside; a narrow row breaks before the second date, its dot going with it.
  const deal = (
    <time dateTime={entry.dealHasTime ? entry.date : entry.dealDay} className="whitespace-nowrap">
      {entry.dealHasTime ? formatDateTime(entry.date) : formatEntryDay(entry.dealDay)}
    </time>
  );
  const recorded = (
    <time dateTime={entry.createdAt} className="whitespace-nowrap">
      {formatDateTime(entry.createdAt)}
    </time>
  );
  if (order === 'deal') {
    return (
      <span>
        {withPart(t('dealDate', { date: PART }), deal)}
        {backDated && (
          <>
            {' '}
            <span className="whitespace-nowrap">
              · {withPart(t('recordedDay', { day: PART }), <time dateTime={entry.recordedDay}>{formatEntryDay(entry.recordedDay)}</time>)}
            </span>
          </>
        )}
      </span>
    );
  }
  return (
    <span>
      {withPart(t('recordedAt', { time: PART }), recorded)}
      {backDated && (
        <>
          {' '}
          <span className="whitespace-nowrap">
            · {withPart(t('dealOf', { day: PART }), <time dateTime={entry.dealDay}>{formatEntryDay(entry.dealDay)}</time>)}
          </span>
        </>
      )}
    </span>
  );
}
