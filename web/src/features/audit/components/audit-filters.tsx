import { AUDIT_ACTIONS, type AuditAction } from '@contract/audit';
import { X } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { applyDayFilter } from '../../../lib/day-field';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useT } from '../../../lib/i18n/translate';
import { useAuditActors } from '../api/get-audit-actors';
import type { AuditFilter } from '../api/get-audit-trail';
import { messages } from '../messages';
import { actorOptionLabel, auditActionLabel } from '../utils/describe-audit-row';

// Radix Select has no empty value: these stand for "no filter".
const EVERYONE = 'everyone';
const ALL_ACTIONS = 'all';

interface AuditFiltersProps {
  filter: AuditFilter;
  onChange: (patch: Partial<AuditFilter>) => void;
  /** The message when From is after To; the From field points at it. */
  rangeError?: string;
  rangeErrorId: string;
}

/** Who, what and between which days (docs/product.md §12.12): the same filter as the page read and the CSV export. */
export function AuditFilters({ filter, onChange, rangeError, rangeErrorId }: AuditFiltersProps) {
  const t = useT(messages);
  const id = useId();
  const actors = useAuditActors();
  const filtered = Object.values(filter).some(Boolean);
  const firstField = useRef<HTMLButtonElement>(null);
  const clear = () => {
    onChange({ actor: undefined, action: undefined, from: undefined, to: undefined });
    // The button goes with the filters: the focus moves to the first field rather than being lost.
    firstField.current?.focus();
  };
  return (
    <div role="search" aria-label={t('filterTrail')} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-person`}>{t('person')}</Label>
        <Select value={filter.actor ?? EVERYONE} onValueChange={(value) => onChange({ actor: value === EVERYONE ? undefined : value })}>
          <SelectTrigger ref={firstField} id={`${id}-person`} aria-describedby={actors.isError ? `${id}-person-error` : undefined}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={EVERYONE}>{t('everyone')}</SelectItem>
            {actors.data?.map((actor) => (
              <SelectItem key={actor.key} value={actor.key}>
                {actorOptionLabel(actor)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {actors.isError && (
          <p id={`${id}-person-error`} className="text-xs text-red-700">
            {t('peopleLoadFailed')}
          </p>
        )}
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-action`}>{t('action')}</Label>
        <Select value={filter.action ?? ALL_ACTIONS} onValueChange={(value) => onChange({ action: value === ALL_ACTIONS ? undefined : (value as AuditAction) })}>
          <SelectTrigger id={`${id}-action`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_ACTIONS}>{t('allActions')}</SelectItem>
            {AUDIT_ACTIONS.map((action) => (
              <SelectItem key={action} value={action}>
                {auditActionLabel(action)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-from`}>{t('from')}</Label>
        <DateInput
          id={`${id}-from`}
          value={filter.from ?? ''}
          max={filter.to}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? rangeErrorId : undefined}
          onChange={applyDayFilter((from) => onChange({ from }))}
        />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-to`}>{t('to')}</Label>
        <DateInput id={`${id}-to`} value={filter.to ?? ''} min={filter.from} onChange={applyDayFilter((to) => onChange({ to }))} />
      </div>
      {filtered && (
        <Button variant="ghost" className="justify-self-start" onClick={clear}>
          <X aria-hidden="true" />
          {t('clearFilters')}
        </Button>
      )}
    </div>
  );
}
