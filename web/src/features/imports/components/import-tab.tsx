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
import { columnLabel, fileChangedMessage, guessColumns, mappingProblems, prepareFile, readChosenFile, readCsvHeader, type CsvHeader } from './csv-header';
import { ImportHelp } from './import-help';
import { ENTRY_IMPORT, IMPORT_KINDS, type ColumnChoice, type ImportKind } from './import-kinds';
import { ImportReportView } from './import-report';
import { rejectedFileName, rejectedRowsCsv } from './rejected-rows-csv';
import { orgLocale } from '../../../lib/format';
import { translate, useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

const DATE_FORMAT_LABELS = {
  [IMPORT_DATE_AUTO]: 'dateGuess',
  'YYYY-MM-DD': 'dateIso',
  'MM/DD/YYYY': 'dateUs',
  'DD/MM/YYYY': 'dateUk',
  'DD.MM.YYYY': 'dateEurope',
} as const satisfies Record<ImportDateChoice, keyof typeof messages.en>;

const DATE_CHOICES: readonly ImportDateChoice[] = [IMPORT_DATE_AUTO, ...IMPORT_DATE_FORMATS];

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
  if (bytes < 1024) return translate(messages, 'sizeBytes', { count: bytes });
  // One decimal, as toFixed(1) writes it, with the reader's decimal separator.
  const size = (value: number) => new Intl.NumberFormat(orgLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(value);
  if (bytes < 1024 * 1024) return translate(messages, 'sizeKb', { size: size(bytes / 1024) });
  return translate(messages, 'sizeMb', { size: size(bytes / 1024 / 1024) });
}

/**
 * Owner only (docs/product.md §12.9): income entries or agents from a CSV file. The file is checked first (a dry
 * run lists every error by row); a file with no error can be imported, all its rows at once. Entries with errors in some
 * rows: the valid rows can be imported on their own, and the rejected ones downloaded to fix (docs/decisions/0080).
 */
export function ImportTab() {
  const t = useT(messages);
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
      setFileError(t('fileTooBig', { name: file.name, size: formatSize(file.size) }));
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
      setFileError(errorMessage(error, t('fileUnreadable')));
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
      fileChanged(errorMessage(error, fileChangedMessage()));
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
          const left = report.skipped ? t('leftOutSuffix', { count: report.skipped }) : '';
          toast({ title: t('success'), description: `${t('importedCount', { kind: sentKind.id, count: report.created })}${left}`, variant: 'success' });
        }
      },
      onError: (error: Error) => {
        const report = rejectedReport(error, sentKind === ENTRY_IMPORT ? importReport : agentImportReport);
        const message = errorMessage(error, dryRun ? t('checkFailed') : t('importFailed'));
        setOutcome({ ...sent, report, error: message });
        if (!dryRun) toast({ title: t('error'), description: message, variant: 'destructive' });
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
      toast({ title: t('error'), description: errorMessage(error, t('rejectedWriteFailed')), variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="import-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="import-heading"
        title={t('importTitle')}
        description={t('importDescription')}
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="grid grid-cols-1 min-w-0 gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>{t('chooseFile')}</CardTitle>
              <CardDescription>{t('chooseFileDescription')}</CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-2">
              <fieldset className="mb-3 grid grid-cols-1 gap-2" aria-describedby={`${kindId}-hint`}>
                <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('fileHolds')}</legend>
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
                  {t('kindChangeHint')}
                </p>
              </fieldset>
              <Label htmlFor={fileInputId}>{t('csvFile')}</Label>
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
                  {t('fileFacts', {
                    size: formatSize(chosen.file.size),
                    count: chosen.header.names.length,
                    delimiter: chosen.header.delimiter === ';' ? 'semicolon' : 'comma',
                  })}
                </p>
              )}
            </CardContent>
          </Card>

          {chosen && (
            <Card>
              <CardHeader>
                <CardTitle id={`${fileInputId}-mapping`}>{t('matchColumns')}</CardTitle>
                <CardDescription>{t('matchDescription')}</CardDescription>
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
                    <AlertTitle>{t('columnsNeedChange')}</AlertTitle>
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
                    <Label htmlFor={`${fileInputId}-date-format`}>{t('dateFormat')}</Label>
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
                            {t(DATE_FORMAT_LABELS[format])}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <p id={`${fileInputId}-date-format-hint`} className="text-xs text-slate-600">
                      {dateFormat === IMPORT_DATE_AUTO ? t('dateGuessHint') : t('dateFixedHint')}
                    </p>
                  </div>
                )}
              </CardContent>
            </Card>
          )}

          {chosen && (
            <Card>
              <CardHeader>
                <CardTitle>{t('checkAndImport')}</CardTitle>
                <CardDescription>{t('checkDescription')}</CardDescription>
              </CardHeader>
              <CardContent className="grid grid-cols-1 gap-4">
                <div className="flex flex-wrap gap-2">
                  <Button variant={canImport || canImportValid ? 'outline' : 'default'} disabled={busy || problems.length > 0} onClick={() => void send(true)}>
                    <FileSearch aria-hidden="true" />
                    {t('checkFile')}
                  </Button>
                  <Button variant={canImportValid ? 'outline' : 'default'} disabled={!canImport} onClick={() => void send(false)}>
                    <Upload aria-hidden="true" />
                    {report?.dryRun && report.errorCount === 0 ? t('importCount', { kind: kind.id, count: toImport }) : t('importKind', { kind: kind.id })}
                  </Button>
                  {canImportValid && (
                    <Button onClick={() => void send(false, 'valid-rows')}>
                      <ListChecks aria-hidden="true" />
                      {t('importValidRows', { count: toImport })}
                    </Button>
                  )}
                </div>
                <div role="status" aria-live="polite" className="grid grid-cols-1 gap-2 text-sm text-slate-700">
                  {phase.step === 'uploading' && (
                    <>
                      <span>{t('uploading', { percent: Math.round(phase.fraction * 100) })}</span>
                      <Progress value={phase.fraction * 100} aria-label={t('uploadProgress')} />
                    </>
                  )}
                  {phase.step === 'working' && (
                    <>
                      <span>{phase.dryRun ? t('checkingNow') : t('importingNow')}</span>
                      <Progress value={100} aria-label={phase.dryRun ? t('checking') : t('importing')} indicatorClassName="animate-pulse" />
                    </>
                  )}
                  {!busy && report?.dryRun && report.errorCount === 0 && (
                    <span>
                      {toImport > 0 ? t('readyToImport', { kind: kind.id, count: toImport }) : t('nothingToImport')}
                    </span>
                  )}
                  {!busy && report?.dryRun && report.errorCount > 0 && (
                    <span>
                      {canImportValid
                        ? t('errorsFoundOrImport', { errors: report.errorCount, rows: rejectedRows, valid: toImport })
                        : t('errorsFound', { errors: report.errorCount, rows: rejectedRows })}
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
                    {outcome.report ? t('nothingImported') : t('fileRefused')}
                  </AlertTitle>
                  <AlertDescription>{outcome.error}</AlertDescription>
                </Alert>
              )}
              {report && !report.dryRun && !outcome.error && (
                <Alert variant="success">
                  <CheckCircle2 aria-hidden="true" />
                  <AlertTitle>{t('importedCount', { kind: outcome.kind.id, count: report.created })}</AlertTitle>
                  <AlertDescription>
                    {report.skipped ? `${t('rowsLeftOut', { count: report.skipped })} ` : ''}
                    {outcome.kind === ENTRY_IMPORT ? t('entriesIncluded') : t('agentsAdded')}
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
                        {t('downloadRejected')}
                      </Button>
                      <p className="mt-1.5 text-xs text-slate-600">
                        {t('rejectedHint', { count: rejectedRows })}
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
  const t = useT(messages);
  const id = useId();
  return (
    <li className="grid grid-cols-1 gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_18rem] sm:items-center sm:gap-4">
      <div className="min-w-0">
        <Label htmlFor={id} className="[overflow-wrap:anywhere]">
          {label}
        </Label>
        <p className="text-xs text-slate-600">{t('columnNumber', { position })}</p>
      </div>
      <Select value={value} disabled={disabled} onValueChange={(choice) => onChange(choice as ColumnChoice)}>
        <SelectTrigger id={id} className={value === 'ignore' ? 'text-slate-600' : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="ignore">{t('leaveOut')}</SelectItem>
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
