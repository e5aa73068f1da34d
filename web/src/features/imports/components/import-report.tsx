import type { ImportReport } from '@contract/imports';
import { useId, type ReactNode, type Ref } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatCount } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

const count = (value: number) => formatCount(value);

interface ImportReportViewProps {
  report: ImportReport;
  /** Entries: rows an entry already has are skipped and counted. Agents: a taken email is an error, never a duplicate. */
  showDuplicates: boolean;
  /** The person's own name of each column as sent (a mapped column is sent under its field's name). */
  originalNames: Map<string, string>;
  children?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The figures of a check or an import, and its errors row by row. Its heading takes the focus once it is shown. */
export function ImportReportView({ report, showDuplicates, originalNames, children, headingRef }: ImportReportViewProps) {
  const t = useT(messages);
  const id = useId();
  const figures = [
    { label: t('figureRows'), value: report.rows, errors: false },
    { label: t('figureValid'), value: report.valid, errors: false },
    ...(showDuplicates ? [{ label: t('figureDuplicates'), value: report.duplicates, errors: false }] : []),
    { label: t('figureErrors'), value: report.errorCount, errors: true },
  ];
  // A valid-rows import that left rows out is still an import; only one that wrote nothing was refused.
  const title = report.dryRun ? t('checkReport') : report.errorCount > 0 && !report.skipped ? t('importRefused') : t('importReport');
  // The columns read as a field, in the person's own words (a mapped column is sent under its field's name).
  const read = (report.columns ?? []).flatMap((column) => (column.readAs === null ? [] : [{ name: originalNames.get(column.readAs) ?? column.name, field: column.readAs }]));
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="focus-visible:outline-2 focus-visible:outline-brand-600">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <dl className={`grid grid-cols-2 gap-3 ${showDuplicates ? 'sm:grid-cols-4' : 'sm:grid-cols-3'}`}>
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-lg border border-slate-200 p-3">
              <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
              <dd className={`text-2xl font-semibold ${figure.errors && figure.value > 0 ? 'text-red-700' : 'text-slate-900'}`}>
                {count(figure.value)}
              </dd>
            </div>
          ))}
        </dl>
        {(read.length > 0 || report.dates) && (
          <div className="grid grid-cols-1 gap-1 text-sm text-slate-700">
            <h4 id={`${id}-read`} className="font-semibold text-slate-900">
              {t('howRead')}
            </h4>
            {read.length > 0 && (
              <ul aria-labelledby={`${id}-read`} className="flex flex-wrap gap-x-4 gap-y-1">
                {read.map((column) => (
                  <li key={column.field} className="[overflow-wrap:anywhere]">
                    <span className="font-medium text-slate-900">{column.name}</span> {t('readAs')} <code className="font-mono text-xs">{column.field}</code>
                  </li>
                ))}
              </ul>
            )}
            {report.dates && <p>{report.dates.note}</p>}
          </div>
        )}
        {report.duplicates > 0 && (
          <p className="text-sm text-slate-700">{t('duplicateRows', { count: report.duplicates })}</p>
        )}
        {report.errors.length > 0 && (
          <div className="grid grid-cols-1 gap-2">
            <h4 id={`${id}-errors`} className="font-semibold text-slate-900">
              {t('errorsHeading')}
            </h4>
            {report.errorCount > report.errors.length && (
              <p className="text-sm text-slate-700">
                {t('firstErrors', { shown: count(report.errors.length), total: count(report.errorCount) })}
              </p>
            )}
            {/* Focusable, so that the keyboard can scroll a long list. */}
            <div tabIndex={0} role="region" aria-labelledby={`${id}-errors`} className="max-h-96 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600">
              <table className="w-full border-collapse text-left text-sm">
                <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t('columnRow')}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t('columnColumn')}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t('columnMessage')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {report.errors.map((error, index) => (
                    <tr key={index}>
                      <td className="px-3 py-2 align-top tabular-nums text-slate-900">{error.row}</td>
                      <td className="px-3 py-2 align-top text-slate-700 [overflow-wrap:anywhere]">
                        {error.column === '' ? t('wholeRow') : (originalNames.get(error.column) ?? error.column)}
                      </td>
                      <td className="px-3 py-2 align-top text-slate-900 [overflow-wrap:anywhere]">{error.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
