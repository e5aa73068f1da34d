import type { AuditRow } from '@contract/audit';
import { ChevronDown } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { actorKindLabel, actorName, auditActionLabel, describeChanges, targetLabel } from '../utils/describe-audit-row';

/**
 * A page of the trail, twice: a table from md up, a card per row below it (six columns do not fit a phone). CSS shows
 * one of the two; the other is display: none, out of the accessibility tree too.
 */
export function AuditRows({ rows }: { rows: AuditRow[] }) {
  const t = useT(messages);
  return (
    <>
      <AuditTable rows={rows} />
      <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label={t('changesNewestFirst')}>
        {rows.map((row) => (
          <AuditCard key={row.id} row={row} />
        ))}
      </ul>
    </>
  );
}

function AuditTable({ rows }: { rows: AuditRow[] }) {
  const t = useT(messages);
  const captionId = useId();
  return (
    // Focusable, so that the keyboard can scroll it should a long value make it wider than the screen.
    <div
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
      className="hidden overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 md:block"
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption id={captionId} className="sr-only">
          {t('changesNewestFirst')}
        </caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {[t('when'), t('who'), t('action'), t('target'), t('details')].map((name) => (
              <th key={name} scope="col" className="px-3 py-2 font-semibold">
                {name}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">{t('more')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <AuditTableRow key={row.id} row={row} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditTableRow({ row }: { row: AuditRow }) {
  const [open, setOpen] = useState(false);
  const moreId = useId();
  return (
    <Fragment>
      <tr className="align-top">
        <td className="whitespace-nowrap px-3 py-2.5 text-slate-700">
          <When at={row.at} />
        </td>
        <td className="px-3 py-2.5">
          <Who row={row} />
        </td>
        <td className="px-3 py-2.5 font-medium text-slate-900">{auditActionLabel(row.action)}</td>
        <td className="whitespace-nowrap px-3 py-2.5 text-slate-700">{targetLabel(row.targetType, row.targetId)}</td>
        <td className="min-w-48 px-3 py-2.5">
          <Changes row={row} />
        </td>
        <td className="px-3 py-1.5 text-right">
          <MoreButton row={row} open={open} onToggle={() => setOpen(!open)} controls={moreId} />
        </td>
      </tr>
      {open && (
        <tr id={moreId} className="bg-slate-50">
          <td colSpan={6} className="px-3 py-3">
            <RowRecord row={row} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

function AuditCard({ row }: { row: AuditRow }) {
  const [open, setOpen] = useState(false);
  const moreId = useId();
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{auditActionLabel(row.action)}</p>
          <p className="text-sm text-slate-700">{targetLabel(row.targetType, row.targetId)}</p>
        </div>
        <MoreButton row={row} open={open} onToggle={() => setOpen(!open)} controls={moreId} />
      </div>
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-slate-700">
        <When at={row.at} />
        <span aria-hidden="true">·</span>
        <Who row={row} inline />
      </p>
      <Changes row={row} />
      {open && (
        <div id={moreId} className="rounded-md bg-slate-50 p-3">
          <RowRecord row={row} />
        </div>
      )}
    </li>
  );
}

function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

function Who({ row, inline = false }: { row: AuditRow; inline?: boolean }) {
  const t = useT(messages);
  const kind = actorKindLabel(row.actor.kind);
  return (
    <span className={cn('[overflow-wrap:anywhere]', inline ? 'inline' : 'grid')}>
      <span className="font-medium text-slate-900">{actorName(row.actor)}</span>
      {kind && <span className="text-xs text-slate-600">{inline ? ` ${t('inKind', { kind })}` : kind}</span>}
    </span>
  );
}

/** The row's before → after, a line per key (utils/describe-audit-row.ts). */
function Changes({ row }: { row: AuditRow }) {
  const lines = describeChanges(row.before, row.after);
  if (lines.length === 0) return <span className="text-sm text-slate-600">—</span>;
  return (
    <ul className="grid gap-0.5 text-sm text-slate-900">
      {lines.map((line) => (
        <li key={line.key} className="[overflow-wrap:anywhere]">
          <span className="text-slate-600">{line.label}:</span>{' '}
          {line.before === undefined ? (
            <span>{line.value}</span>
          ) : (
            <>
              <span className="rounded bg-red-50 px-1 text-red-900 [box-decoration-break:clone]">{line.before}</span> →{' '}
              <span className="rounded bg-emerald-50 px-1 text-emerald-900 [box-decoration-break:clone]">{line.value}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function MoreButton({ row, open, onToggle, controls }: { row: AuditRow; open: boolean; onToggle: () => void; controls: string }) {
  const t = useT(messages);
  return (
    <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={open ? controls : undefined} aria-label={t('moreAboutRow', { id: String(row.id) })} onClick={onToggle}>
      {t('more')}
      <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
    </Button>
  );
}

/** What the trail keeps beside the change: where it came from, the row's place in the hash chain, the values whole. */
function RowRecord({ row }: { row: AuditRow }) {
  const t = useT(messages);
  const facts = [
    { label: t('row'), value: `#${row.id}` },
    { label: t('ipAddress'), value: row.ip ?? t('notRecorded') },
    { label: t('userAgent'), value: row.userAgent ?? t('notRecorded') },
    { label: t('hash'), value: row.hash, mono: true },
  ];
  return (
    <div className="grid gap-3 text-sm">
      <dl className="grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        {facts.map((fact) => (
          <div key={fact.label} className="grid gap-0.5 sm:contents">
            <dt className="font-medium text-slate-700">{fact.label}</dt>
            <dd className={cn('text-slate-900 [overflow-wrap:anywhere]', fact.mono && 'font-mono text-xs leading-5')}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {(row.before || row.after) && (
        <div className="grid gap-3 sm:grid-cols-2">
          {row.before && <JsonBlock title={t('before')} value={row.before} />}
          {row.after && <JsonBlock title={t('after')} value={row.after} />}
        </div>
      )}
    </div>
  );
}

function JsonBlock({ title, value }: { title: string; value: Record<string, unknown> }) {
  return (
    <div className="grid min-w-0 gap-1">
      <p className="font-medium text-slate-700">{title}</p>
      {/* Focusable, so that the keyboard can scroll a long value. */}
      <pre
        tabIndex={0}
        className="max-h-48 overflow-auto whitespace-pre-wrap rounded-md bg-slate-900 p-2.5 font-mono text-xs text-slate-100 [overflow-wrap:anywhere] focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
