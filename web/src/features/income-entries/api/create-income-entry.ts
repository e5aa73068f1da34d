import { useMutation } from '@tanstack/react-query';
import type { CreateIncomeEntryInput, IncomeEntry } from '@contract/income-entries';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

export function createIncomeEntry(input: CreateIncomeEntryInput) {
  return apiJson<IncomeEntry>('POST', '/api/income-entries', input);
}

/**
 * An entry changes totals, periods and achievements, and moves the boards: what those events change is read again
 * (lib/refresh-map.ts).
 */
export function useRefreshAfterEntry(kind: 'entry.created' | 'entry.voided') {
  const refreshAfter = useRefreshAfter();
  return (entry: { agentId: number } | undefined) => refreshAfter([kind, 'tier.reached', 'leaderboard.changed'], { agentId: entry?.agentId });
}

export function useCreateIncomeEntry() {
  const refresh = useRefreshAfterEntry('entry.created');
  return useMutation({ mutationFn: createIncomeEntry, onSuccess: (entry) => refresh(entry) });
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
  const refresh = useRefreshAfterEntry('entry.created');
  return useMutation({
    mutationFn: async (entries: (CreateIncomeEntryInput & { agentId: number })[]): Promise<CalculatedEntriesOutcome> => {
      const results = await Promise.allSettled(entries.map(createIncomeEntry));
      return {
        recorded: entries.filter((_, i) => results[i]?.status === 'fulfilled').map((entry) => entry.agentId),
        failures: results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : [])),
      };
    },
    // Several agents' entries: every agent's reads.
    onSuccess: () => refresh(undefined),
  });
}
