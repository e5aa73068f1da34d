import { Search } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
}

/** A labelled search box for the long lists of the owner dashboard. */
export function SearchField({ label, value, onChange, placeholder, className }: SearchFieldProps) {
  const t = useT(messages);
  const id = useId();
  return (
    <div className={cn('grid w-full gap-1.5 sm:max-w-xs', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <Input id={id} type="search" className="pl-9" value={value} placeholder={placeholder ?? t('nameOrEmail')} onChange={(event) => onChange(event.target.value)} />
      </div>
    </div>
  );
}
