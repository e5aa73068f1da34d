import {
  agentImportReport,
  IMPORT_DATE_AUTO,
  IMPORT_DATE_FORMATS,
  IMPORT_MAX_BYTES,
  importReport,
  type AgentSetupLink,
  type ImportDateChoice,
  type ImportMode,
  type ImportReport,
} from '@contract/imports';
import { CheckCircle2, Download, FileSearch, ListChecks, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Progress } from '../../../components/ui/progress';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useImportAgents } from '../api/import-agents';
import { useImportIncomeEntries } from '../api/import-income-entries';
import { rejectedReport } from '../api/rejected-report';
import { AgentLinks } from './agent-links';
import { columnLabel, FILE_CHANGED, guessColumns, mappingProblems, prepareFile, readChosenFile, readCsvHeader, type CsvHeader } from './csv-header';
import { ImportHelp } from './import-help';
import { ENTRY_IMPORT, IMPORT_KINDS, type ColumnChoice, type ImportKind } from './import-kinds';
import { ImportReportView } from './import-report';
import { rejectedFileName, rejectedRowsCsv } from './rejected-rows-csv';
import { formatCount } from '../../../lib/format';

const DATE_FORMAT_LABELS: Record<ImportDateChoice, string> = {
  [IMPORT_DATE_AUTO]: 'Guess from the file',
  'YYYY-MM-DD': 'YYYY-MM-DD (ISO: 2026-11-23)',
  'MM/DD/YYYY': 'MM/DD/YYYY (US: 11/23/2026)',
  'DD/MM/YYYY': 'DD/MM/YYYY (UK: 23/11/2026)',
  'DD.MM.YYYY': 'DD.MM.YYYY (Europe: 23.11.2026)',
};

const DATE_CHOICES: readonly ImportDateChoice[] = [IMPORT_DATE_AUTO, ...IMPORT_DATE_FORMATS];

const LEAVE_OUT = 'Leave out';

type Phase = { step: 'idle' } | { step: 'uploading'; dryRun: boolean; fraction: number } | { step: 'working'; dryRun: boolean };

interface ChosenFile {
  file: File;
  header: CsvHeader;
}

/** The result of the last check or import, and what it was for. */
interface Outcome {
  kind: ImportKind;
  report?: ImportReport;
  /** A committed agent import's one-time links. */
  links?: readonly AgentSetupLink[];
  /** A refusal without a report (a file the server cannot read, a failed upload). */
  error?: string;
  originalNames: Map<string, string>;
  /** The file's bytes as sent, and its name: the rejected rows are taken from them. */
  snapshot: Blob;
  fileName: string;
}

/** Saves `text` as a file the browser downloads. */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  // The click has started the download by the time the next task runs.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * Owner only (docs/product.md §12.9): income entries or agents from a CSV file. The file is checked first (a dry
 * run lists every error by row); a file with no error can be imported, all its rows at once. Entries with errors in some
 * rows: the valid rows can be imported on their own, and the rejected ones downloaded to fix (docs/decisions/0080).
 */
