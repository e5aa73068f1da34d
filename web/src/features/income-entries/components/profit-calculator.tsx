import type { AgentSummary } from '@contract/agents';
import {
  calculateProfits,
  calculateRow,
  NO_PROFIT_ENTRIES_MESSAGE,
  PERCENTAGE_MAX,
  PERCENTAGE_MIN,
  PERCENTAGE_STEP,
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

/** The weekly amount in an entry's description, as the screens write money: "$1,500", "1.500 €". */
const writeMoney = (cents: bigint) => formatThreshold(centsToMoneyString(cents));

interface RowValues {
  weeklyAmount: string;
  percentage: string;
}

const DEFAULT_ROW: RowValues = { weeklyAmount: '', percentage: '0' };

/** docs/product.md §11.10: what the Submission Failed toast says for a failed call. */
export function submissionFailureMessage(error: unknown): string {
  const status = error instanceof ApiError ? error.status : undefined;
  const message = error instanceof Error ? error.message : '';
  if (status === 401 || (status === undefined && message.includes('401'))) {
    return 'Authentication required. Please refresh the page and try again.';
  }
  if (status === 400 || (status === undefined && message.includes('400'))) {
    return 'Invalid data format. Please check your entries and try again.';
  }
  if (status === 500 || (status === undefined && message.includes('500'))) return 'Server error. Please try again in a moment.';
  return errorMessage(error, 'Failed to submit profit calculations');
}

/** Rows per page of the calculator. Amounts typed on any page are kept, totalled and submitted together. */
export const CALCULATOR_PAGE_SIZE = 25;

export function ProfitCalculator() {
  const { search, setSearch, query, typing, offset, setOffset } = usePagedSearch();
  const agents = useAgentsPage({ offset, limit: CALCULATOR_PAGE_SIZE, search: query });
  return (
    <section aria-labelledby="calculator-heading" aria-busy={agents.isFetching || typing} className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="calculator-heading"
        title="Profit Calculator"
        description="Enter each agent's weekly amount and percentage. A negative amount is recorded as a deduction as is."
      />
      <AgentsPageView agents={agents} query={query} emptyDescription="Add agents to calculate their weekly profit." emptyClassName="p-3 pt-4 sm:p-6">
        {(page) => (
          <CalculatorTable
            agents={page.agents}
            controls={
              <SearchField label="Find an agent" value={search} onChange={setSearch} />
            }
            pager={
              <Pager
                label="Calculator pages"
                offset={offset}
                limit={CALCULATOR_PAGE_SIZE}
                total={page.total}
                onChange={setOffset}
                disabled={agents.isFetching}
              />
            }
            emptyMessage={`No agent's name or email contains "${query}".`}
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
  // Every row typed into, on any page, by agent id; names are kept to say which rows need fixing.
  const [values, setValues] = useState<Record<number, RowValues>>({});
  const [names, setNames] = useState<Record<number, string>>({});
  const submit = useSubmitCalculatedEntries();
  const rowValues = (agentId: number) => values[agentId] ?? DEFAULT_ROW;
  const result = calculateProfits(Object.entries(values).map(([agentId, row]) => ({ agentId: Number(agentId), ...row })), writeMoney);
  const invalid = result.rows.filter((row) => row.weeklyAmountError || row.percentageError).map((row) => names[row.agentId] ?? `#${row.agentId}`);

  const setField = (agent: AgentSummary, field: keyof RowValues, value: string) => {
    setNames((current) => (current[agent.id] === agent.name ? current : { ...current, [agent.id]: agent.name }));
    setValues((current) => ({ ...current, [agent.id]: { ...(current[agent.id] ?? DEFAULT_ROW), [field]: value } }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (result.entries.length === 0) {
      toast({ title: 'Error', description: NO_PROFIT_ENTRIES_MESSAGE, variant: 'destructive' });
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
      toast({ title: 'Success', description: `Added ${entries.length} profit entries successfully`, variant: 'success' });
      return;
    }
    const partly = recorded.size > 0 ? ` ${recorded.size} of ${entries.length} entries were added; the rows still filled in were not.` : '';
    toast({ title: 'Submission Failed', description: submissionFailureMessage(outcome.failures[0]) + partly, variant: 'destructive' });
  };

  const blocked = result.totalCents === 0n || result.hasErrors || submit.isPending;

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4 p-3 pt-4 sm:p-6">
          {controls}
          {agents.length === 0 ? (
            <EmptyState icon={SearchX} title="No matching agents" description={emptyMessage} />
          ) : (
            <div>
              <div
                aria-hidden="true"
                className="hidden grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)] gap-4 border-b border-slate-200 px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-600 md:grid"
              >
                <span>Agent</span>
                <span>Weekly amount ({currencySymbol()})</span>
                <span>Percentage (%)</span>
                <span className="text-right">Profit</span>
              </div>
              <ul className="divide-y divide-slate-100">
                {agents.map((agent) => (
                  <CalculatorRowItem
                    key={agent.id}
                    agent={agent}
                    values={rowValues(agent.id)}
                    row={calculateRow({ agentId: agent.id, ...rowValues(agent.id) }, writeMoney)}
                    disabled={submit.isPending}
                    onChange={(field, value) => setField(agent, field, value)}
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
              <span className="font-medium text-slate-700">Total: </span>
              <output
                aria-live="polite"
                className={cn('font-bold tabular-nums', result.totalCents < 0n ? 'text-red-700' : 'text-slate-900')}
              >
                {formatCents(result.totalCents)}
              </output>
            </p>
            <p className="text-sm text-slate-600">
              {result.entries.length === 1 ? '1 entry to submit' : `${formatCount(result.entries.length)} entries to submit`}
            </p>
            {invalid.length > 0 && (
              <p className="text-sm font-medium text-red-700">Check the rows of: {invalid.join(', ')}</p>
            )}
          </div>
          <Button type="submit" disabled={blocked} className="w-full sm:w-auto">
            {submit.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
            {submit.isPending ? 'Submitting...' : 'Submit Profit Entries'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

interface CalculatorRowItemProps {
  agent: AgentSummary;
  values: RowValues;
  row: CalculatorRow;
  disabled: boolean;
  onChange: (field: keyof RowValues, value: string) => void;
}

function CalculatorRowItem({ agent, values, row, disabled, onChange }: CalculatorRowItemProps) {
  const amountId = `calc-amount-${agent.id}`;
  const percentageId = `calc-percentage-${agent.id}`;
  return (
    <li className="grid grid-cols-2 items-start gap-x-3 gap-y-2 px-1 py-3 sm:gap-x-4 sm:px-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <div className="col-span-2 min-w-0 md:col-span-1 md:self-center">
        <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{agent.name}</p>
        <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">{agent.position}</p>
      </div>
      <div className="grid gap-1">
        <label htmlFor={amountId} className="text-xs font-medium text-slate-700 md:sr-only">
          Weekly amount<span className="sr-only"> for {agent.name}</span> ({currencySymbol()})
        </label>
        <Input
          id={amountId}
          type="number"
          step={WEEKLY_AMOUNT_STEP}
          inputMode="decimal"
          placeholder="0.00"
          value={values.weeklyAmount}
          onChange={(event) => onChange('weeklyAmount', event.target.value)}
          aria-invalid={row.weeklyAmountError ? true : undefined}
          aria-describedby={row.weeklyAmountError ? `${amountId}-error` : undefined}
          disabled={disabled}
        />
        {row.weeklyAmountError && (
          <p id={`${amountId}-error`} className="text-xs font-medium text-red-700">
            {row.weeklyAmountError}
          </p>
        )}
      </div>
      <div className="grid gap-1">
        <label htmlFor={percentageId} className="text-xs font-medium text-slate-700 md:sr-only">
          Percentage<span className="sr-only"> for {agent.name}</span> (%)
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
          aria-invalid={row.percentageError ? true : undefined}
          aria-describedby={row.percentageError ? `${percentageId}-error` : undefined}
          disabled={disabled}
        />
        {row.percentageError && (
          <p id={`${percentageId}-error`} className="text-xs font-medium text-red-700">
            {row.percentageError}
          </p>
        )}
      </div>
      <p className="col-span-2 flex items-center justify-between gap-2 md:col-span-1 md:block md:self-center md:text-right">
        <span className="text-xs font-medium text-slate-700 md:sr-only">
          Profit<span className="sr-only"> for {agent.name}</span>
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
    </li>
  );
}
