import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';
import { formatCount } from '../../lib/format';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

interface PagerProps {
  /** Names what is paged, for assistive technology ("Agents pages"). */
  label: string;
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  disabled?: boolean;
}

/** "1-25 of 10,000" with Previous and Next; nothing when everything fits on one page. */
export function Pager({ label, offset, limit, total, onChange, disabled = false }: PagerProps) {
  const t = useT(messages);
  if (total <= limit && offset === 0) return null;
  const first = Math.min(total, offset + 1);
  const last = Math.min(total, offset + limit);
  const format = formatCount;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {t('range', { first: format(first), last: format(last), total: format(total) })}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={disabled || offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
          <ChevronLeft aria-hidden="true" />
          {t('previous')}
        </Button>
        <Button variant="outline" size="sm" disabled={disabled || offset + limit >= total} onClick={() => onChange(offset + limit)}>
          {t('next')}
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

interface OffsetPagerProps {
  /** Names what is paged, for assistive technology ("Entries pages"). */
  label: string;
  /** What the rows are, before their numbers: "Entries" gives "Entries 1–10". */
  noun: string;
  offset: number;
  /** How many rows this page shows. */
  shown: number;
  limit: number;
  /** Where the next page starts; null on the last page. */
  nextOffset: number | null;
  onChange: (offset: number) => void;
  disabled?: boolean;
}

/** "Entries 1–10" with Previous and Next, for lists read without a total (only where a next page starts). */
export function OffsetPager({ label, noun, offset, shown, limit, nextOffset, onChange, disabled = false }: OffsetPagerProps) {
  const t = useT(messages);
  const format = formatCount;
  const onePage = offset === 0 && nextOffset === null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {t('rows', { noun, first: format(offset + 1), last: format(offset + shown) })}
      </p>
      {!onePage && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={disabled || offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
            <ChevronLeft aria-hidden="true" />
            {t('previous')}
          </Button>
          <Button variant="outline" size="sm" disabled={disabled || nextOffset === null} onClick={() => nextOffset !== null && onChange(nextOffset)}>
            {t('next')}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      )}
    </nav>
  );
}