export function ImportTab() {
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  // The header of the last file chosen: a corrected file with the same header keeps the columns as matched.
  const lastHeader = useRef<string | null>(null);
  const [kind, setKind] = useState<ImportKind>(ENTRY_IMPORT);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const [dateFormat, setDateFormat] = useState<ImportDateChoice>(IMPORT_DATE_AUTO);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const reportHeading = useRef<HTMLHeadingElement>(null);
  const [focusReport, setFocusReport] = useState(0);
  const [focusFile, setFocusFile] = useState(0);
  const entryUpload = useImportIncomeEntries();
  const agentUpload = useImportAgents();

  useEffect(() => {
    if (focusReport > 0) reportHeading.current?.focus();
  }, [focusReport]);
  // After the render that enables the input again (it is disabled while a file is read or sent).
  useEffect(() => {
    if (focusFile > 0) fileInput.current?.focus();
  }, [focusFile]);

  const busy = phase.step !== 'idle';
  const problems = chosen ? mappingProblems(kind, choices, chosen.header.names) : [];

  // A change to the file, the columns or the date format makes the last check stale.
  const changed = () => setOutcome(null);

  const onFileChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    changed();
    setChosen(null);
    setFileError(null);
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setFileError(`${file.name} is ${formatSize(file.size)}: a file can be at most 20 MB. Split it and import the parts one after another.`);
      return;
    }
    try {
      const header = await readCsvHeader(file);
      const names = header.names.join('\n');
      const sameHeader = lastHeader.current === names;
      lastHeader.current = names;
      setChosen({ file, header });
      if (!sameHeader) setChoices(guessColumns(kind, header.names));
    } catch (error) {
      setFileError(errorMessage(error, 'The file could not be read'));
    }
  };

  // Another kind reads the same file's columns anew.
  const chooseKind = (next: ImportKind) => {
    if (next === kind) return;
    changed();
    setKind(next);
    if (chosen) setChoices(guessColumns(next, chosen.header.names));
  };

  /**
   * The chosen file cannot be read any more (saved again since it was chosen): it is let go, and the owner chooses it
   * again. The input is emptied, or choosing the same file again would not count as a change.
   */
  const fileChanged = (message: string) => {
    setOutcome(null);
    setChosen(null);
    setFileError(message);
    if (fileInput.current) fileInput.current.value = '';
    setFocusFile((n) => n + 1);
  };

  const send = async (dryRun: boolean, mode: ImportMode = 'all') => {
    if (!chosen || problems.length > 0) return;
    const sentKind = kind;
    const fileName = chosen.file.name;
    setPhase({ step: 'uploading', dryRun, fraction: 0 });
    let snapshot: Blob;
    try {
      snapshot = await readChosenFile(chosen.file);
    } catch (error) {
      setPhase({ step: 'idle' });
      fileChanged(errorMessage(error, FILE_CHANGED));
      return;
    }
    const prepared = prepareFile(sentKind, snapshot, chosen.header, choices);
    const sent = { kind: sentKind, originalNames: prepared.originalNames, snapshot, fileName };
    const upload = {
      body: prepared.body,
      dryRun,
      ignore: prepared.ignore,
      onUploadProgress: (fraction: number) => setPhase((current) => (current.step === 'uploading' ? { ...current, fraction } : current)),
      onUploaded: () => setPhase({ step: 'working', dryRun }),
    };
    const handlers = {
      onSuccess: (report: ImportReport & { links?: AgentSetupLink[] }) => {
        setOutcome({ ...sent, report, links: report.links });
        if (!report.dryRun) {
          const left = report.skipped ? `; ${plural(report.skipped, 'row', 'rows')} with errors left out` : '';
          toast({ title: 'Success', description: `${plural(report.created, sentKind.one, sentKind.many)} imported${left}`, variant: 'success' });
        }
      },
      onError: (error: Error) => {
        const report = rejectedReport(error, sentKind === ENTRY_IMPORT ? importReport : agentImportReport);
        const message = errorMessage(error, dryRun ? 'The file could not be checked' : 'The file could not be imported');
        setOutcome({ ...sent, report, error: message });
        if (!dryRun) toast({ title: 'Error', description: message, variant: 'destructive' });
      },
      onSettled: () => {
        setPhase({ step: 'idle' });
        setFocusReport((n) => n + 1);
      },
    };
    if (sentKind === ENTRY_IMPORT) entryUpload.mutate({ ...upload, dateFormat, mode }, handlers);
    else agentUpload.mutate(upload, handlers);
  };

  const report = outcome?.report;
  const toImport = report ? report.valid - report.duplicates : 0;
  const kindId = useId();
  const canImport = !busy && report?.dryRun === true && report.errorCount === 0 && toImport > 0 && problems.length === 0;
  // Entries only: agents stay all or nothing (their links are made for the whole file).
  const canImportValid = !busy && outcome?.kind === ENTRY_IMPORT && report?.dryRun === true && report.errorCount > 0 && toImport > 0 && problems.length === 0;
  const rejectedRows = report ? (report.invalidRows?.length ?? new Set(report.errors.map((error) => error.row)).size) : 0;

  const downloadRejected = async () => {
    if (!outcome?.report) return;
    try {
      const { csv } = await rejectedRowsCsv(outcome.snapshot, outcome.report, outcome.originalNames);
      download(csv, rejectedFileName(outcome.fileName));
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'The rejected rows could not be written'), variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="import-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="import-heading"
        title="Import"
        description="Add many income entries or agents at once from a CSV file: check it, fix what it reports, then import it."
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="grid grid-cols-1 min-w-0 gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>1. Choose a file</CardTitle>
              <CardDescription>A CSV file of at most 20 MB, with a header line naming its columns.</CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-2">
              <fieldset className="mb-3 grid grid-cols-1 gap-2" aria-describedby={`${kindId}-hint`}>
                <legend className="mb-1.5 text-sm font-medium text-slate-800">What the file holds</legend>
                <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                  {IMPORT_KINDS.map((option) => (
                    <label
                      key={option.id}
                      className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
                    >
                      <input
                        type="radio"
                        name={kindId}
                        value={option.id}
                        checked={kind === option}
                        disabled={busy}
                        onChange={() => chooseKind(option)}
                        aria-labelledby={`${kindId}-${option.id}-label`}
                        aria-describedby={`${kindId}-${option.id}`}
                        className="mt-0.5 size-4 shrink-0 accent-brand-600"
                      />
                      <span className="grid min-w-0 gap-0.5">
                        <span id={`${kindId}-${option.id}-label`} className="text-sm font-medium text-slate-900">
                          {option.label}
                        </span>
                        <span id={`${kindId}-${option.id}`} className="text-xs text-slate-600">
                          {option.hint}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
                <p id={`${kindId}-hint`} className="sr-only">
                  Choosing another kind matches the columns of the chosen file again.
                </p>
              </fieldset>
              <Label htmlFor={fileInputId}>CSV file</Label>
              <Input
                ref={fileInput}
                id={fileInputId}
                type="file"
                accept=".csv,text/csv"
                disabled={busy}
                onChange={(event) => void onFileChange(event)}
                aria-invalid={fileError ? true : undefined}
                aria-describedby={fileError ? `${fileInputId}-error` : undefined}
                className="h-auto cursor-pointer file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-200"
              />
              {fileError && (
                <p id={`${fileInputId}-error`} role="alert" className="text-sm font-medium text-red-700">
                  {fileError}
                </p>
              )}
              {chosen && (
                <p className="text-sm text-slate-700">
                  <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{chosen.file.name}</span> ·{' '}
                  {formatSize(chosen.file.size)} · {plural(chosen.header.names.length, 'column', 'columns')}, separated by{' '}
                  {chosen.header.delimiter === ';' ? 'semicolons' : 'commas'}
                </p>
              )}
            </CardContent>
          </Card>

          {chosen && (
            <Card>
              <CardHeader>
                <CardTitle id={`${fileInputId}-mapping`}>2. Match the columns</CardTitle>
                <CardDescription>Say what each column of the file holds, or leave it out. Guessed from the header line.</CardDescription>
              </CardHeader>
              <CardContent className="grid grid-cols-1 gap-4">
                <ul aria-labelledby={`${fileInputId}-mapping`} className="grid grid-cols-1 divide-y divide-slate-100 rounded-lg border border-slate-200">
                  {chosen.header.names.map((_name, index) => (
                    <ColumnRow
                      key={index}
                      kind={kind}
                      label={columnLabel(chosen.header.names, index)}
                      position={index + 1}
                      value={choices[index] ?? 'ignore'}
                      disabled={busy}
                      onChange={(choice) => {
                        changed();
                        setChoices((current) => current.map((old, i) => (i === index ? choice : old)));
                      }}
                    />
                  ))}
                </ul>
                {problems.length > 0 && (
                  <Alert variant="destructive">
                    <AlertTitle>The columns need a change</AlertTitle>
                    <AlertDescription>
                      <ul className="list-disc pl-5">
                        {problems.map((problem) => (
                          <li key={problem}>{problem}</li>
                        ))}
                      </ul>
                    </AlertDescription>
                  </Alert>
                )}
                {kind.dated && (
                  <div className="grid grid-cols-1 gap-1.5 sm:max-w-sm">
                    <Label htmlFor={`${fileInputId}-date-format`}>Date format</Label>
                    <Select
                      value={dateFormat}
                      disabled={busy}
                      onValueChange={(value) => {
                        changed();
                        setDateFormat(value as ImportDateChoice);
                      }}
                    >
                      <SelectTrigger id={`${fileInputId}-date-format`} aria-describedby={`${fileInputId}-date-format-hint`}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {DATE_CHOICES.map((format) => (
                          <SelectItem key={format} value={format}>
                            {DATE_FORMAT_LABELS[format]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <p id={`${fileInputId}-date-format-hint`} className="text-xs text-slate-600">
                      {dateFormat === IMPORT_DATE_AUTO
                        ? "Whether 01/02/2026 is January or February is told by the file's other dates, else by the organisation's locale. The check says which."
                        : 'Every date of the file is read this way; a time after a date is ignored.'}
                    </p>
                  </div>
                )}
              </CardContent>
            </Card>
          )}

          {chosen && (
            <Card>
              <CardHeader>
                <CardTitle>3. Check and import</CardTitle>
                <CardDescription>
                  Checking writes nothing. Importing writes every row once a check finds no error; entries can also be imported without the rows
                  that have errors.
                </CardDescription>
              </CardHeader>
              <CardContent className="grid grid-cols-1 gap-4">
                <div className="flex flex-wrap gap-2">
                  <Button variant={canImport || canImportValid ? 'outline' : 'default'} disabled={busy || problems.length > 0} onClick={() => void send(true)}>
                    <FileSearch aria-hidden="true" />
                    Check file
                  </Button>
                  <Button variant={canImportValid ? 'outline' : 'default'} disabled={!canImport} onClick={() => void send(false)}>
                    <Upload aria-hidden="true" />
                    {report?.dryRun && report.errorCount === 0 ? `Import ${plural(toImport, kind.one, kind.many)}` : `Import ${kind.many}`}
                  </Button>
                  {canImportValid && (
                    <Button onClick={() => void send(false, 'valid-rows')}>
                      <ListChecks aria-hidden="true" />
                      {`Import the ${plural(toImport, 'valid row', 'valid rows')}`}
                    </Button>
                  )}
                </div>
                <div role="status" aria-live="polite" className="grid grid-cols-1 gap-2 text-sm text-slate-700">
                  {phase.step === 'uploading' && (
                    <>
                      <span>Uploading... {Math.round(phase.fraction * 100)}%</span>
                      <Progress value={phase.fraction * 100} aria-label="Upload progress" />
                    </>
                  )}
                  {phase.step === 'working' && (
                    <>
                      <span>{phase.dryRun ? 'Checking...' : 'Importing...'}</span>
                      <Progress value={100} aria-label={phase.dryRun ? 'Checking' : 'Importing'} indicatorClassName="animate-pulse" />
                    </>
                  )}
                  {!busy && report?.dryRun && report.errorCount === 0 && (
                    <span>
                      {toImport > 0
                        ? `No errors: ${plural(toImport, `${kind.one} is`, `${kind.many} are`)} ready to import.`
                        : 'No errors, but every row is already recorded: nothing to import.'}
                    </span>
                  )}
                  {!busy && report?.dryRun && report.errorCount > 0 && (
                    <span>
                      {plural(report.errorCount, 'error', 'errors')} found in {plural(rejectedRows, 'row', 'rows')}: fix the file, choose it again and check
                      it again
                      {canImportValid
                        ? `, or import the ${plural(toImport, 'valid row', 'valid rows')} now (nothing else is written) and download the rejected ones to fix later.`
                        : '.'}
                    </span>
                  )}
                </div>
              </CardContent>
            </Card>
          )}

          {outcome && !busy && (
            <>
              {outcome.error && (
                <Alert variant="destructive">
                  {/* Without a report, the message itself takes the focus. */}
                  <AlertTitle ref={outcome.report ? undefined : reportHeading} tabIndex={-1}>
                    {outcome.report ? 'Nothing was imported' : 'The file was refused'}
                  </AlertTitle>
                  <AlertDescription>{outcome.error}</AlertDescription>
                </Alert>
              )}
              {report && !report.dryRun && !outcome.error && (
                <Alert variant="success">
                  <CheckCircle2 aria-hidden="true" />
                  <AlertTitle>{plural(report.created, outcome.kind.one, outcome.kind.many)} imported</AlertTitle>
                  <AlertDescription>
                    {report.skipped
                      ? `${plural(report.skipped, 'row', 'rows')} with errors ${report.skipped === 1 ? 'was' : 'were'} left out: download ${report.skipped === 1 ? 'it' : 'them'} below, fix and import ${report.skipped === 1 ? 'it' : 'them'} again. `
                      : ''}
                    {outcome.kind === ENTRY_IMPORT
                      ? 'The totals, ranks and tiers on the dashboard include them now.'
                      : 'They are on the Agents tab now, and sign in with their email once they have a password.'}
                  </AlertDescription>
                </Alert>
              )}
              {outcome.links && outcome.links.length > 0 && <AgentLinks links={outcome.links} />}
              {report && (
                <ImportReportView
                  report={report}
                  showDuplicates={outcome.kind.skipsDuplicates}
                  originalNames={outcome.originalNames}
                  headingRef={reportHeading}
                >
                  {rejectedRows > 0 && (
                    <div>
                      <Button variant="outline" onClick={() => void downloadRejected()}>
                        <Download aria-hidden="true" />
                        Download rejected rows
                      </Button>
                      <p className="mt-1.5 text-xs text-slate-600">
                        {plural(rejectedRows, 'row', 'rows')} as the file has {rejectedRows === 1 ? 'it' : 'them'}, with a last column saying what is wrong.
                      </p>
                    </div>
                  )}
                </ImportReportView>
              )}
            </>
          )}
        </div>
        <ImportHelp kind={kind} />
      </div>
    </section>
  );
}

function ColumnRow({
  kind,
  label,
  position,
  value,
  disabled,
  onChange,
}: {
  kind: ImportKind;
  label: string;
  position: number;
  value: ColumnChoice;
  disabled: boolean;
  onChange: (choice: ColumnChoice) => void;
}) {
  const id = useId();
  return (
    <li className="grid grid-cols-1 gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_18rem] sm:items-center sm:gap-4">
      <div className="min-w-0">
        <Label htmlFor={id} className="[overflow-wrap:anywhere]">
          {label}
        </Label>
        <p className="text-xs text-slate-600">Column {position}</p>
      </div>
      <Select value={value} disabled={disabled} onValueChange={(choice) => onChange(choice as ColumnChoice)}>
        <SelectTrigger id={id} className={value === 'ignore' ? 'text-slate-600' : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="ignore">{LEAVE_OUT}</SelectItem>
          {kind.fields.map((field) => (
            <SelectItem key={field} value={field}>
              {kind.fieldLabel(field)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </li>
  );
}
