import { useMutation } from '@tanstack/react-query';
import type { VoidedIncomeEntry, VoidIncomeEntryInput } from '@contract/income-entries';
import { apiJson } from '../../../lib/api-client';
import { useInvalidateIncomeViews } from './create-income-entry';

/**
 * Voids an entry (docs/product.md §12.11): the server writes its reversal and marks it voided; totals, periods and
 * tiers follow, so the same views as a new entry are read again.
 */
export function voidIncomeEntry({ entryId, input }: { entryId: number; input: VoidIncomeEntryInput }) {
  return apiJson<VoidedIncomeEntry>('POST', `/api/income-entries/${entryId}/void`, input);
}

export function useVoidIncomeEntry() {
  const invalidate = useInvalidateIncomeViews();
  return useMutation({ mutationFn: voidIncomeEntry, onSuccess: invalidate });
}
