import { Download, FileSpreadsheet } from 'lucide-react';
import { IMPORT_MAX_ROWS } from '@contract/imports';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { TEMPLATE_CSV } from './csv-header';

const TEMPLATE_URL = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE_CSV)}`;

const COLUMNS: { name: string; text: string }[] = [
  { name: 'agentEmail or agentId', text: 'whose entry it is (one of them is required)' },
  { name: 'amount', text: 'required; at most two decimals, 1234.50 or 1,234.50; negative for a deduction' },
  { name: 'date', text: 'the day of the entry; today when the column is left out' },
  { name: 'description', text: 'optional' },
  { name: 'externalId', text: "optional: your system's id for the entry" },
];

/** What a file must look like and what an import does, beside the import itself. */
export function ImportHelp() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileSpreadsheet className="size-5 text-brand-600" aria-hidden="true" />
          How importing works
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3 text-sm text-slate-700">
        <p>A CSV file (UTF-8, separated by commas or semicolons) with a header line and one income entry per line:</p>
        <ul className="grid list-disc gap-1.5 pl-5">
          {COLUMNS.map((column) => (
            <li key={column.name}>
              <code className="font-mono text-xs text-slate-900">{column.name}</code>: {column.text}
            </li>
          ))}
        </ul>
        <ul className="grid list-disc gap-1.5 pl-5">
          <li>Other columns can be left out when you match the columns.</li>
          <li>Dates may be written YYYY-MM-DD, MM/DD/YYYY, DD/MM/YYYY or DD.MM.YYYY: choose which.</li>
          <li>
            An import writes every row or none: if one row has an error, nothing is imported. Check the file first to see every error
            with its row.
          </li>
          <li>A row whose externalId an entry already has is skipped, so importing the same file twice counts it once.</li>
          <li>Up to 20 MB and {IMPORT_MAX_ROWS.toLocaleString('en-US')} rows per file.</li>
        </ul>
        <a
          href={TEMPLATE_URL}
          download="income-entries-template.csv"
          className="inline-flex items-center gap-2 font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <Download className="size-4" aria-hidden="true" />
          Download a template CSV
        </a>
      </CardContent>
    </Card>
  );
}
