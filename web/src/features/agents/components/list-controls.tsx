import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

/** The value, once it has stopped changing for `delay` ms (a search is sent when typing pauses, not per key). */
export function useDebouncedValue<T>(value: T, delay = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The search and the page of a long list of agents: a new search starts again at the first page, and `query` is the
 * trimmed search once typing pauses (what to fetch); `typing` is true until then.
 */
export function usePagedSearch() {
  const [search, setSearchText] = useState('');
  const [offset, setOffset] = useState(0);
  const query = useDebouncedValue(search.trim());
  const setSearch = (value: string) => {
    setSearchText(value);
    setOffset(0);
  };
  return { search, setSearch, query, typing: search.trim() !== query, offset, setOffset };
}

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
}

/** A labelled search box for the long lists of the owner dashboard. */
export function SearchField({ label, value, onChange, placeholder = 'Name or email', className }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={cn('grid w-full gap-1.5 sm:max-w-xs', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <Input id={id} type="search" className="pl-9" value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
      </div>
    </div>
  );
}

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
  if (total <= limit && offset === 0) return null;
  const first = Math.min(total, offset + 1);
  const last = Math.min(total, offset + limit);
  const format = (n: number) => n.toLocaleString('en-US');
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {format(first)}-{format(last)} of {format(total)}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={disabled || offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={disabled || offset + limit >= total} onClick={() => onChange(offset + limit)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
