import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateIncomeEntryInput, IncomeEntry } from '@contract/income-entries';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function createIncomeEntry(input: CreateIncomeEntryInput) {
  return apiJson<IncomeEntry>('POST', '/api/income-entries', input);
}

/**
 * An entry changes totals, periods and achievements: the dashboard and its charts, the leaderboard, the agent list and
 * the agent's page are refreshed.
 */
export function useInvalidateIncomeViews() {
  const queryClient = useQueryClient();
  const views = [
    queryKeys.ownerDashboard,
    queryKeys.leaderboard,
    queryKeys.agents,
    queryKeys.ownerTrends,
    queryKeys.ownerTierDistribution,
    queryKeys.agentDetail,
    queryKeys.agentHistory,
    queryKeys.incomeEntries,
  ];
  return () => Promise.all(views.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreateIncomeEntry() {
  const invalidate = useInvalidateIncomeViews();
  return useMutation({ mutationFn: createIncomeEntry, onSuccess: invalidate });
}

export interface CalculatedEntriesOutcome {
  /** Agents whose entry was recorded. */
  recorded: number[];
  /** The errors of the calls that failed. */
  failures: unknown[];
}

/**
 * The profit calculator: one POST per entry, all in parallel (docs/product.md §11.10). Every call is awaited, so the
 * screen knows which rows were recorded even when some failed.
 */
export function useSubmitCalculatedEntries() {
  const invalidate = useInvalidateIncomeViews();
  return useMutation({
    mutationFn: async (entries: (CreateIncomeEntryInput & { agentId: number })[]): Promise<CalculatedEntriesOutcome> => {
      const results = await Promise.allSettled(entries.map(createIncomeEntry));
      return {
        recorded: entries.filter((_, i) => results[i]?.status === 'fulfilled').map((entry) => entry.agentId),
        failures: results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : [])),
      };
    },
    onSuccess: invalidate,
  });
}
