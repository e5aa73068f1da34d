import { Download, FileSpreadsheet } from 'lucide-react';
import { IMPORT_MAX_ROWS } from '@contract/imports';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { ImportKind } from './import-kinds';
import { formatCount } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** What a file of this kind must look like and what an import does, beside the import itself. */
export function ImportHelp({ kind }: { kind: ImportKind }) {
  const t = useT(messages);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileSpreadsheet className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
          {t('helpTitle', { kind: kind.id })}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3 text-sm text-slate-700">
        <p>{t('helpIntro', { kind: kind.id })}</p>
        <ul className="grid list-disc gap-1.5 pl-5">
          {kind.help.map((column) => (
            <li key={column.name}>
              <code className="font-mono text-xs text-slate-900">{column.name}</code>: {column.text}
            </li>
          ))}
        </ul>
        <ul className="grid list-disc gap-1.5 pl-5">
          <li>{t('helpOtherColumns')}</li>
          <li>
            {t('helpAllOrNothing')}
            {kind.id === 'entries' && ` ${t('helpValidRows')}`}
          </li>
          {kind.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
          <li>{t('helpLimits', { rows: formatCount(IMPORT_MAX_ROWS) })}</li>
        </ul>
        <a
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(kind.template.csv)}`}
          download={kind.template.fileName}
          className="inline-flex items-center gap-2 font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <Download className="size-4" aria-hidden="true" />
          {t('downloadTemplate')}
        </a>
      </CardContent>
    </Card>
  );
}
