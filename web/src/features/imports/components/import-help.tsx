import { Download, FileSpreadsheet } from 'lucide-react';
import { IMPORT_MAX_ROWS } from '@contract/imports';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { ImportKind } from './import-kinds';
import { formatCount } from '../../../lib/format';

/** What a file of this kind must look like and what an import does, beside the import itself. */
export function ImportHelp({ kind }: { kind: ImportKind }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileSpreadsheet className="size-5 text-brand-600" aria-hidden="true" />
          How importing {kind.label.toLowerCase()} works
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3 text-sm text-slate-700">
        <p>
          A CSV file (UTF-8, separated by commas or semicolons) with a header line and one {kind.one === 'entry' ? 'income entry' : kind.one} per
          line:
        </p>
        <ul className="grid list-disc gap-1.5 pl-5">
          {kind.help.map((column) => (
            <li key={column.name}>
              <code className="font-mono text-xs text-slate-900">{column.name}</code>: {column.text}
            </li>
          ))}
        </ul>
        <ul className="grid list-disc gap-1.5 pl-5">
          <li>Other columns can be left out when you match the columns.</li>
          <li>
            An import writes every row or none: if one row has an error, nothing is imported. Check the file first to see every error
            with its row.
            {kind.id === 'entries' && ' After a check that found errors, you may instead import only the valid rows and download the rejected ones to fix.'}
          </li>
          {kind.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
          <li>Up to 20 MB and {formatCount(IMPORT_MAX_ROWS)} rows per file.</li>
        </ul>
        <a
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(kind.template.csv)}`}
          download={kind.template.fileName}
          className="inline-flex items-center gap-2 font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <Download className="size-4" aria-hidden="true" />
          Download a template CSV
        </a>
      </CardContent>
    </Card>
  );
}
