import { useMutation } from '@tanstack/react-query';
import type { VoidedIncomeEntry, VoidIncomeEntryInput } from '@contract/income-entries';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfterEntry } from './create-income-entry';

/**
 * Voids an entry (docs/product.md §12.11): the server writes its reversal and marks it voided; totals, periods and
 * tiers follow, so what an entry.voided event changes is read again.
 */
export function voidIncomeEntry({ entryId, input }: { entryId: number; input: VoidIncomeEntryInput }) {
  return apiJson<VoidedIncomeEntry>('POST', `/api/income-entries/${entryId}/void`, input);
}

export function useVoidIncomeEntry() {
  const refresh = useRefreshAfterEntry('entry.voided');
  return useMutation({ mutationFn: voidIncomeEntry, onSuccess: (voided) => refresh(voided.entry) });
}
