import type { AgentSummary } from '@contract/agents';
import {
  calculateProfits,
  calculateRow,
  formatPercentage,
  parsePercentage,
  PERCENTAGE_MAX,
  PERCENTAGE_MIN,
  PERCENTAGE_STEP,
  percentageToDecimalString,
  WEEKLY_AMOUNT_STEP,
  type CalculatorRow,
} from '@contract/calculator';
import { Loader2, SearchX, Send } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { AgentsPageView } from '../../../components/agents/agents-page-view';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardFooter } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { SearchField } from '../../../components/ui/search-field';
import { SectionHeading } from '../../../components/ui/section-heading';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { centsToMoneyString } from '@contract/cents';
import { currencySymbol, formatCents, formatCount, formatThreshold } from '../../../lib/format';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { useAgentsPage } from '../../../lib/agents-page';
import { useSubmitCalculatedEntries } from '../api/create-income-entry';
import { useCalculatorPercentages, useSaveCalculatorPercentage } from '../api/calculator-percentages';
import { translate, useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { profitFormula } from './profit-formula';

/** The weekly amount in an entry's description, as the screens write money: "$1,500", "1.500 €". */
const writeMoney = (cents: bigint) => formatThreshold(centsToMoneyString(cents));

interface RowValues {
  weeklyAmount: string;
  percentage: string;
}

const DEFAULT_ROW: RowValues = { weeklyAmount: '', percentage: '0' };

/** Where saving a row's percentage stands: shown under its field until the owner types in it again. */
type SaveState = { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/** A saved percentage ("12.50") as the field shows it ("12.5"). */
const percentageFieldText = (saved: string | undefined) => {
  const parsed = saved === undefined ? null : parsePercentage(saved);
  return parsed ? formatPercentage(parsed) : DEFAULT_ROW.percentage;
};

/** docs/product.md §11.10: what the Submission Failed toast says for a failed call. */
export function submissionFailureMessage(error: unknown): string {
  const status = error instanceof ApiError ? error.status : undefined;
  const message = error instanceof Error ? error.message : '';
  if (status === 401 || (status === undefined && message.includes('401'))) {
    return translate(messages, 'authenticationRequired');
  }
  if (status === 400 || (status === undefined && message.includes('400'))) {
    return translate(messages, 'invalidData');
  }
  if (status === 500 || (status === undefined && message.includes('500'))) return translate(messages, 'serverError');
  return errorMessage(error, translate(messages, 'submitFailed'));
}

/** Rows per page of the calculator. Amounts typed on any page are kept, totalled and submitted together. */
export const CALCULATOR_PAGE_SIZE = 25;

export function ProfitCalculator() {
  const t = useT(messages);
  const { search, setSearch, query, typing, offset, setOffset } = usePagedSearch();
  const agents = useAgentsPage({ offset, limit: CALCULATOR_PAGE_SIZE, search: query });
  return (
    <section aria-labelledby="calculator-heading" aria-busy={agents.isFetching || typing} className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="calculator-heading"
        title={t('calculatorTitle')}
        description={t('calculatorDescription')}
      />
      <AgentsPageView agents={agents} query={query} emptyDescription={t('noAgentsDescription')} emptyClassName="p-3 pt-4 sm:p-6">
        {(page) => (
          <CalculatorTable
            agents={page.agents}
            controls={
              <SearchField label={t('findAgent')} value={search} onChange={setSearch} />
            }
            pager={
              <Pager
                label={t('calculatorPages')}
                offset={offset}
                limit={CALCULATOR_PAGE_SIZE}
                total={page.total}
                onChange={setOffset}
                disabled={agents.isFetching}
              />
            }
            emptyMessage={t('noMatchDescription', { query })}
          />
        )}
      </AgentsPageView>
    </section>
  );
}

interface CalculatorTableProps {
  /** The agents on this page. */
  agents: AgentSummary[];
  controls: ReactNode;
  pager: ReactNode;
  emptyMessage: string;
}

function CalculatorTable({ agents, controls, pager, emptyMessage }: CalculatorTableProps) {
  const t = useT(messages);
  // Every row typed into, on any page, by agent id; names are kept to say which rows need fixing. A row not typed
  // into shows its saved percentage (0 when it has none).
  const [values, setValues] = useState<Record<number, RowValues>>({});
  const [names, setNames] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState<Record<number, SaveState>>({});
  const submit = useSubmitCalculatedEntries();
  const saved = useCalculatorPercentages(agents.map((agent) => agent.id));
  const savePercentage = useSaveCalculatorPercentage();
  // Until the saved percentages are read, a row typed into would start from 0 rather than from its own.
  const waiting = saved.isPending || saved.isError;
  const rowValues = (agentId: number): RowValues =>
    values[agentId] ?? { ...DEFAULT_ROW, percentage: percentageFieldText(saved.data?.get(agentId)) };
  const result = calculateProfits(Object.entries(values).map(([agentId, row]) => ({ agentId: Number(agentId), ...row })), writeMoney);
  const invalid = result.rows.filter((row) => row.weeklyAmountError || row.percentageError).map((row) => names[row.agentId] ?? `#${row.agentId}`);

  const setField = (agent: AgentSummary, field: keyof RowValues, value: string) => {
    setNames((current) => (current[agent.id] === agent.name ? current : { ...current, [agent.id]: agent.name }));
    setValues((current) => ({ ...current, [agent.id]: { ...(current[agent.id] ?? rowValues(agent.id)), [field]: value } }));
    if (field === 'percentage') setSaving(({ [agent.id]: _typedAgain, ...others }) => others);
  };

  // Leaving a percentage field saves it when it is valid and differs from what is saved; a bad one is only shown.
  const saveRowPercentage = async (agentId: number) => {
    const typed = values[agentId]?.percentage;
    const percentage = typed === undefined ? null : parsePercentage(typed);
    if (percentage === null) return;
    const wire = percentageToDecimalString(percentage);
    if (wire === (saved.data?.get(agentId) ?? percentageToDecimalString({ units: 0n, scale: 1n }))) return;
    setSaving((current) => ({ ...current, [agentId]: { kind: 'saving' } }));
    try {
      await savePercentage.mutateAsync({ agentId, percentage: wire });
      setSaving((current) => ({ ...current, [agentId]: { kind: 'saved' } }));
    } catch (error) {
      setSaving((current) => ({ ...current, [agentId]: { kind: 'failed', message: t('notSaved', { reason: errorMessage(error, t('percentageNotSaved')) }) } }));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (result.entries.length === 0) {
      toast({ title: t('error'), description: t('noProfitEntries'), variant: 'destructive' });
      return;
    }
    const date = new Date().toISOString();
    const entries = result.entries.map((entry) => ({ ...entry, date }));
    const outcome = await submit.mutateAsync(entries);
    // Rows that were recorded are cleared (percentages stay: they rarely change from week to week), so
    // submitting again after a partial failure never records an entry twice.
    const recorded = new Set(outcome.recorded);
    setValues((current) =>
      Object.fromEntries(
        Object.entries(current).map(([agentId, row]) => [agentId, recorded.has(Number(agentId)) ? { ...row, weeklyAmount: DEFAULT_ROW.weeklyAmount } : row]),
      ),
    );
    if (outcome.failures.length === 0) {
      toast({ title: t('success'), description: t('entriesAdded', { count: entries.length }), variant: 'success' });
      return;
    }
    const partly = recorded.size > 0 ? ` ${t('partlyAdded', { recorded: formatCount(recorded.size), total: entries.length })}` : '';
    toast({ title: t('submissionFailed'), description: submissionFailureMessage(outcome.failures[0]) + partly, variant: 'destructive' });
  };

  const blocked = result.totalCents === 0n || result.hasErrors || submit.isPending;

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4 p-3 pt-4 sm:p-6">
          {controls}
          {saved.isError && (
            <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <span>{t('percentagesLoadFailed', { reason: errorMessage(saved.error, t('pleaseTryAgain')) })}</span>
              <Button type="button" variant="outline" size="sm" onClick={() => void saved.refetch()}>
                {t('retry')}
              </Button>
            </div>
          )}
          {agents.length === 0 ? (
            <EmptyState icon={SearchX} title={t('noMatchingAgents')} description={emptyMessage} />
          ) : (
            <div>
              <div
                aria-hidden="true"
                className="hidden grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)] gap-4 border-b border-slate-200 px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-600 md:grid"
              >
                <span>{t('agent')}</span>
                <span>{t('weeklyAmountColumn', { currency: currencySymbol() })}</span>
                <span>{t('percentageColumn')}</span>
                <span className="text-right">{t('profit')}</span>
              </div>
              <ul className="divide-y divide-slate-100">
                {agents.map((agent) => (
                  <CalculatorRowItem
                    key={agent.id}
                    agent={agent}
                    values={rowValues(agent.id)}
                    row={calculateRow({ agentId: agent.id, ...rowValues(agent.id) }, writeMoney)}
                    saveState={saving[agent.id]}
                    disabled={submit.isPending || waiting}
                    onChange={(field, value) => setField(agent, field, value)}
                    onPercentageBlur={() => void saveRowPercentage(agent.id)}
                  />
                ))}
              </ul>
            </div>
          )}
          {pager}
        </CardContent>
        <CardFooter className="flex-wrap justify-between gap-4 border-t border-slate-200 p-4 sm:p-6">
          <div className="grid gap-1">
            <p className="text-lg">
              <span className="font-medium text-slate-700">{t('total')} </span>
              <output
                aria-live="polite"
                className={cn('font-bold tabular-nums', result.totalCents < 0n ? 'text-red-700' : 'text-slate-900')}
              >
                {formatCents(result.totalCents)}
              </output>
            </p>
            <p className="text-sm text-slate-600">
              {t('entriesToSubmit', { count: result.entries.length })}
            </p>
            {invalid.length > 0 && (
              <p className="text-sm font-medium text-red-700">{t('checkRows', { names: invalid.join(', ') })}</p>
            )}
            <FormulaExplanation />
          </div>
          <Button type="submit" disabled={blocked} className="w-full sm:w-auto">
            {submit.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
            {submit.isPending ? t('submitting') : t('submitEntries')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/** docs/product.md §8.3 in plain words, beside the total: what the numbers above are and how each was worked out. */
function FormulaExplanation() {
  const t = useT(messages);
  return (
    <div className="mt-2 max-w-prose text-sm text-slate-600">
      <h3 className="font-medium text-slate-700">{t('howWorkedOut')}</h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        <li>{t('formulaProfit')}</li>
        <li>{t('formulaWeekly')}</li>
        <li>{t('formulaDeduction')}</li>
        <li>{t('formulaTotal')}</li>
      </ul>
    </div>
  );
}

interface CalculatorRowItemProps {
  agent: AgentSummary;
  values: RowValues;
  row: CalculatorRow;
  saveState: SaveState | undefined;
  disabled: boolean;
  onChange: (field: keyof RowValues, value: string) => void;
  onPercentageBlur: () => void;
}

function CalculatorRowItem({ agent, values, row, saveState, disabled, onChange, onPercentageBlur }: CalculatorRowItemProps) {
  const t = useT(messages);
  const amountId = `calc-amount-${agent.id}`;
  const percentageId = `calc-percentage-${agent.id}`;
  // The field says so whenever its value is bad (nothing is saved), even where the row's profit does not need it. The
  // row's errors are the contract's (calculateRow: always these two), said in the language shown.
  const badPercentage = row.percentageError !== undefined || parsePercentage(values.percentage) === null;
  const percentageError = badPercentage ? t('percentageError', { min: formatCount(PERCENTAGE_MIN), max: formatCount(PERCENTAGE_MAX) }) : undefined;
  const weeklyAmountError = row.weeklyAmountError === undefined ? undefined : t('weeklyAmountError');
  const percentageNote = percentageError ? undefined : saveState;
  const formula = profitFormula(values.weeklyAmount, values.percentage);
  return (
    <li className="grid grid-cols-2 items-start gap-x-3 gap-y-2 px-1 py-3 sm:gap-x-4 sm:px-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <div className="col-span-2 min-w-0 md:col-span-1 md:self-center">
        <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{agent.name}</p>
        <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">{agent.position}</p>
      </div>
      <div className="grid gap-1">
        <label htmlFor={amountId} className="text-xs font-medium text-slate-700 md:sr-only">
          {t('weeklyAmount')}
          <span className="sr-only"> {t('forAgent', { name: agent.name })}</span> ({currencySymbol()})
        </label>
        <Input
          id={amountId}
          type="number"
          step={WEEKLY_AMOUNT_STEP}
          inputMode="decimal"
          placeholder="0.00"
          value={values.weeklyAmount}
          onChange={(event) => onChange('weeklyAmount', event.target.value)}
          aria-invalid={weeklyAmountError ? true : undefined}
          aria-describedby={weeklyAmountError ? `${amountId}-error` : undefined}
          disabled={disabled}
        />
        {weeklyAmountError && (
          <p id={`${amountId}-error`} className="text-xs font-medium text-red-700">
            {weeklyAmountError}
          </p>
        )}
      </div>
      <div className="grid gap-1">
        <label htmlFor={percentageId} className="text-xs font-medium text-slate-700 md:sr-only">
          {t('percentage')}
          <span className="sr-only"> {t('forAgent', { name: agent.name })}</span> (%)
        </label>
        <Input
          id={percentageId}
          type="number"
          min={PERCENTAGE_MIN}
          max={PERCENTAGE_MAX}
          step={PERCENTAGE_STEP}
          inputMode="decimal"
          value={values.percentage}
          onChange={(event) => onChange('percentage', event.target.value)}
          onBlur={onPercentageBlur}
          aria-invalid={percentageError || percentageNote?.kind === 'failed' ? true : undefined}
          aria-describedby={percentageError || percentageNote ? `${percentageId}-note` : undefined}
          disabled={disabled}
        />
        <p
          id={`${percentageId}-note`}
          aria-live="polite"
          className={cn('text-xs', percentageError || percentageNote?.kind === 'failed' ? 'font-medium text-red-700' : 'text-slate-600')}
        >
          {percentageError ??
            (percentageNote?.kind === 'saving' ? t('saving') : percentageNote?.kind === 'saved' ? t('saved') : percentageNote?.kind === 'failed' ? percentageNote.message : null)}
        </p>
      </div>
      <p className="col-span-2 flex items-center justify-between gap-2 md:col-span-1 md:block md:self-center md:text-right">
        <span className="text-xs font-medium text-slate-700 md:sr-only">
          {t('profit')}
          <span className="sr-only"> {t('forAgent', { name: agent.name })}</span>
        </span>{' '}
        <span
          className={cn(
            'font-semibold tabular-nums',
            row.profitCents < 0n ? 'text-red-700' : row.profitCents > 0n ? 'text-emerald-700' : 'text-slate-600',
          )}
        >
          {formatCents(row.profitCents)}
        </span>
      </p>
      {formula && (
        <p className="col-span-2 text-xs text-slate-600 tabular-nums [overflow-wrap:anywhere] md:col-span-4 md:text-right">
          <span className="sr-only">{t('profitForAgent', { name: agent.name })} </span>
          {formula}
        </p>
      )}
    </li>
  );
}
